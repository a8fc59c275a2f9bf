import { clear, createStore, del, get, type UseStore, update } from "idb-keyval";
import { STORAGE_KEYS } from "../../boot/early";

// What the app keeps in the browser for offline use, in one IndexedDB database: each signed-in user's
// query cache ("cache:<userId>") and outbox ("outbox:<userId>"). Which user that is, is remembered in
// localStorage, which signing out clears (features/auth/api.ts): the next start then clears this too.

let store: UseStore | undefined;
const db = () => {
  store ??= createStore("tabi-offline", "keyval");
  return store;
};

/** False where IndexedDB is missing (some private modes): the app then works online only. */
export const hasStorage = () => typeof indexedDB !== "undefined";

export const storage = {
  get: <T>(key: string) => (hasStorage() ? get<T>(key, db()) : Promise.resolve(undefined)),
  /** An atomic read-modify-write (two tabs never lose each other's writes). */
  update: <T>(key: string, fn: (old: T | undefined) => T) =>
    hasStorage() ? update<T>(key, fn, db()) : Promise.resolve(),
  set: (key: string, value: unknown) => (hasStorage() ? update(key, () => value, db()) : Promise.resolve()),
  del: (key: string) => (hasStorage() ? del(key, db()) : Promise.resolve()),
  clear: () => (hasStorage() ? clear(db()) : Promise.resolve()),
};

const USER_KEY = STORAGE_KEYS.user;

/** The user whose data this browser keeps; null after signing out (localStorage is cleared then). */
export function rememberedUser(): string | null {
  try {
    return localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
}

export function rememberUser(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(USER_KEY, userId);
    else localStorage.removeItem(USER_KEY);
  } catch {
    // storage blocked: nothing is kept for offline use across starts
  }
}
