import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { connect } from "../db/connect";
import { runMigrations } from "../db/migrate";

// Every test file gets a fresh database, and building one from nothing is most of a small file's time:
// embedded, PostgreSQL's initdb in WebAssembly (about 2.5 s on a quiet core, 10 s on a busy one); on
// PostgreSQL, the migrations. The suite's global set-up builds one migrated database; each file starts
// from a copy of it (a PGlite dump loaded in about 1 s, or CREATE DATABASE ... TEMPLATE).

const DUMP_ENV = "TABI_TEST_PGLITE_TEMPLATE";
const PG_ENV = "TABI_TEST_PG_TEMPLATE";

const adminQuery = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Builds the migrated template once per test run (vitest globalSetup); returns its clean-up. */
export async function buildTemplate(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `tabi_template_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    await adminQuery(url, `create database ${name}`);
    const database = await connect({ databaseUrl: withDatabase(url, name) });
    await runMigrations(database);
    await database.close();
    process.env[PG_ENV] = name;
    return async () => {
      delete process.env[PG_ENV];
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    };
  }
  const database = await connect({});
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const file = join(tmpdir(), `tabi-test-template-${process.pid}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  process.env[DUMP_ENV] = file;
  return async () => {
    delete process.env[DUMP_ENV];
    rmSync(file, { force: true });
  };
}

let cached: Blob | undefined;
/** The embedded dump built by the global set-up, when this run has one (a file run alone has not). */
export function templateDump(): Blob | undefined {
  const file = process.env[DUMP_ENV];
  if (!file) return undefined;
  try {
    cached ??= new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
  return cached;
}

/** The PostgreSQL template database of this run, for `create database ... template`. */
export const templateDatabase = (): string | undefined => process.env[PG_ENV];
