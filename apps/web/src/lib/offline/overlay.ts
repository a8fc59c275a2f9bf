import { type QueryClient, type QueryKey, replaceEqualDeep } from "@tanstack/react-query";

/**
 * Changes waiting in the outbox are shown on top of the data, however it arrives: a fetch, the trip
 * screen's one read, a mutation's answer, a refetch after an event. Each overlay is installed as the
 * query defaults' `structuralSharing` for its keys, which TanStack Query runs on every new data.
 * Data that already shows the waiting changes (made here, or an overlay's own output) is marked, so a
 * change that is not idempotent (a calendar reorder) is never applied twice; each such data remembers
 * the server's data under it, which is what is kept on disk (the changes are kept in the outbox, and
 * shown again on top after a restart).
 */
const shown = new WeakSet<object>();
const serverDataOf = new WeakMap<object, unknown>();
const overlays: { prefix: QueryKey; apply: (data: object) => object }[] = [];
let client: QueryClient | null = null;

const isObject = (x: unknown): x is object => Boolean(x) && typeof x === "object";

function install(queryClient: QueryClient, prefix: QueryKey, apply: (data: object) => object) {
  queryClient.setQueryDefaults(prefix, {
    structuralSharing: (previous: unknown, next: unknown) => {
      const fromServer = isObject(next) && !shown.has(next);
      const shared = replaceEqualDeep(previous, fromServer ? apply(next) : next);
      if (isObject(shared)) {
        shown.add(shared);
        const server = fromServer ? next : isObject(next) ? serverDataOf.get(next) : undefined;
        if (server !== undefined) serverDataOf.set(shared, server);
      }
      return shared;
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

/** The data as the server sent it, without the waiting changes shown on it (what is kept on disk). */
export const serverData = (data: unknown): unknown =>
  isObject(data) ? (serverDataOf.get(data) ?? data) : data;

/**
 * Puts data in the cache that already shows the waiting changes (an optimistic change made here):
 * the overlays leave it as it is.
 */
export function setShownData<T>(queryClient: QueryClient, key: QueryKey, update: (old: T | undefined) => T) {
  queryClient.setQueryData<T>(key, (old) => {
    const next = update(old);
    if (isObject(next)) {
      shown.add(next);
      const server = serverData(old);
      if (server !== undefined) serverDataOf.set(next, server);
    }
    return next;
  });
}

/** Data restored from disk, or a user's outbox just loaded: the waiting changes shown on top again. */
export function showWaitingChanges(queryClient: QueryClient): void {
  for (const o of overlays)
    for (const q of queryClient.getQueryCache().findAll({ queryKey: o.prefix }))
      if (isObject(q.state.data))
        queryClient.setQueryData(q.queryKey, serverData(q.state.data), { updatedAt: q.state.dataUpdatedAt });
}
