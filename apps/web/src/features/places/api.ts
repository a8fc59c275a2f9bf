import type { Place, PlaceCreateInput, PlaceList, PlaceUpdateInput } from "@tabi/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { SEEDED_STALE_MS } from "../trips/api";

export const placeKeys = { list: (tripId: string) => ["trips", "places", tripId] as const };

export const placesQuery = (tripId: string) =>
  queryOptions({
    queryKey: placeKeys.list(tripId),
    queryFn: () => api<PlaceList>(`/api/trips/${tripId}/places`),
    staleTime: SEEDED_STALE_MS, // filled by the trip screen's one read too
  });

export const usePlaces = (tripId: string | null) =>
  useQuery({ ...placesQuery(tripId ?? ""), enabled: Boolean(tripId) });

function usePlaceMutation<TVars, TResult>(tripId: string, fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: placeKeys.list(tripId) }),
        qc.invalidateQueries({ queryKey: ["me", "stats"] }),
      ]),
  });
}

const base = (tripId: string) => `/api/trips/${tripId}/places`;
export const useAddPlace = (tripId: string) =>
  usePlaceMutation(tripId, (body: PlaceCreateInput) =>
    api<{ place: Place; merged: boolean }>(base(tripId), { body }),
  );
export const useUpdatePlace = (tripId: string) =>
  usePlaceMutation(tripId, ({ id, ...body }: PlaceUpdateInput & { id: string }) =>
    api<Place>(`${base(tripId)}/${id}`, { method: "PATCH", body }),
  );
export const useDeletePlace = (tripId: string) =>
  usePlaceMutation(tripId, (id: string) => api<null>(`${base(tripId)}/${id}`, { method: "DELETE" }));
export const useSetWish = (tripId: string) =>
  usePlaceMutation(tripId, ({ id, wishLevel }: { id: string; wishLevel: number }) =>
    api<Place>(`${base(tripId)}/${id}/wish`, { method: "PUT", body: { wishLevel } }),
  );
export const useRemoveWish = (tripId: string) =>
  usePlaceMutation(tripId, (id: string) =>
    api<{ place: Place | null }>(`${base(tripId)}/${id}/wish`, { method: "DELETE" }),
  );
