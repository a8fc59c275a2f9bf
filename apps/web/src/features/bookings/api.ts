import type {
  Booking,
  BookingCreateInput,
  BookingUpdateInput,
  LegFacts,
  MealKindName,
  RestaurantList,
} from "@tabi/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { itineraryKeys } from "../itinerary/api";
import { SEEDED_STALE_MS } from "../trips/api";
import { readTripPart } from "../trips/tripFull";

// Bookings of a trip, the facts of a leg and restaurants near a stop (issue 17). The trip's channel
// sends `bookings.changed` (useTripChannel), which refetches the list and the plan's out-of-date mark.
export const bookingKeys = {
  all: (tripId: string) => ["bookings", tripId] as const,
  list: (tripId: string) => [...bookingKeys.all(tripId), "list"] as const,
  leg: (tripId: string, key: string) => ["travel", tripId, "leg", key] as const,
  restaurants: (tripId: string, key: string) => ["travel", tripId, "restaurants", key] as const,
};

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/bookings`;

/** The trip's bookings, newest first. */
export const useBookings = (tripId: string) =>
  useQuery({
    queryKey: bookingKeys.list(tripId),
    // Read with the rest of the trip (one request however many parts ask: tripFull.ts).
    queryFn: ({ client }): Promise<Booking[]> => readTripPart(client, tripId, (full) => full.bookings),
    staleTime: SEEDED_STALE_MS,
  });

/** Create (no id) or update (id) a booking; the plan's out-of-date mark comes back with the result. */
export function useSaveBooking(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: BookingCreateInput | BookingUpdateInput }) =>
      input.id
        ? api<Booking>(`${base(tripId)}/${encodeURIComponent(input.id)}`, {
            method: "PATCH",
            body: input.body,
          })
        : api<Booking>(base(tripId), { body: input.body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: bookingKeys.list(tripId) });
      void qc.invalidateQueries({ queryKey: itineraryKeys.active(tripId) });
    },
  });
}

export function useDeleteBooking(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${base(tripId)}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: bookingKeys.list(tripId) });
      void qc.invalidateQueries({ queryKey: itineraryKeys.active(tripId) });
    },
  });
}

type LatLng = { lat: number; lng: number };
/** Distance, walking, drive and flight times, airports near each end, countries and ride estimates. */
export const useLegFacts = (tripId: string, from: LatLng | null, to: LatLng | null) => {
  const key = from && to ? `${from.lat},${from.lng},${to.lat},${to.lng}` : "";
  return useQuery({
    queryKey: bookingKeys.leg(tripId, key),
    queryFn: () => {
      const q = new URLSearchParams({
        fromLat: String(from!.lat),
        fromLng: String(from!.lng),
        toLat: String(to!.lat),
        toLng: String(to!.lng),
      });
      return api<LegFacts>(`/api/trips/${encodeURIComponent(tripId)}/travel/leg?${q}`);
    },
    enabled: Boolean(from && to),
    staleTime: 10 * 60_000,
  });
};

/** Restaurants near a stop (spec 2 s.5 'Restaurant search'): only after the user searched. */
export const useRestaurants = (
  tripId: string,
  near: LatLng | null,
  query: string,
  meal: MealKindName | undefined,
) => {
  const key = near ? `${near.lat},${near.lng},${query},${meal ?? ""}` : "";
  return useQuery({
    queryKey: bookingKeys.restaurants(tripId, key),
    queryFn: () => {
      const q = new URLSearchParams({ lat: String(near!.lat), lng: String(near!.lng), q: query });
      if (meal) q.set("meal", meal);
      return api<RestaurantList>(`/api/trips/${encodeURIComponent(tripId)}/restaurants?${q}`);
    },
    enabled: Boolean(near && query.trim()),
    staleTime: 5 * 60_000,
  });
};
