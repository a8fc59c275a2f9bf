import { ApiError, isUnavailable } from "./api";

const SECOND = 1000;
const MAX_WAIT = 30 * SECOND;

/**
 * Queries (main.tsx): while the service is away they are retried until it is back (the banner says
 * so, and the screen fills in by itself); the caller's own mistakes (4xx) never; anything else
 * twice more (the spec's three attempts).
 */
export function shouldRetryQuery(failureCount: number, err: unknown): boolean {
  if (isUnavailable(err)) return true;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return failureCount < 2;
}

/**
 * The wait before the next attempt: what the server asked for (Retry-After), else doubling from 1 s,
 * at most 30 s, spread by up to a fifth so that many tabs do not come back at the same instant.
 */
export function queryRetryDelay(attempt: number, err: unknown, random: () => number = Math.random): number {
  if (!isUnavailable(err)) return Math.min(500 * 1.2 ** attempt, SECOND);
  const base = err.retryAfterMs ?? SECOND * 2 ** Math.max(0, attempt - 1);
  const wait = Math.min(Math.max(base, SECOND), MAX_WAIT);
  return Math.round(wait * (1 + random() * 0.2));
}

/** While the banner shows: how often to ask the server whether it is back. */
export function probeDelay(retryAfterMs: number | undefined): number {
  return Math.min(Math.max(retryAfterMs ?? 5 * SECOND, 2 * SECOND), MAX_WAIT);
}
