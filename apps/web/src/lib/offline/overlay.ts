import { type QueryClient, type QueryKey, replaceEqualDeep } from "@tanstack/react-query";

/**
 * Changes waiting in the outbox are shown on top of the data, however it arrives: a fetch, the trip
 * screen's one read, a mutation's answer, a refetch after an event. Each overlay is installed as the
 * query defaults' `structuralSharing` for its keys, which TanStack Query runs on every new data.
 * Data that already shows the waiting changes (made here, or an overlay's own output) is marked, so a
 * change that is not idempotent (a calendar reorder) is never applied twice.
 */
const shown = new WeakSet<object>();
const overlays: { prefix: QueryKey; apply: (data: object) => object }[] = [];
let client: QueryClient | null = null;

function mark<T>(data: T): T {
  if (data && typeof data === "object") shown.add(data);
  return data;
}

function install(queryClient: QueryClient, prefix: QueryKey, apply: (data: object) => object) {
  queryClient.setQueryDefaults(prefix, {
    structuralSharing: (previous: unknown, next: unknown) => {
      const data = next && typeof next === "object" && !shown.has(next) ? apply(next) : next;
      return mark(replaceEqualDeep(previous, data));
    },
  });
}

/** Shows the outbox's waiting changes on the data of every query whose key starts with `prefix`. */
export function registerOverlay<T extends object>(prefix: QueryKey, apply: (data: T) => T): void {
  const entry = { prefix, apply: apply as unknown as (data: object) => object };
  overlays.push(entry);
  if (client) install(client, entry.prefix, entry.apply);
}

export function bindOverlays(queryClient: QueryClient): void {
  client = queryClient;
  for (const o of overlays) install(queryClient, o.prefix, o.apply);
}

/** The app's query client, for the outbox's handlers (set at start, main.tsx). */
export const offlineQueryClient = () => client;

/**
 * Puts data in the cache that already shows the waiting changes (an optimistic change made here):
 * the overlays leave it as it is.
 */
export function setShownData<T>(queryClient: QueryClient, key: QueryKey, update: (old: T | undefined) => T) {
  queryClient.setQueryData<T>(key, (old) => mark(update(old)));
}
