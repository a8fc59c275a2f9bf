/** Database outages: told apart from query errors so they become a retryable 503, not a 500. */

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
/** Seconds a client should wait before retrying (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

// SQLSTATE classes meaning "the server/connection is gone", not "your query is wrong":
// 08 connection exception, 53 insufficient resources, 57P01-57P03 shutdown / cannot connect now, XX internal.
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[123]|XX)/;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Aborted\(\)|RuntimeError: unreachable/i;

/** True when err (or its cause chain, as Drizzle wraps driver errors) is a lost or refused database. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; name?: unknown };
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
    return true;
  // PGlite's WASM engine failing (not a SQL error) surfaces as a RuntimeError.
  if (e.name === "RuntimeError") return true;
  if (typeof e.message === "string" && UNAVAILABLE_TEXT.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
