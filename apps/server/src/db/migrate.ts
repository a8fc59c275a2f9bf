import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./connect";

// Migrations live in apps/server/drizzle, both next to the sources and beside the built bundle.
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, "../../drizzle"), join(here, "../drizzle"), join(here, "drizzle")]) {
    if (existsSync(join(candidate, "meta/_journal.json"))) return candidate;
  }
  throw new Error(`Migrations folder not found near ${here}`);
}

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // Many processes may start at once (scaled mode): one migrates while the others wait on the lock,
  // then find every migration applied. Two at once failed on a CREATE TABLE (issue 27).
  if (!database.pool) {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** The advisory lock's key: any constant that no other lock of the database uses ("tabi" in ASCII). */
const MIGRATION_LOCK = 0x74616269;

export interface MigrationState {
  applied: number;
  latest: string | null;
  upToDate: boolean;
}

let journalCache: { entries: { tag: string }[] } | undefined;

export async function migrationState(database: Database): Promise<MigrationState> {
  journalCache ??= JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const journal = journalCache;
  const rows = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const applied = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const latest = journal.entries.at(-1)?.tag ?? null;
  return { applied, latest, upToDate: applied >= journal.entries.length };
}
