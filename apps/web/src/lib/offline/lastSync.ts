import { useSyncExternalStore } from "react";

/**
 * When the server last answered (ms since the epoch): the offline banner's "last synced". Kept with
 * the user's query cache (persist.ts), so a page opened offline still knows.
 */
let last: number | null = null;
const listeners = new Set<() => void>();

export const lastServerAnswer = () => last;

/** The HTTP client calls this on every answer from the server; the cache restore with what it kept. */
export function noteServerAnswer(at = Date.now()): void {
  if (last !== null && at <= last) return;
  // The banner shows minutes: it is told only when the minute changes.
  const newMinute = Math.floor(at / 60_000) !== Math.floor((last ?? 0) / 60_000);
  last = at;
  if (newMinute) for (const l of listeners) l();
}

export function useLastSync(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastServerAnswer,
    () => null,
  );
}
