/** Database outages: told apart from query errors so they become a retryable 503, not a 500. */
import { MESSAGES } from "@tabi/contracts";

export const UNAVAILABLE_MESSAGE = MESSAGES.serviceUnavailable;
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
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Aborted\(\)|RuntimeError: unreachable/i;

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

interface OutageLog {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * The process's last line of defence (main.ts, worker.ts): an outage error that escaped every handler
 * (an 'error' event of a pg client nobody listens to, a background write's rejection) is logged and
 * the process goes on, since the database coming back is all it needs. Anything else keeps Node's
 * behaviour: logged, then the process ends (its state is unknown).
 */
export function surviveDatabaseOutages(
  log: OutageLog,
  target: Pick<NodeJS.Process, "on"> = process,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  const handle = (err: unknown, what: string) => {
    if (isDatabaseUnavailable(err)) return log.warn({ err }, `database unavailable (${what})`);
    log.fatal({ err }, what);
    exit(1);
  };
  target.on("uncaughtException", (err) => handle(err, "uncaught exception"));
  target.on("unhandledRejection", (reason) => handle(reason, "unhandled rejection"));
}
