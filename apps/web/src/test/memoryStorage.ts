import { afterEach, beforeEach, vi } from "vitest";

/** A Storage kept in a Map: unit tests run in Node, which has no localStorage. */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

/** Each test of the calling file (or describe block) gets an empty localStorage of its own. */
export function stubLocalStorageEachTest(): void {
  beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());
}
