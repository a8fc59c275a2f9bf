import { EventEmitter } from "node:events";
import type { TripEvent, TripEventInput } from "@tabi/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { trips } from "../db/schema";

const ALL = Symbol("all trips");

/**
 * Fans trip events out to the sockets subscribed to the trip. In-process in embedded mode; the
 * per-trip sequence number lives in the database, so a scaled bus (LISTEN/NOTIFY) keeps the same
 * contract and a client can tell what it missed.
 */
export class TripBus {
  private readonly emitter = new EventEmitter();
  constructor(private readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  private readonly queues = new Map<string, Promise<unknown>>();

  /**
   * Events of one trip are numbered and sent one after another: with a connection pool, two
   * concurrent publishes could otherwise reach sockets in the opposite order of their numbers.
   */
  publish(event: TripEventInput): Promise<TripEvent> {
    const previous = this.queues.get(event.tripId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.publishNow(event));
    this.queues.set(event.tripId, next);
    void next
      .finally(() => {
        if (this.queues.get(event.tripId) === next) this.queues.delete(event.tripId);
      })
      .catch(() => {});
    return next;
  }

  private async publishNow(event: TripEventInput): Promise<TripEvent> {
    const [row] = await this.db
      .update(trips)
      .set({ eventSeq: sql`${trips.eventSeq} + 1` })
      .where(eq(trips.id, event.tripId))
      .returning({ seq: trips.eventSeq });
    const full = { ...event, seq: row?.seq ?? 0 } as TripEvent;
    this.emitter.emit(event.tripId, full);
    this.emitter.emit(ALL, full);
    return full;
  }

  subscribe(tripId: string, listener: (event: TripEvent) => void): () => void {
    this.emitter.on(tripId, listener);
    return () => this.emitter.off(tripId, listener);
  }

  /** Every trip's events (the read caches drop what an event says has changed). */
  subscribeAll(listener: (event: TripEvent) => void): () => void {
    this.emitter.on(ALL, listener);
    return () => this.emitter.off(ALL, listener);
  }

  async currentSeq(tripId: string): Promise<number> {
    const [row] = await this.db.select({ seq: trips.eventSeq }).from(trips).where(eq(trips.id, tripId));
    return row?.seq ?? 0;
  }
}
