import type { PlaceSearchResponse } from "@tabi/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function usePlaceSearch(q: string, near?: { lat: number; lng: number } | null) {
  const query = useDebounced(q.trim(), 200);
  return useQuery({
    queryKey: ["place-search", query, near?.lat, near?.lng],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query, limit: "8" });
      if (near) params.set("near", `${near.lat.toFixed(4)},${near.lng.toFixed(4)}`);
      return api<PlaceSearchResponse>(`/api/places/search?${params}`, { signal });
    },
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
