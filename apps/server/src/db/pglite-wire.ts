// What the server's thread and PGlite's thread (pglite-thread.ts) send each other: one request per
// database operation, one answer per request. Errors cross as their PostgreSQL fields, so the other
// side can tell a unique violation (`code`, `constraint`) or an outage (unavailable.ts) as before.

export type RowMode = "object" | "array";

export type Operation =
  | {
      op: "query";
      text: string;
      params: unknown[];
      rowMode: RowMode;
      /** Types whose text is kept as it is (drizzle's identity parsers: dates and times stay text). */
      asText: number[];
      tx?: number;
    }
  | { op: "exec"; text: string; tx?: number }
  | { op: "begin"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" };

export type Request = Operation & { id: number };

export type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

/** The first message of the thread: PGlite is ready, or why it could not start. */
export type Started = { ready: true } | { ready: false; error: ErrorFields };

export interface ErrorFields {
  name: string;
  message: string;
  stack?: string;
  /** The error's own fields that are plain values: code, detail, constraint, table, severity... */
  fields: Record<string, string | number | boolean | null>;
}

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { name: "Error", message: String(err), fields: {} };
  const fields: ErrorFields["fields"] = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value as string | number | boolean | null;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/** The error again, on this side: its message, name and fields; the stack of where it was awaited. */
export function rebuildError(e: ErrorFields): Error {
  const err = new Error(e.message);
  Object.assign(err, e.fields);
  if (e.name !== "Error") Object.defineProperty(err, "name", { value: e.name, configurable: true });
  return err;
}
