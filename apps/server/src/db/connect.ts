import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDirLock } from "./lock";
import { type PgliteClient, PgliteThread } from "./pglite-proxy";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** The underlying pg pool in scaled mode (LISTEN/NOTIFY, job queue). */
  pool?: pg.Pool;
  /** PGlite in embedded mode: on its own thread, or in this one (`pgliteThread: false`). */
  pglite?: PgliteClient;
  close(): Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** Data directory for PGlite; undefined means in memory (tests). */
  dataDir?: string;
  /** Told when an idle PostgreSQL connection fails (logged by the app). */
  onIdleError?: (err: Error) => void;
  /** An in-memory PGlite started from this dump of a migrated database (tests; skips initdb). */
  template?: Blob;
  /** PGlite on its own thread (the default), beside the HTTP work instead of between it (decision 0027). */
  pgliteThread?: boolean;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database that does not answer (a host gone, not just refusing) fails the request in seconds
      // (a 503), instead of holding it until the operating system gives up on the connection.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // An idle connection the server closes (a restart, a dropped test database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on("error", (err) => opts.onIdleError?.(err));
    // A connection checked out of the pool (a transaction) has no listener of the pool's: its 'error'
    // event, when PostgreSQL goes away, would be an uncaught exception that ends the process. The
    // statement it was running fails by itself (a 503), and the pool drops the broken connection.
    pool.on("connect", (client) => client.on("error", () => {}));
    releaseOnFailedBegin(pool);
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
    const postgresqlconf = ["shared_buffers=16MB", "work_mem=4MB"];
    const template = dir ? undefined : opts.template;
    let pglite: PgliteClient;
    if (opts.pgliteThread ?? true)
      pglite = await PgliteThread.start({ dataDir: dir, postgresqlconf, template });
    else {
      const inProcess = new PGlite({ dataDir: dir, postgresqlconf, loadDataDir: template });
      await inProcess.waitReady;
      pglite = inProcess;
    }
    // drizzle's PGlite driver calls query and transaction, which the thread's client answers alike.
    const db = drizzlePglite({ client: pglite as PGlite, schema }) as unknown as Db;
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

/**
 * drizzle-orm 0.45's node-postgres transaction() runs BEGIN before the try/finally that releases the
 * client it checked out (drizzle-orm#6023, #6241): a BEGIN that fails because PostgreSQL just went
 * away keeps that client checked out for ever, and a few outages exhaust the pool for good. Drizzle
 * checks out clients for transactions only (plain queries use pool.query), so a client checked out
 * here whose first statement (BEGIN) fails goes back to the pool, as broken, at once; drizzle never
 * touches it again, and its own release, when it comes, is ignored. Remove once drizzle is fixed.
 */
export function releaseOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    // With a callback: pool.query's own checkout, which releases its client itself.
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      const watched = client as { query: unknown };
      const query = watched.query;
      const ownQuery = Object.hasOwn(client, "query");
      // Back to the client's own query (pg's prototype method) for whoever checks it out next.
      const unwatch = () => {
        if (ownQuery) watched.query = query;
        else delete (watched as { query?: unknown }).query;
      };
      const release = client.release;
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        unwatch();
        release(err);
      };
      watched.query = function (this: unknown, ...args: unknown[]) {
        unwatch(); // only the first statement, BEGIN, is watched
        const result = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (result instanceof Promise)
          result.catch((err: Error) => {
            client.release(err);
          });
        return result;
      };
      return client;
    });
  }) as typeof pool.connect;
}

/** A transaction handle; inside a transaction use only it (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a query function runs on: the database, or the transaction it is part of. */
export type Executor = Db | Tx;
