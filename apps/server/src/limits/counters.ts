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

const HIT = compiled("counters.hit", () => {
  const p = sql.placeholder;
  return sql`insert into ${counters} (key, count, window_ends, last_at)
    values (${p("key")}, 1, ${p("ends")}::bigint, ${p("now")}::bigint)
    on conflict (key) do update set
      count = case when ${counters}.window_ends <= ${p("now")}::bigint then 1 else ${counters}.count + 1 end,
      window_ends = case when ${counters}.window_ends <= ${p("now")}::bigint then ${p("ends")}::bigint
        else ${counters}.window_ends end,
      last_at = ${p("now")}::bigint
    returning count, window_ends as "windowEnds", last_at as "lastAt"`;
});

/** Every process's counts in one table; one statement per hit. Ended windows are swept each minute. */
export class PgCounters implements Counters {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database["db"],
    onSweepError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => {
      db.delete(counters).where(lt(counters.windowEnds, Date.now())).catch(onSweepError);
    }, 60_000);
    this.timer.unref();
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<Count> {
    // One statement a limited request (adding a place): built once (db/compiled.ts).
    const [row] = await rowsOfCompiled<{ count: number; windowEnds: string; lastAt: string }>(this.db, HIT, {
      key,
      now,
      ends: now + windowMs,
    });
    return { count: row!.count, windowEnds: Number(row!.windowEnds), lastAt: Number(row!.lastAt) };
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
