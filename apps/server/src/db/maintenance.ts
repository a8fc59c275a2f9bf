import { sql } from "drizzle-orm";
import type { Database } from "./connect";
import { rowsOf } from "./json-rows";

/** How often the embedded database looks for tables that changed enough to need care. */
export const CHECK_EVERY_MS = 1_000;

/**
 * PGlite runs no autovacuum, so nothing else keeps its planner's statistics or its tables' dead rows
 * in check. Without fresh statistics a plan stays as it was made for the table's first rows: with a
 * trip's messages counted as a few rows, a page of history sorted all 10,000 instead of reading 51
 * from the index (9 ms instead of 2); the add's cached plan looked for a place of the same name by
 * reading every place of every trip (a burst of adds on a fresh install: 3.8-4.7 ms an add instead
 * of 1.5, growing with the table; issue 28). PostgreSQL's autovacuum does this by itself.
 *
 * So the embedded server analyses everything at start, then every second (the statistics are written
 * once a second) asks them which tables changed by more than autovacuum's own thresholds (50 rows
 * plus 10% of the table for ANALYZE, 50 plus 20% dead rows for VACUUM) and does the same to those,
 * one at a time. ANALYZE also
 * drops the cached plans that read the table, so they are made again for its size. The check is one
 * read of the statistics; a failure is logged and tried again next time.
 */
export function startEmbeddedMaintenance(database: Database, onError: (err: Error) => void): () => void {
  if (database.kind !== "pglite") return () => {};
  let busy: Promise<unknown> = database.db.execute(sql`analyze`).catch(onError);
  const timer = setInterval(() => {
    busy = busy.then(() => tidyTablesDue(database.db).catch(onError));
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

interface Due {
  name: string;
  vacuum: boolean;
}

/** Analyses (and vacuums, if they hold enough dead rows) the tables past autovacuum's thresholds. */
export async function tidyTablesDue(db: Database["db"]): Promise<Due[]> {
  const due = await rowsOf<Due>(
    db,
    sql`select s.relname as name, s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and (s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
        or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0))
      order by s.relname`,
  );
  for (const table of due)
    await db.execute(
      table.vacuum
        ? sql`vacuum (analyze) ${sql.identifier(table.name)}`
        : sql`analyze ${sql.identifier(table.name)}`,
    );
  return due;
}
