import { useCallback, useSyncExternalStore } from "react";

// The current trip is remembered in the browser (spec 1 section 3: currentTripId).
const KEY = "currentTripId";
const listeners = new Set<() => void>();

function read(): string | null {
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
  }, read);
  return [id, useCallback(setCurrentTripId, [])];
}
