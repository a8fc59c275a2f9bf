import type { TripFull } from "@tabi/contracts";
import { type QueryClient, type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { bookingKeys } from "../bookings/api";
import { itineraryKeys } from "../itinerary/api";
import { placeKeys } from "../places/api";
import { tripKeys } from "./api";

/**
 * The trip screen's one read (`/api/trips/{id}/full`): it fills the trip, places and plan caches the
 * screen's parts read from, so opening a trip is one request instead of three. Those caches stay fresh
 * through the trip's channel (useTripChannel) and a short staleTime.
 */
/** The caches one /full answer fills: the trip with its members, its places and its plan. */
export const seededByFull = (tripId: string): QueryKey[] => [
  tripKeys.detail(tripId),
  placeKeys.list(tripId),
  itineraryKeys.active(tripId),
  bookingKeys.list(tripId),
];

/** The parts kept /full answers filled, for each trip whose /full answer the cache holds. */
export function keptSeeds(qc: QueryClient): QueryKey[] {
  return qc
    .getQueryCache()
    .findAll({ queryKey: [...tripKeys.all, "full"] })
    .flatMap((q) => (typeof q.queryKey[2] === "string" && q.queryKey[2] ? seededByFull(q.queryKey[2]) : []));
}

export function useTripFull(tripId: string | null | undefined) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...tripKeys.all, "full", tripId ?? ""] as const,
    enabled: Boolean(tripId),
    queryFn: async () => {
      const full = await api<TripFull>(`/api/trips/${tripId}/full`);
      const [detail, places, active, bookings] = seededByFull(tripId!);
      qc.setQueryData(detail!, { trip: full.trip, members: full.members });
      qc.setQueryData(places!, full.places);
      qc.setQueryData(active!, full.result);
      qc.setQueryData(bookings!, full.bookings);
      return full;
    },
  });
}
