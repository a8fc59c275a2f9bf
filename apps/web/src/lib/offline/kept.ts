import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * The queries restored from what this device kept, with the data they were restored with: a query
 * shows the kept copy until new data arrives for it. The banner says "showing what this device saved"
 * while a screen shows such data and its read from the server is still on its way (issue 25).
 */
const restored = new WeakMap<Query, number>();

export function markKept(queries: Query[]): void {
  for (const q of queries) if (q.state.data !== undefined) restored.set(q, q.state.dataUpdatedAt);
}

/** Whether this query's data is still the copy restored from the device. */
export const showsKeptCopy = (q: Query) =>
  restored.has(q) && q.state.dataUpdatedAt === restored.get(q) && q.state.data !== undefined;

/** A screen shows kept data and is still waiting for the server's answer. */
export function waitingOverKept(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.getObserversCount() > 0 && q.state.fetchStatus === "fetching" && showsKeptCopy(q));
}

export function useWaitingOverKept(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => waitingOverKept(queryClient),
    () => false,
  );
}
