import type { PlaceSearchResponse } from "@tabi/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { type LatLng, tripParam } from "./trip-points";

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * `trip`: the trip's destination and places (trip-points.ts); results near them rank first.
 * `near`: a soft bias for when there is no trip yet (the departure, when choosing a destination).
 */
export function usePlaceSearch(q: string, near?: LatLng | null, trip?: LatLng[]) {
  const query = useDebounced(q.trim(), 200);
  const tripText = trip?.length ? tripParam(trip) : "";
  return useQuery({
    queryKey: ["place-search", query, near?.lat, near?.lng, tripText],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query, limit: "8" });
      if (near) params.set("near", `${near.lat.toFixed(4)},${near.lng.toFixed(4)}`);
      if (tripText) params.set("trip", tripText);
      return api<PlaceSearchResponse>(`/api/places/search?${params}`, { signal });
    },
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
