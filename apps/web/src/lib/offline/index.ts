import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { loadOutbox, startOutbox } from "./outbox";
import { bindOverlays, showWaitingChanges } from "./overlay";
import { forgetCache, KEPT_ROOTS, keepCache, OFFLINE_MAX_AGE, restoreCache } from "./persist";
import { rememberedUser, rememberUser, storage } from "./storage";

// Offline use (issue 13): the query cache and the outbox in IndexedDB per user, restored before the
// first render; the service worker (vite.config.ts) keeps the app itself and the map tiles seen.

const withTimeout = (p: Promise<unknown>, ms: number) =>
  Promise.race([p, new Promise((done) => setTimeout(done, ms))]).catch(() => undefined);

/** Before the first render: what this browser kept for its user (none after signing out). */
export async function bootOffline(queryClient: QueryClient): Promise<void> {
  // TanStack Query assumes a network until told; a page opened offline knows better.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine !== false);
  bindOverlays(queryClient);
  // What is kept must outlive the session in memory as long as it is kept on disk.
  for (const root of KEPT_ROOTS) queryClient.setQueryDefaults([root], { gcTime: OFFLINE_MAX_AGE });
  const userId = rememberedUser();
  if (userId) {
    await withTimeout(restoreCache(queryClient, userId), 3000);
    await withTimeout(loadOutbox(userId), 2000);
    showWaitingChanges(queryClient);
    // What was kept is shown at once, and every screen asks the server again as it opens (when there
    // is a network), whatever its staleTime: a reload shows the truth (issue 25). The trip's parts
    // all read through its one /full read (features/trips/tripFull.ts), so that stays one request.
    void queryClient.invalidateQueries({ refetchType: "none" });
  } else {
    // Signed out (that clears localStorage): nothing of anyone stays in this browser.
    await withTimeout(storage.clear(), 2000);
  }
  keepCache(queryClient, userId);
  startOutbox();
}

/** The signed-in user as the server says (null: nobody): whose cache and outbox this browser keeps. */
export async function setOfflineUser(queryClient: QueryClient, userId: string | null): Promise<void> {
  const previous = rememberedUser();
  if (previous && previous !== userId) await forgetCache(previous).catch(() => undefined);
  rememberUser(userId);
  keepCache(queryClient, userId);
  if (await loadOutbox(userId)) showWaitingChanges(queryClient);
}

/** Whether the browser has a network (as TanStack Query, which pauses queries without one, sees it). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export { noteConfirmedWrite } from "./confirmed";
export { useWaitingOverKept } from "./kept";
export { useLastSync } from "./lastSync";
export {
  flushOutbox,
  onRefused,
  pendingChanges,
  type Refusal,
  registerOutboxKind,
  type Sent,
  sendOrQueue,
  useOutbox,
} from "./outbox";
export { offlineQueryClient, registerOverlay, setShownData } from "./overlay";
