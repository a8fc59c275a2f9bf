import { useSyncExternalStore } from "react";

/**
 * Whether the API is reachable (issue 11): the HTTP client reports every answer here, a 503, a
 * gateway's 502/504 or no answer at all marking the service unavailable and any other answer marking
 * it back. The banner (app/layout/UnavailableBanner) reads it; no screen has to.
 */
let unavailable = false;
let retryAfterMs: number | undefined;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

export function reportUnavailable(retryAfter?: number): void {
  retryAfterMs = retryAfter;
  if (unavailable) return;
  unavailable = true;
  notify();
}

export function reportAvailable(): void {
  if (!unavailable) return;
  unavailable = false;
  retryAfterMs = undefined;
  notify();
}

export const isServiceUnavailable = () => unavailable;
/** How long the server asked callers to wait (Retry-After), when it said. */
export const serviceRetryAfterMs = () => retryAfterMs;

export function subscribeAvailability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(subscribeAvailability, isServiceUnavailable, () => false);
}
