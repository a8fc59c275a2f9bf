import { type DehydratedState, onlineManager, type Query, type QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { confirmedWrites, lastConfirmedWriteFor } from "./confirmed";
import { markKept } from "./kept";
import { lastServerAnswer, noteServerAnswer } from "./lastSync";
import { serverData } from "./overlay";
import { storage } from "./storage";

/**
 * The query cache kept in IndexedDB per signed-in user, so a trip opened once opens again without a
 * network: the user, the client config, everything under "trips" (the trip's one read, its
 * members, places and plan, the lists), and the trip's money, polls and documents list. Kept a week; a new BUSTER drops what older builds kept.
 * Restored and saved by TanStack Query's own persister (@tanstack/react-query-persist-client) through
 * the IndexedDB persister below (decisions/0015).
 */
export const OFFLINE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
const BUSTER = "2";
const SAVE_EVERY_MS = 500;
/** The first part of the query keys that are kept. */
export const KEPT_ROOTS = ["me", "config", "trips", "money", "polls", "documents"] as const;

/** What is stored: the persister's client, with when the server last answered (the banner's "last synced"). */
interface KeptClient extends PersistedClient {
  lastSync: number | null;
}

const cacheKey = (userId: string) => `cache:${userId}`;
const kept = (query: Query) =>
  query.state.status === "success" && (KEPT_ROOTS as readonly unknown[]).includes(query.queryKey[0]);

/**
 * The persister of one user's cache in IndexedDB. Writes at most every half second (the newest state
 * wins), structured-cloned rather than turned into JSON; flush() writes what waits now (leaving the page).
 */
export function idbPersister(userId: string): Persister & { flush(): void; stop(): void } {
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = waiting;
    waiting = null;
    if (!client || stopped) return;
    const value: KeptClient = { ...client, lastSync: lastServerAnswer() };
    // Anything structured clone cannot copy goes as JSON.
    void storage
      .set(cacheKey(userId), value)
      .catch(() => storage.set(cacheKey(userId), JSON.parse(JSON.stringify(value))).catch(() => undefined));
  };
  return {
    persistClient(client) {
      waiting = client;
      timer ??= setTimeout(write, SAVE_EVERY_MS);
    },
    async restoreClient() {
      const saved = await storage.get<KeptClient>(cacheKey(userId));
      if (!saved) return undefined;
      if (saved.lastSync) noteServerAnswer(saved.lastSync);
      return withoutOutdated(saved);
    },
    removeClient: () => storage.del(cacheKey(userId)),
    flush: write,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A kept copy never wins over a change the server confirmed (issue 25): with a network, the queries
 * whose kept data is older than the last confirmed write are left out, so their screen waits for the
 * server instead of showing what was true before (a place deleted, then the page reloaded before the
 * half-second save). Without a network the kept copy is all there is, and the banner says so.
 */
export function withoutOutdated<T extends PersistedClient>(saved: T, online = onlineManager.isOnline()): T {
  if (!online) return saved;
  const stamps = confirmedWrites();
  const state: DehydratedState = saved.clientState;
  const current = (q: DehydratedState["queries"][number]) => {
    const confirmed = lastConfirmedWriteFor(q.queryKey, stamps);
    return confirmed === null || q.state.dataUpdatedAt >= confirmed;
  };
  return { ...saved, clientState: { ...state, queries: state.queries.filter(current) } };
}

/** Fills the query cache with what was kept for this user (nothing when too old, of another build or unreadable). */
export async function restoreCache(queryClient: QueryClient, userId: string): Promise<void> {
  const before = new Set(queryClient.getQueryCache().getAll());
  await persistQueryClientRestore({
    queryClient,
    persister: idbPersister(userId),
    maxAge: OFFLINE_MAX_AGE,
    buster: BUSTER,
  }).catch(() => undefined);
  markKept(
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => !before.has(q)),
  );
}

let active: { userId: string; stop: () => void } | null = null;

/** Keeps the cache for this user from now on, at most every half second (null: for nobody). */
export function keepCache(queryClient: QueryClient, userId: string | null): void {
  if (active?.userId === userId) return;
  active?.stop();
  active = null;
  if (!userId) return;

  const persister = idbPersister(userId);
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster: BUSTER,
    dehydrateOptions: {
      shouldDehydrateQuery: kept,
      shouldDehydrateMutation: () => false,
      // Without the outbox's changes on top: those are kept in the outbox, and shown again at start.
      serializeData: serverData,
    },
  });
  // Leaving the page: what is waiting is written now.
  const leave = () => persister.flush();
  window.addEventListener("pagehide", leave);
  document.addEventListener("visibilitychange", leave);
  active = {
    userId,
    stop: () => {
      unsubscribe();
      persister.stop();
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", leave);
    },
  };
}

export const forgetCache = (userId: string) => storage.del(cacheKey(userId));
