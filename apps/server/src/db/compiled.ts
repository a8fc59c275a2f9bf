import { is, Param, Placeholder, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Executor } from "./connect";
import { runPreparedText } from "./pglite-prepared";
import { isPglite } from "./pglite-proxy";

// The busy statements are built with drizzle's `sql` and turned into text once per shape, not per
// request: building an add's statement (30 typed parameters, nested parts) and turning it into text
// cost 0.6-0.8 ms of the server's CPU per add, more than PostgreSQL took to run it (issue 28). Values
// are `sql.placeholder(name)`s, a column's typed ones `sql.param(sql.placeholder(name), column)`, so
// each is encoded as that column would encode it (a date as ISO text, JSON as text).

const dialect = new PgDialect();

export interface Compiled {
  /** The name it is prepared under on a PostgreSQL connection (once per connection, then only bound). */
  readonly name: string;
  readonly text: string;
  /** Placeholders, typed placeholders, and constants, in order. */
  readonly params: readonly unknown[];
}

const statements = new Map<string, Compiled>();

/**
 * The statement of this `key`, built by `build` the first time only. The key must name everything
 * that changes the statement's text; values must only ever be placeholders.
 */
export function compiled(key: string, build: () => SQL): Compiled {
  let statement = statements.get(key);
  if (!statement) {
    const { sql: text, params } = dialect.sqlToQuery(build());
    statement = { name: `tabi_${statements.size}`, text, params };
    statements.set(key, statement);
  }
  return statement;
}

/** The parameters of a compiled statement for these values (null and undefined: SQL null). */
export function bind(statement: Compiled, values: Readonly<Record<string, unknown>>): unknown[] {
  return statement.params.map((p) => {
    if (is(p, Placeholder)) return placeholderValue(values, p.name) ?? null;
    if (is(p, Param) && is(p.value, Placeholder)) {
      const value = placeholderValue(values, p.value.name);
      return value === null || value === undefined ? null : p.encoder.mapToDriverValue(value);
    }
    return p;
  });
}

function placeholderValue(values: Readonly<Record<string, unknown>>, name: string | undefined) {
  if (name === undefined || !(name in values)) throw new Error(`No value for placeholder "${name}"`);
  return values[name];
}

interface RawClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PlainClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Statements PostgreSQL refused to run prepared ("cached plan must not change result type"). */
const unprepared = new Set<string>();

/**
 * The rows of a compiled statement, on the database or a transaction: on PGlite's own handle as a
 * prepared statement (pglite-prepared.ts), otherwise as a named statement on the connection (the
 * pool's, or the transaction's client): PostgreSQL parses it once per connection instead of per call
 * (planning the add's text each time cost it 0.48 ms of its 1.1 ms per add, issue 28).
 */
export async function rowsOfCompiled<R>(
  db: Executor,
  statement: Compiled,
  values: Readonly<Record<string, unknown>>,
): Promise<R[]> {
  const params = bind(statement, values);
  // The database's handle has `$client`; a transaction keeps its connection in its session.
  const client =
    (db as { $client?: unknown }).$client ??
    (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (isPglite(client)) return runPreparedText<R>(client, statement.text, params);
  if (!client || typeof (client as RawClient).query !== "function")
    throw new Error("rowsOfCompiled: no connection to send the statement on");
  const raw = client as RawClient;
  const { name, text } = statement;
  // PGlite's transaction takes text and parameters only: a name is node-postgres's (its pool, or a
  // transaction's pooled client).
  if (!(client instanceof pg.Pool || client instanceof pg.Client))
    return (await (client as PlainClient).query(text, params)).rows as R[];
  if (unprepared.has(name)) return (await raw.query({ text, values: params })).rows as R[];
  try {
    return (await raw.query({ name, text, values: params })).rows as R[];
  } catch (err) {
    // A migration by a newer process changed a table under `returning *` (a rolling deploy): the
    // prepared form can no longer answer on this connection; send the text from now on.
    if ((err as { code?: string }).code !== "0A000") throw err;
    unprepared.add(name);
    return (await raw.query({ text, values: params })).rows as R[];
  }
}
