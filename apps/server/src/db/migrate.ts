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
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

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
