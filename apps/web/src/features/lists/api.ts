import type {
  Checklist,
  ChecklistDetail,
  ChecklistInput,
  ChecklistItem,
  ChecklistItemInput,
  ChecklistItemPatch,
  ChecklistPatch,
} from "@tabi/contracts";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import {
  offlineQueryClient,
  pendingChanges,
  registerOutboxKind,
  sendOrQueue,
  useOutbox,
} from "../../lib/offline";

// The trip's checklists (issue 30 item 3). Under the "trips" root, so the lists seen are kept for
// offline use (lib/offline/persist.ts KEPT_ROOTS). Every write on the server publishes
// `checklists.changed` on the trip's channel (itinerary/api.ts useTripChannel), which refetches them.
export const listKeys = {
  all: (tripId: string) => ["trips", "lists", tripId] as const,
  summary: (tripId: string) => [...listKeys.all(tripId), "summary"] as const,
  detail: (tripId: string, listId: string) => [...listKeys.all(tripId), "detail", listId] as const,
};

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/lists`;
const listUrl = (tripId: string, listId: string) => `${base(tripId)}/${encodeURIComponent(listId)}`;
const itemUrl = (tripId: string, listId: string, itemId: string) =>
  `${listUrl(tripId, listId)}/items/${encodeURIComponent(itemId)}`;

export const useLists = (tripId: string) =>
  useQuery({
    queryKey: listKeys.summary(tripId),
    queryFn: async () => (await api<{ lists: Checklist[] }>(base(tripId))).lists,
  });

export const useList = (tripId: string, listId: string | null) =>
  useQuery({
    queryKey: listKeys.detail(tripId, listId ?? ""),
    queryFn: () => api<ChecklistDetail>(listUrl(tripId, listId!)),
    enabled: Boolean(listId),
  });

const refresh = (qc: QueryClient | null, tripId: string) => {
  if (qc) void qc.invalidateQueries({ queryKey: listKeys.all(tripId) });
};

/** Ticks and new items made offline wait in the outbox (lib/offline/outbox.ts), as wishes do. */
export const ITEM_CHECK = "list.check";
export const ITEM_ADD = "list.item.add";
for (const kind of [ITEM_CHECK, ITEM_ADD])
  registerOutboxKind(kind, { settled: (tripId) => refresh(offlineQueryClient(), tripId) });

/** Items added to a list while offline, waiting to be sent (shown greyed at its end). */
export function usePendingItems(tripId: string, listId: string): { id: string; text: string }[] {
  useOutbox(); // re-renders as the outbox changes
  return pendingChanges(tripId)
    .filter((item) => item.kind === ITEM_ADD && item.meta?.listId === listId)
    .map((item) => ({ id: item.id, text: (item.body as ChecklistItemInput).text }));
}

/** Changes the cached list at once (the server's answer or the next event brings the truth). */
function patchCached(
  qc: QueryClient,
  tripId: string,
  listId: string,
  change: (items: ChecklistItem[]) => ChecklistItem[],
) {
  qc.setQueryData<ChecklistDetail>(listKeys.detail(tripId, listId), (old) => {
    if (!old) return old;
    const items = change(old.items);
    return { ...old, items, total: items.length, done: items.filter((i) => i.checked).length };
  });
  const detail = qc.getQueryData<ChecklistDetail>(listKeys.detail(tripId, listId));
  if (detail)
    qc.setQueryData<Checklist[]>(listKeys.summary(tripId), (old) =>
      old?.map((l) => (l.id === listId ? { ...l, total: detail.total, done: detail.done } : l)),
    );
}

function useListWrite<I, O>(tripId: string, write: (input: I) => Promise<O>, onMutate?: (input: I) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onMutate: async (input: I) => {
      if (!onMutate) return;
      await qc.cancelQueries({ queryKey: listKeys.all(tripId) });
      onMutate(input);
    },
    onSettled: () => refresh(qc, tripId),
  });
}

export const useCreateList = (tripId: string) =>
  useListWrite(tripId, (body: ChecklistInput) => api<ChecklistDetail>(base(tripId), { body }));

export const useChangeList = (tripId: string) =>
  useListWrite(tripId, ({ listId, body }: { listId: string; body: ChecklistPatch }) =>
    api<Checklist>(listUrl(tripId, listId), { method: "PATCH", body }),
  );

export const useDeleteList = (tripId: string) =>
  useListWrite(tripId, (listId: string) => api<void>(listUrl(tripId, listId), { method: "DELETE" }));

/** Adds an item at the end (kept in the outbox when offline); `queued` when kept. */
export const useAddItem = (tripId: string, listId: string) =>
  useListWrite(tripId, async (body: ChecklistItemInput): Promise<{ queued: boolean }> => {
    const sent = await sendOrQueue<ChecklistItem>({
      kind: ITEM_ADD,
      tripId,
      method: "POST",
      path: `${listUrl(tripId, listId)}/items`,
      body,
      label: body.text,
      typed: body.text,
      meta: { listId },
    });
    return { queued: sent.queued };
  });

/** Checks or unchecks at once on screen; sent now, or kept in the outbox when offline. */
export function useCheckItem(
  tripId: string,
  listId: string,
  me: { userId: string; name: string; color: string },
) {
  const qc = useQueryClient();
  return useListWrite(
    tripId,
    async ({ item, checked }: { item: ChecklistItem; checked: boolean }) => {
      await sendOrQueue<ChecklistItem>({
        kind: ITEM_CHECK,
        tripId,
        method: "PATCH",
        path: itemUrl(tripId, listId, item.id),
        body: { checked },
        label: item.text,
        meta: { listId },
      });
    },
    ({ item, checked }) =>
      patchCached(qc, tripId, listId, (items) =>
        items.map((i) =>
          i.id === item.id
            ? {
                ...i,
                checked,
                checkedBy: checked ? me : null,
                checkedAt: checked ? new Date().toISOString() : null,
              }
            : i,
        ),
      ),
  );
}

export const useChangeItem = (tripId: string, listId: string) =>
  useListWrite(tripId, ({ itemId, body }: { itemId: string; body: ChecklistItemPatch }) =>
    api<ChecklistItem>(itemUrl(tripId, listId, itemId), { method: "PATCH", body }),
  );

export function useDeleteItem(tripId: string, listId: string) {
  const qc = useQueryClient();
  return useListWrite(
    tripId,
    (itemId: string) => api<void>(itemUrl(tripId, listId, itemId), { method: "DELETE" }),
    (itemId) => patchCached(qc, tripId, listId, (items) => items.filter((i) => i.id !== itemId)),
  );
}

/** Moves an item right after another (null: first): shown in its new place at once. */
export function useMoveItem(tripId: string, listId: string) {
  const qc = useQueryClient();
  return useListWrite(
    tripId,
    ({ itemId, afterId }: { itemId: string; afterId: string | null }) =>
      api<ChecklistItem>(`${itemUrl(tripId, listId, itemId)}/move`, { body: { afterId } }),
    ({ itemId, afterId }) =>
      patchCached(qc, tripId, listId, (items) => {
        const moving = items.find((i) => i.id === itemId);
        if (!moving) return items;
        const rest = items.filter((i) => i.id !== itemId);
        const at = afterId === null ? 0 : rest.findIndex((i) => i.id === afterId) + 1;
        return [...rest.slice(0, at), moving, ...rest.slice(at)];
      }),
  );
}
