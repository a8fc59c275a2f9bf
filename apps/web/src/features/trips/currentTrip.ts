import { useCallback, useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../../boot/early";

// The current trip is remembered in the browser (spec 1 section 3: currentTripId).
const KEY = STORAGE_KEYS.trip;
const listeners = new Set<() => void>();

/** The current trip as this browser remembers it. */
export function currentTripId(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setCurrentTripId(id: string | null) {
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  for (const l of listeners) l();
}

export function useCurrentTripId(): [string | null, (id: string | null) => void] {
  const id = useSyncExternalStore((cb) => {
    listeners.add(cb);
    return () => listeners.delete(cb);
  }, currentTripId);
  return [id, useCallback(setCurrentTripId, [])];
}
