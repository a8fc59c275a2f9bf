import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDirLock } from "./lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** The underlying pg pool in scaled mode (LISTEN/NOTIFY, job queue). */
  pool?: pg.Pool;
  /** The PGlite instance in embedded mode. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** Data directory for PGlite; undefined means in memory (tests). */
  dataDir?: string;
  /** Told when an idle PostgreSQL connection fails (logged by the app). */
  onIdleError?: (err: Error) => void;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a dropped test database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on("error", (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  let release = () => {};
  let dir: string | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    release = acquireDirLock(join(opts.dataDir, "db.lock"));
    dir = join(opts.dataDir, "db");
  }
  try {
    // Embedded mode runs beside the app in one process: small buffers keep idle memory low.
    const pglite = new PGlite(dir, { postgresqlconf: ["shared_buffers=16MB", "work_mem=4MB"] });
    await pglite.waitReady;
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      pglite,
      close: async () => {
        await pglite.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** A transaction handle; inside a transaction use only it (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a query function runs on: the database, or the transaction it is part of. */
export type Executor = Db | Tx;
