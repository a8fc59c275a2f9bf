import type { Me, Place, PlaceCreateInput, PlaceList, PlaceUpdateInput, TripDetail } from "@tabi/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import {
  offlineQueryClient,
  pendingChanges,
  registerOutboxKind,
  registerOverlay,
  sendOrQueue,
  setShownData,
} from "../../lib/offline";
import { applyPendingPlaces, PLACE_KINDS, type PlaceChangeMeta, type WishPerson } from "../offline/places";
import { SEEDED_STALE_MS, tripKeys } from "../trips/api";
import { readTripPart } from "../trips/tripFull";

export const placeKeys = { list: (tripId: string) => ["trips", "places", tripId] as const };

export const placesQuery = (tripId: string) =>
  queryOptions({
    queryKey: placeKeys.list(tripId),
    // Read with the rest of the trip (one request however many parts ask: tripFull.ts).
    queryFn: ({ client }) => readTripPart(client, tripId, (full) => full.places),
    staleTime: SEEDED_STALE_MS,
  });

export const usePlaces = (tripId: string | null) =>
  useQuery({ ...placesQuery(tripId ?? ""), enabled: Boolean(tripId) });

const refreshPlaces = (qc: QueryClient, tripId: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: placeKeys.list(tripId) }),
    qc.invalidateQueries({ queryKey: ["me", "stats"] }),
  ]);

function usePlaceMutation<TVars, TResult>(tripId: string, fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshPlaces(qc, tripId) });
}

// Wishes, priorities, times of day and notes also work offline (issue 13): the change shows at once
// on the places list and waits in the outbox (lib/offline) until the network is back.
registerOverlay<PlaceList>(["trips", "places"], (list) => applyPendingPlaces(list, pendingChanges()));
for (const kind of Object.values(PLACE_KINDS))
  registerOutboxKind(kind, {
    settled: (tripId) => {
      const qc = offlineQueryClient();
      if (qc) void refreshPlaces(qc, tripId);
    },
  });

/** The caller as their wish shows on a place: their name and colour in the trip. */
function wishPerson(qc: QueryClient, tripId: string): WishPerson | undefined {
  const me = qc.getQueryData<Me | null>(["me"]);
  if (!me) return undefined;
  const member = qc
    .getQueryData<TripDetail>(tripKeys.detail(tripId))
    ?.members.find((m) => m.userId === me.id);
  return { userId: me.id, name: member?.name ?? me.name, color: member?.color ?? "#64748b" };
}

type PlaceKind = (typeof PLACE_KINDS)[keyof typeof PLACE_KINDS];

/**
 * A change to one place sent now, or kept in the outbox when offline. Kept, it shows on the places
 * list at once and the mutation answers with the place as it now shows.
 */
function useOfflinePlaceChange<TVars, TResult>(
  tripId: string,
  kind: PlaceKind,
  request: (vars: TVars) => {
    placeId: string;
    method: "PUT" | "PATCH" | "DELETE";
    body?: unknown;
    typed?: string;
  },
  queuedAnswer: (place: Place | undefined) => TResult,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (vars: TVars) => {
      const { placeId, typed, ...req } = request(vars);
      const key = placeKeys.list(tripId);
      const place = qc.getQueryData<PlaceList>(key)?.places.find((p) => p.id === placeId);
      const meta: PlaceChangeMeta = { placeId, me: wishPerson(qc, tripId) };
      const sent = await sendOrQueue<TResult>({
        kind,
        tripId,
        path: `${base(tripId)}/${placeId}${kind === PLACE_KINDS.update ? "" : "/wish"}`,
        ...req,
        label: place?.name ?? "",
        ...(typed ? { typed } : {}),
        meta: { ...meta },
      });
      if (!sent.queued) {
        await refreshPlaces(qc, tripId);
        return sent.answer;
      }
      setShownData<PlaceList | undefined>(qc, key, (list) => list && applyPendingPlaces(list, [sent.item]));
      return queuedAnswer(qc.getQueryData<PlaceList>(key)?.places.find((p) => p.id === placeId));
    },
  });
}

const base = (tripId: string) => `/api/trips/${tripId}/places`;
export const useAddPlace = (tripId: string) =>
  usePlaceMutation(tripId, (body: PlaceCreateInput) =>
    api<{ place: Place; merged: boolean }>(base(tripId), { body }),
  );
/** Name, category, stay, hours, time of day, notes and the caller's priority; offline too. */
export const useUpdatePlace = (tripId: string) =>
  useOfflinePlaceChange(
    tripId,
    PLACE_KINDS.update,
    ({ id, ...body }: PlaceUpdateInput & { id: string }) => ({
      placeId: id,
      method: "PATCH",
      body,
      typed: body.notes ?? undefined,
    }),
    (place) => place as Place,
  );
export const useDeletePlace = (tripId: string) =>
  usePlaceMutation(tripId, (id: string) => api<null>(`${base(tripId)}/${id}`, { method: "DELETE" }));
/** The caller wants the place, with this wish level; offline too. */
export const useSetWish = (tripId: string) =>
  useOfflinePlaceChange(
    tripId,
    PLACE_KINDS.wishSet,
    ({ id, wishLevel }: { id: string; wishLevel: number }) => ({
      placeId: id,
      method: "PUT",
      body: { wishLevel },
    }),
    (place) => place as Place,
  );
/** The caller takes their wish back; offline too. */
export const useRemoveWish = (tripId: string) =>
  useOfflinePlaceChange(
    tripId,
    PLACE_KINDS.wishRemove,
    (id: string) => ({ placeId: id, method: "DELETE" }),
    (place) => ({ place: place ?? null }),
  );

/** "I'll do something else" (skip: true) or "I'm going after all" on a planned visit (issue 30). */
export const useSkipVisit = (tripId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, skip }: { id: string; skip: boolean }) =>
      api<Place>(`${base(tripId)}/${id}/skip`, { method: skip ? "PUT" : "DELETE" }),
    onSuccess: (place) => {
      setShownData<PlaceList | undefined>(qc, placeKeys.list(tripId), (list) =>
        list
          ? {
              ...list,
              places: list.places.map((p) => (p.id === place.id ? { ...p, skippedBy: place.skippedBy } : p)),
            }
          : list,
      );
      void refreshPlaces(qc, tripId);
    },
  });
};
