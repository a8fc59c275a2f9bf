import type { OptimizationProgress, OptimizationResult, OptimizationSettings } from "@tabi/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api";
import { realtime } from "../../lib/realtime";
import { placeKeys } from "../places/api";
import { SEEDED_STALE_MS, tripKeys } from "../trips/api";

export const itineraryKeys = {
  active: (tripId: string) => ["trips", "itinerary", tripId, "active"] as const,
  progress: (tripId: string) => ["trips", "itinerary", tripId, "progress"] as const,
};

export const activeResultQuery = (tripId: string) =>
  queryOptions({
    queryKey: itineraryKeys.active(tripId),
    queryFn: async () =>
      (await api<{ result: OptimizationResult | null }>(`/api/trips/${tripId}/optimizations/active`)).result,
    staleTime: SEEDED_STALE_MS, // filled by the trip screen's one read too
  });
export const useActiveResult = (tripId: string | null) =>
  useQuery({ ...activeResultQuery(tripId ?? ""), enabled: Boolean(tripId) });

export const useProgress = (tripId: string | null) =>
  useQuery({
    queryKey: itineraryKeys.progress(tripId ?? ""),
    queryFn: () =>
      api<{ progress: OptimizationProgress | null; running: boolean }>(
        `/api/trips/${tripId}/optimizations/progress`,
      ),
    enabled: Boolean(tripId),
  });

export const useStartOptimization = (tripId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: OptimizationSettings) =>
      api<{ jobId: string; joined: boolean }>(`/api/trips/${tripId}/optimizations`, { body: settings }),
    onSuccess: () => qc.invalidateQueries({ queryKey: itineraryKeys.progress(tripId) }),
  });
};

/**
 * Subscribes the tab to the trip's channel: progress lands in the cache as it comes, a finished run
 * refreshes the result and the places, member and place changes refresh their lists.
 */
export function useTripChannel(tripId: string | null) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tripId) return;
    const refetchAll = (id: string) => {
      if (id === tripId) void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(tripId) });
    };
    const offEvent = realtime.onEvent((event) => {
      if (event.tripId !== tripId) return;
      if (event.type === "optimization.progress" || event.type === "optimization.failed") {
        const running = event.type === "optimization.progress" && event.progress.stage !== "complete";
        qc.setQueryData(itineraryKeys.progress(tripId), { progress: event.progress, running });
      } else if (event.type === "optimization.completed" || event.type === "itinerary.updated") {
        void qc.invalidateQueries({ queryKey: itineraryKeys.active(tripId) });
        void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
        void qc.invalidateQueries({ queryKey: ["me", "stats"] });
      } else if (event.type === "places.changed") {
        void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
      } else if (event.type === "members.changed") {
        void qc.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
        void qc.invalidateQueries({ queryKey: tripKeys.list() });
      }
    });
    const offResync = realtime.onResync(refetchAll);
    const unsubscribe = realtime.subscribe(tripId);
    return () => {
      offEvent();
      offResync();
      unsubscribe();
    };
  }, [tripId, qc]);
}
