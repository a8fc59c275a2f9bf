import { randomUUID } from "node:crypto";
import type { TripEvent } from "@tabi/contracts";
import pg from "pg";

export const CHANNEL = "tabi_trip_events";

/**
 * What travels on the channel: a numbered event, or an unnumbered signal (presence, typing), and the
 * process that sent it (it has handled it already).
 */
export type Notice =
  | { origin: string; event: TripEvent }
  | { origin: string; signal: TripSignal }
  | { origin: string; clear: CacheClear };

/** What a process tells the others to forget: who is signed in, or every cached read too. */
export type CacheClear = "sessions" | "all";

/** Passing news that is not kept or caught up: who has a trip open on a process, who is typing. */
export type TripSignal =
  | { type: "presence"; tripId: string; origin: string; userIds: string[] }
  | { type: "typing"; tripId: string; userId: string };

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7900;

/**
 * Scaled mode's fan-out (DESIGN.md): every server process LISTENs on one PostgreSQL channel and hears
 * the events the others publish, so sockets on any process see every trip's events. One dedicated
 * connection; when it drops it is opened again with backoff, and clients catch up by sequence number.
 */
export class PgNotifyListener {
  readonly origin = randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | null = null;
  /** The last signal sent on the connection (signals go one at a time). */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onEvent: (event: TripEvent) => void,
    private readonly onSignal: (signal: TripSignal) => void,
    private readonly onClear: (kind: CacheClear) => void,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on("notification", (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const notice = JSON.parse(n.payload) as Notice;
        if (notice.origin === this.origin) return;
        if ("event" in notice) this.onEvent(notice.event);
        else if ("signal" in notice) this.onSignal(notice.signal);
        else this.onClear(notice.clear);
      } catch (err) {
        this.onError(err as Error);
      }
    });
    client.on("error", (err) => {
      this.onError(err);
      this.lost(client);
    });
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      // Not left open (a connection that does not listen) when LISTEN fails after connecting.
      await client.end().catch(() => {});
      throw err;
    }
    this.client = client;
    this.retryMs = 250;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.retry();
  }

  private retry() {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      this.start().catch((err: Error) => {
        this.onError(err);
        this.retry();
      });
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  /** Sends a signal to the other processes (on the listening connection: no pool slot taken). */
  async signal(signal: TripSignal): Promise<void> {
    const payload = JSON.stringify({ origin: this.origin, signal } satisfies Notice);
    const client = this.client;
    if (!client || Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) return;
    // One statement at a time on the connection: node-postgres 8 queues concurrent ones itself but warns
    // that version 9 will not (a DeprecationWarning under bench:server's scaled run: typing and presence
    // signals of many members at once).
    const sent = this.sending.then(() => client.query("select pg_notify($1, $2)", [CHANNEL, payload]));
    this.sending = sent.catch(() => undefined);
    await sent;
  }

  /** The notice that tells the other processes to forget a cache (sent by the caller on its pool). */
  clearNotice(kind: CacheClear): string {
    return JSON.stringify({ origin: this.origin, clear: kind } satisfies Notice);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
