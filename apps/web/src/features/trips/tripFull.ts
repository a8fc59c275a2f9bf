import type { TripFull } from "@tabi/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { itineraryKeys } from "../itinerary/api";
import { placeKeys } from "../places/api";
import { tripKeys } from "./api";

/**
 * The trip screen's one read (`/api/trips/{id}/full`): it fills the trip, places and plan caches the
 * screen's parts read from, so opening a trip is one request instead of three. Those caches stay fresh
 * through the trip's channel (useTripChannel) and a short staleTime.
 */
export function useTripFull(tripId: string | null | undefined) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...tripKeys.all, "full", tripId ?? ""] as const,
    enabled: Boolean(tripId),
    queryFn: async () => {
      const full = await api<TripFull>(`/api/trips/${tripId}/full`);
      qc.setQueryData(tripKeys.detail(tripId!), { trip: full.trip, members: full.members });
      qc.setQueryData(placeKeys.list(tripId!), full.places);
      qc.setQueryData(itineraryKeys.active(tripId!), full.result);
      return full;
    },
  });
}
