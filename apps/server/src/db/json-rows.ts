import { type Column, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";
import type { Executor } from "./connect";
import { runPrepared } from "./pglite-prepared";
import { isPglite } from "./pglite-proxy";

// PGlite turns every field of every row into JavaScript on the server's own thread, at a cost that
// dominates small statements (25 places of 30 columns: ~2 ms as rows, ~0.6 ms as one JSON value).
// Hot reads therefore return a table's rows as JSON (`to_json(t)`, `json_agg(t)`), decoded here with
// the same column mappings drizzle uses, so the result has the table's row type on both databases.

const columnsOf = new WeakMap<Table, [string, Column][]>();

/** A row that came back as JSON (`to_json(t)` or inside `json_agg(t)`), as drizzle would return it. */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)) as [string, Column][];
    columnsOf.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/**
 * The rows of a hand-written statement: on PGlite's database handle as a prepared statement
 * (pglite-prepared.ts); in a transaction, and on PostgreSQL (which plans natively), as it is.
 */
export async function rowsOf<R>(db: Executor, query: SQL): Promise<R[]> {
  const client = (db as { $client?: unknown }).$client;
  if (isPglite(client)) return runPrepared<R>(client, query);
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/**
 * A value as a parameter of the column's type (a hand-written statement's parameters carry no type);
 * null stays a parameter too, so a statement's text (and its prepared plan) does not depend on values.
 */
export const typedParam = (column: Column, value: unknown) =>
  sql`${sql.param(value ?? null, column)}::${sql.raw(column.getSQLType())}`;
