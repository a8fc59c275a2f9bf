import { lt, sql } from "drizzle-orm";
import { compiled, rowsOfCompiled } from "../db/compiled";
import type { Database } from "../db/connect";
import { counters } from "../db/schema";

/** A fixed-window count: `count` hits since the window started, which ends at `windowEnds` (epoch ms). */
export interface Count {
  count: number;
  windowEnds: number;
  /** The last hit (epoch ms). */
  lastAt: number;
}

/**
 * Counters for every limit of the app (route limits, wrong passwords per account, join-code and
 * share-link failures). One process keeps them in memory; processes sharing a PostgreSQL keep them
 * there, so a limit is counted across all of them (issue 27).
 */
export interface Counters {
  /** Counts one more hit; a window that has ended starts again at 1. */
  hit(key: string, windowMs: number, now?: number): Promise<Count>;
  /** The count of a live window (undefined when none). */
  peek(key: string, now?: number): Promise<Count | undefined>;
  reset(key: string): Promise<void>;
  close(): void;
}

/** Most keys a process keeps: the oldest go first (a flood of addresses cannot fill the memory). */
const MAX_KEYS = 100_000;

export class MemoryCounters implements Counters {
  private readonly entries = new Map<string, Count>();

  async hit(key: string, windowMs: number, now = Date.now()): Promise<Count> {
    const live = this.live(key, now);
    const entry = live
      ? { ...live, count: live.count + 1, lastAt: now }
      : { count: 1, windowEnds: now + windowMs, lastAt: now };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  async peek(key: string, now = Date.now()): Promise<Count | undefined> {
    return this.live(key, now);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private live(key: string, now: number): Count | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.windowEnds <= now) this.entries.delete(key);
    return entry && entry.windowEnds > now ? entry : undefined;
  }

  close(): void {
    this.entries.clear();
  }
}

/**
 * The hits of one batch, one row per key: `n` hits, the last at `now`. `on conflict` may touch a
 * row once per statement, hence one row per key; keys are sorted so that two processes' batches
 * lock shared rows in the same order (no deadlock).
 */
const HIT_MANY = compiled("counters.hitMany", () => {
  const p = sql.placeholder;
  return sql`insert into ${counters} (key, count, window_ends, last_at)
    select k, n, e, t from jsonb_to_recordset(${p("hits")}::jsonb) as u(k text, n int, e bigint, t bigint)
    order by k
    on conflict (key) do update set
      count = case when ${counters}.window_ends <= excluded.last_at then excluded.count
        else ${counters}.count + excluded.count end,
      window_ends = case when ${counters}.window_ends <= excluded.last_at then excluded.window_ends
        else ${counters}.window_ends end,
      last_at = excluded.last_at
    returning key, count, window_ends as "windowEnds", last_at as "lastAt"`;
});

interface Waiting {
  key: string;
  windowMs: number;
  now: number;
  resolve: (count: Count) => void;
  reject: (err: unknown) => void;
}

/** A batch's hits of one key, in the order they came. */
interface KeyHits {
  hits: Waiting[];
  now: number;
  windowMs: number;
}

/**
 * Every process's counts in one table. A hit is one statement when none is running; hits that come
 * while one runs wait for it and then go together in one statement (one row per key): under a burst,
 * adding a place no longer costs a round trip of its own for its route limit (issue 28). Ended
 * windows are swept each minute.
 */
export class PgCounters implements Counters {
  private readonly timer: NodeJS.Timeout;
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Database["db"],
    onSweepError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => {
      db.delete(counters).where(lt(counters.windowEnds, Date.now())).catch(onSweepError);
    }, 60_000);
    this.timer.unref();
  }

  hit(key: string, windowMs: number, now = Date.now()): Promise<Count> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, windowMs, now, resolve, reject });
      if (!this.running) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      await this.run(batch);
    }
    this.running = false;
  }

  private async run(batch: Waiting[]): Promise<void> {
    const byKey = new Map<string, KeyHits>();
    for (const w of batch) {
      const entry = byKey.get(w.key);
      if (entry) {
        entry.hits.push(w);
        entry.now = Math.max(entry.now, w.now);
      } else byKey.set(w.key, { hits: [w], now: w.now, windowMs: w.windowMs });
    }
    // One JSON parameter: PGlite and node-postgres encode arrays differently.
    const hits = [...byKey].map(([k, g]) => ({ k, n: g.hits.length, e: g.now + g.windowMs, t: g.now }));
    try {
      const rows = await rowsOfCompiled<{ key: string; count: number; windowEnds: string; lastAt: string }>(
        this.db,
        HIT_MANY,
        { hits: JSON.stringify(hits) },
      );
      for (const row of rows) {
        const group = byKey.get(row.key) as KeyHits;
        // The batch's hits of a key took the counts up to `row.count`, one each, in arrival order.
        const first = row.count - group.hits.length + 1;
        for (const [i, w] of group.hits.entries()) {
          w.resolve({ count: first + i, windowEnds: Number(row.windowEnds), lastAt: Number(row.lastAt) });
        }
        byKey.delete(row.key);
      }
      for (const group of byKey.values())
        for (const w of group.hits) w.reject(new Error("counter row not returned"));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  async peek(key: string, now = Date.now()): Promise<Count | undefined> {
    const [row] = await this.db
      .select({ count: counters.count, windowEnds: counters.windowEnds, lastAt: counters.lastAt })
      .from(counters)
      .where(sql`${counters.key} = ${key} and ${counters.windowEnds} > ${now}`);
    return row
      ? { count: row.count, windowEnds: Number(row.windowEnds), lastAt: Number(row.lastAt) }
      : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(counters).where(sql`${counters.key} = ${key}`);
  }

  close(): void {
    clearInterval(this.timer);
  }
}

export function createCounters(database: Database, onError?: (err: unknown) => void): Counters {
  return database.kind === "postgres" ? new PgCounters(database.db, onError) : new MemoryCounters();
}
