import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { lastServerAnswer, noteServerAnswer } from "./lastSync";
import { serverData } from "./overlay";
import { storage } from "./storage";

/**
 * The query cache kept in IndexedDB per signed-in user, so a trip opened once opens again without a
 * network: the user, the client config, and everything under "trips" (the trip's one read, its
 * members, places and plan, the lists). Kept a week; a new CACHE_VERSION drops what older builds kept.
 * (Written with TanStack Query's own dehydrate/hydrate: its persister packages pin another version.)
 */
export const OFFLINE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
const CACHE_VERSION = 1;
const SAVE_EVERY_MS = 500;
/** The first part of the query keys that are kept. */
export const KEPT_ROOTS = ["me", "config", "trips"] as const;

interface KeptCache {
  version: number;
  savedAt: number;
  /** When the server last answered (the offline banner's "last synced"). */
  lastSync: number | null;
  state: DehydratedState;
}

const cacheKey = (userId: string) => `cache:${userId}`;
const kept = (query: Query) =>
  query.state.status === "success" && (KEPT_ROOTS as readonly unknown[]).includes(query.queryKey[0]);

/** Fills the query cache with what was kept for this user (nothing when too old or unreadable). */
export async function restoreCache(queryClient: QueryClient, userId: string): Promise<void> {
  try {
    const saved = await storage.get<KeptCache>(cacheKey(userId));
    if (!saved) return;
    if (saved.version !== CACHE_VERSION || Date.now() - saved.savedAt > OFFLINE_MAX_AGE)
      await storage.del(cacheKey(userId));
    else {
      hydrate(queryClient, saved.state);
      if (saved.lastSync) noteServerAnswer(saved.lastSync);
    }
  } catch {
    await storage.del(cacheKey(userId)).catch(() => undefined);
  }
}

let active: { userId: string; stop: () => void } | null = null;

/** Keeps the cache for this user from now on, at most every half second (null: for nobody). */
export function keepCache(queryClient: QueryClient, userId: string | null): void {
  if (active?.userId === userId) return;
  active?.stop();
  active = null;
  if (!userId) return;

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (active?.userId !== userId) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: kept,
      shouldDehydrateMutation: () => false,
      // Without the outbox's changes on top: those are kept in the outbox, and shown again at start.
      serializeData: serverData,
    });
    const value: KeptCache = {
      version: CACHE_VERSION,
      savedAt: Date.now(),
      lastSync: lastServerAnswer(),
      state,
    };
    // Structured clone keeps it fast; anything it cannot copy goes as JSON.
    storage
      .set(cacheKey(userId), value)
      .catch(() => storage.set(cacheKey(userId), JSON.parse(JSON.stringify(value))).catch(() => undefined));
  };
  const schedule = () => {
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "added" || event.type === "removed" || event.type === "updated") schedule();
  });
  // Leaving the page: what is waiting is written now.
  const leave = () => {
    if (timer !== undefined) save();
  };
  window.addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", leave);
  active = {
    userId,
    stop: () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", leave);
    },
  };
}

export const forgetCache = (userId: string) => storage.del(cacheKey(userId));
