import { EventEmitter } from "node:events";
import type { TripEvent, TripEventInput } from "@tabi/contracts";
import { eq, sql } from "drizzle-orm";
import { compiled, rowsOfCompiled } from "../db/compiled";
import type { Database } from "../db/connect";
import { rowsOf } from "../db/json-rows";
import { trips } from "../db/schema";
import { type CacheClear, CHANNEL, NOTIFY_MAX_BYTES, PgNotifyListener, type TripSignal } from "./pg-notify";

export type { TripSignal };

const ALL = Symbol("all trips");
const CLEAR = Symbol("cache clears");
/** How many event numbers the embedded server takes from a trip's row at once. */
const SEQ_BLOCK = 100;
/** Events that only say "refetch this": two in a row say no more than one. */
const COALESCED = new Set<TripEventInput["type"]>(["places.changed", "members.changed", "bookings.changed"]);

/**
 * Fans trip events out to the sockets subscribed to the trip. In-process on PGlite; on PostgreSQL
 * every event is also sent with NOTIFY to the other server processes (pg-notify.ts). The per-trip
 * sequence number lives in the database, so a client can tell what it missed wherever it connects.
 */
// Numbered and announced in one statement, prepared once per connection (db/compiled.ts).
const NUMBER_AND_NOTIFY = compiled("bus.numberAndNotify", () => {
  const p = sql.placeholder;
  return sql`with next as (
      update ${trips} set event_seq = event_seq + 1 where id = ${p("tripId")}::uuid returning event_seq
    )
    select event_seq as seq, pg_notify(${CHANNEL}, json_build_object(
      'origin', ${p("origin")}::text,
      'event', ${p("event")}::jsonb || jsonb_build_object('seq', event_seq::float8)
    )::text) from next`;
});

export class TripBus {
  private readonly emitter = new EventEmitter();
  private readonly signals = new EventEmitter();
  private readonly listener: PgNotifyListener | null;
  private readonly db: Database["db"];

  constructor(database: Pick<Database, "db" | "pool">, onError: (err: Error) => void = () => {}) {
    this.emitter.setMaxListeners(0);
    this.signals.setMaxListeners(0);
    this.db = database.db;
    this.listener = database.pool
      ? new PgNotifyListener(
          database.pool.options,
          (event) => this.emit(event),
          (signal) => this.emitSignal(signal),
          (kind) => this.signals.emit(CLEAR, kind),
          onError,
        )
      : null;
  }

  /** This process's name on the shared channel; null in-process (PGlite: one process). */
  get origin(): string | null {
    return this.listener?.origin ?? null;
  }

  /** Starts hearing the other processes (scaled mode); nothing to do in-process. */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per trip: a "something changed" event waiting behind the one being sent (see `publish`). */
  private readonly waiting = new Map<string, Promise<TripEvent>>();

  /**
   * Events of one trip are numbered and sent one after another: with a connection pool, two
   * concurrent publishes could otherwise reach sockets in the opposite order of their numbers.
   */
  publish(event: TripEventInput): Promise<TripEvent> {
    // A burst of writes to one trip (ten members adding places) asks for one "places changed" each;
    // one sent after the last of them tells the clients the same thing, so an identical signal still
    // waiting in the trip's line is shared: one UPDATE and one NOTIFY per trip and burst, and
    // PostgreSQL is idle soon after the last answer (issue 28).
    const coalesce = COALESCED.has(event.type) ? `${event.tripId}\u0000${event.type}` : undefined;
    const already = coalesce ? this.waiting.get(coalesce) : undefined;
    if (already) return already;
    const previous = this.queues.get(event.tripId) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(() => {
        if (coalesce && this.waiting.get(coalesce) === next) this.waiting.delete(coalesce);
        return this.publishNow(event);
      });
    if (coalesce) this.waiting.set(coalesce, next);
    this.queues.set(event.tripId, next);
    void next
      .finally(() => {
        if (this.queues.get(event.tripId) === next) this.queues.delete(event.tripId);
      })
      .catch(() => {});
    return next;
  }

  private async publishNow(event: TripEventInput): Promise<TripEvent> {
    let seq: number;
    if (this.listener) {
      // Numbered and announced in one statement: the other processes hear it with its number. A chat
      // event too long for NOTIFY travels without its message there: those clients refetch it.
      const wire = fitsNotify(event) ? event : { ...event, message: undefined };
      const [row] = await rowsOfCompiled<{ seq: number }>(this.db, NUMBER_AND_NOTIFY, {
        tripId: event.tripId,
        origin: this.listener.origin,
        event: JSON.stringify(wire),
      });
      seq = Number(row?.seq ?? 0); // a bigint column comes back as text
    } else {
      seq = await this.numberInProcess(event.tripId);
    }
    const full = { ...event, seq } as TripEvent;
    this.emit(full);
    return full;
  }

  /** PGlite: the next numbers of each trip this process numbers (see `numberInProcess`). */
  private readonly numbers = new Map<string, { next: number; reserved: number }>();

  /**
   * PGlite: one process owns the data dir (db/lock.ts), so it numbers events in memory and takes the
   * numbers from the trip's row a block at a time, as PostgreSQL's sequences cache theirs. An UPDATE
   * per event was a third of an add's database time (issue 28). After a restart the numbers go on
   * from the end of the last block: clients see a gap, which they take as "refetch", as after any
   * reconnect.
   */
  private async numberInProcess(tripId: string): Promise<number> {
    const known = this.numbers.get(tripId);
    if (known && known.next <= known.reserved) return known.next++;
    this.numbers.delete(tripId);
    // Prepared once and run in one protocol step (db/pglite-prepared.ts).
    const [row] = await rowsOf<{ seq: number }>(
      this.db,
      sql`update ${trips} set event_seq = event_seq + ${sql.raw(String(SEQ_BLOCK))}
        where id = ${tripId}::uuid returning event_seq as seq`,
    );
    if (!row) return 0; // the trip is gone
    const reserved = Number(row.seq); // a bigint column comes back as text
    const numbers = { next: reserved - SEQ_BLOCK + 1, reserved };
    this.numbers.set(tripId, numbers);
    return numbers.next++;
  }

  /** Caches first (they drop what changed), then the sockets, whose clients refetch at once. */
  private emit(event: TripEvent) {
    this.emitter.emit(ALL, event);
    this.emitter.emit(event.tripId, event);
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

  /** Sends a signal to this trip's sockets on every process; not numbered, not kept. */
  async signal(signal: TripSignal): Promise<void> {
    this.emitSignal(signal);
    await this.listener?.signal(signal);
  }

  private emitSignal(signal: TripSignal) {
    this.signals.emit(ALL, signal);
    this.signals.emit(signal.tripId, signal);
  }

  onSignal(tripId: string, listener: (signal: TripSignal) => void): () => void {
    this.signals.on(tripId, listener);
    return () => this.signals.off(tripId, listener);
  }

  /** Every trip's signals (presence keeps the other processes' lists). */
  onAnySignal(listener: (signal: TripSignal) => void): () => void {
    this.signals.on(ALL, listener);
    return () => this.signals.off(ALL, listener);
  }

  /**
   * Tells the other processes to forget cached sign-ins (and reads): on the pool, not the listening
   * connection, so a notice is not lost while that one reconnects. Nothing to do in one process.
   */
  async clearCaches(kind: CacheClear): Promise<void> {
    if (!this.listener) return;
    await this.db
      .execute(sql`select pg_notify(${CHANNEL}, ${this.listener.clearNotice(kind)})`)
      .catch(() => {});
  }

  /** What the other processes said to forget. */
  onCacheClear(listener: (kind: CacheClear) => void): () => void {
    this.signals.on(CLEAR, listener);
    return () => this.signals.off(CLEAR, listener);
  }

  async currentSeq(tripId: string): Promise<number> {
    const [row] = await this.db.select({ seq: trips.eventSeq }).from(trips).where(eq(trips.id, tripId));
    // PGlite: the row holds the end of the block being numbered (looked at after the read, so a
    // block taken meanwhile counts too); the last number sent is in memory.
    const known = this.numbers.get(tripId);
    if (known) return known.next - 1;
    return row?.seq ?? 0;
  }
}

/** Whether an event fits in one NOTIFY with room for the envelope (origin, seq). */
function fitsNotify(event: TripEventInput): boolean {
  return Buffer.byteLength(JSON.stringify(event)) < NOTIFY_MAX_BYTES - 200;
}
