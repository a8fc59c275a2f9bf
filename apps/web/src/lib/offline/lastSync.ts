import { useSyncExternalStore } from "react";

/**
 * When the server last answered (ms since the epoch): the offline banner's "last synced". Kept in
 * localStorage so a page opened offline still knows; signing out clears it with everything else.
 */
const KEY = "tabi.lastSync";
let last: number | null = null;
let savedAt = 0;
const listeners = new Set<() => void>();

function read(): number | null {
  if (last === null)
    try {
      const saved = Number(localStorage.getItem(KEY));
      last = Number.isFinite(saved) && saved > 0 ? saved : null;
    } catch {
      last = null;
    }
  return last;
}

/** The HTTP client calls this on every answer from the server. */
export function noteServerAnswer(now = Date.now()): void {
  const changedMinute = Math.floor(now / 60_000) !== Math.floor((last ?? 0) / 60_000);
  last = now;
  if (now - savedAt > 5000) {
    savedAt = now;
    try {
      localStorage.setItem(KEY, String(now));
    } catch {
      // storage blocked: remembered for this page only
    }
  }
  // The banner shows minutes: tell it only when the minute changes.
  if (changedMinute) for (const l of listeners) l();
}

export function useLastSync(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
