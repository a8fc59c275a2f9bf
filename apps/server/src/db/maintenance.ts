import { sql } from "drizzle-orm";
import type { Database } from "./connect";

/** How often the embedded database's statistics are refreshed. */
export const ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * PGlite runs no autovacuum, so its planner never learns how tables grew: with a trip's messages
 * counted as a few rows, a page of history sorts all 10,000 instead of reading 51 from the index
 * (9 ms instead of 2). The embedded server analyses at start and every ten minutes, as autovacuum
 * does on PostgreSQL. A failure is logged and tried again next time.
 */
export function startEmbeddedMaintenance(database: Database, onError: (err: Error) => void): () => void {
  if (database.kind !== "pglite") return () => {};
  const analyze = () => database.db.execute(sql`analyze`).catch(onError);
  void analyze();
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
