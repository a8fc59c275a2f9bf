import type { ItineraryEdit, OptimizationResult, OptimizationSettings } from "@tabi/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { i18n } from "../../i18n";
import { api } from "../../lib/api";
import {
  offlineQueryClient,
  pendingChanges,
  registerOutboxKind,
  registerOverlay,
  type Sent,
  sendOrQueue,
  setShownData,
} from "../../lib/offline";
import { realtime } from "../../lib/realtime";
import {
  applyEdit,
  applyPendingEdits,
  editedVisitName,
  expectationsOf,
  PLAN_EDIT,
  type PlanEditMeta,
  stillApplies,
} from "../offline/plan";
import { placeKeys } from "../places/api";
import { SEEDED_STALE_MS, tripKeys } from "../trips/api";
import { readTripPart } from "../trips/tripFull";
import { laterProgress, type ProgressState } from "./progressState";
import type { Violation } from "./violations";

export const itineraryKeys = {
  active: (tripId: string) => ["trips", "itinerary", tripId, "active"] as const,
  progress: (tripId: string) => ["trips", "itinerary", tripId, "progress"] as const,
};

export const activeResultQuery = (tripId: string) =>
  queryOptions({
    queryKey: itineraryKeys.active(tripId),
    // Read with the rest of the trip (one request however many parts ask: tripFull.ts).
    queryFn: ({ client }): Promise<OptimizationResult | null> =>
      readTripPart(client, tripId, (full) => full.result),
    staleTime: SEEDED_STALE_MS,
  });
export const useActiveResult = (tripId: string | null) =>
  useQuery({ ...activeResultQuery(tripId ?? ""), enabled: Boolean(tripId) });

type EditAnswer = { result: OptimizationResult; violations: Violation[] };
const isResult = (data: unknown): data is OptimizationResult =>
  Boolean(data && typeof data === "object" && "days" in data && "tripId" in data);

// Calendar edits also work offline (issue 13): shown at once, kept in the outbox until the network is
// back, and checked then against the plan on the server, since an edit names visits by position.
registerOverlay<OptimizationResult>(["trips", "itinerary"], (data) =>
  isResult(data) ? applyPendingEdits(data, pendingChanges(data.tripId)) : data,
);
registerOutboxKind(PLAN_EDIT, {
  check: async (item) => {
    const current = (
      await api<{ result: OptimizationResult | null }>(`/api/trips/${item.tripId}/optimizations/active`)
    ).result;
    return stillApplies(item.meta as unknown as PlanEditMeta, current)
      ? null
      : i18n.t("offline:refused.planChanged");
  },
  sent: (item, answer) => {
    const result = (answer as Partial<EditAnswer> | null)?.result;
    if (result) offlineQueryClient()?.setQueryData(itineraryKeys.active(item.tripId), result);
  },
  settled: (tripId) => {
    const qc = offlineQueryClient();
    if (!qc) return;
    void qc.invalidateQueries({ queryKey: itineraryKeys.active(tripId) });
    void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
  },
});

/**
 * Sends one calendar edit. The plan changes at once (optimistic), is rolled back if the server
 * refuses, and the server's answer (times recomputed by `reschedule`) replaces it. Offline, the edit
 * waits in the outbox and the plan shows it meanwhile (no violations are known until it is sent).
 */
export function useEditItinerary(tripId: string) {
  const qc = useQueryClient();
  const key = itineraryKeys.active(tripId);
  return useMutation({
    mutationFn: async (edit: ItineraryEdit): Promise<EditAnswer> => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<OptimizationResult | null>(key);
      const meta: PlanEditMeta = {
        resultId: before?.id ?? null,
        expect: expectationsOf(edit, before?.days ?? []),
      };
      if (before)
        setShownData<OptimizationResult>(qc, key, () => ({ ...before, days: applyEdit(before.days, edit) }));
      let sent: Sent<EditAnswer>;
      try {
        sent = await sendOrQueue<EditAnswer>({
          kind: PLAN_EDIT,
          tripId,
          method: "POST",
          path: `/api/trips/${tripId}/itinerary/edits`,
          body: edit,
          label: editedVisitName(edit, before?.days ?? []) ?? "",
          meta: { ...meta },
        });
      } catch (err) {
        if (before) qc.setQueryData(key, before); // refused: back as it was
        throw err;
      }
      if (sent.queued) {
        const shown = qc.getQueryData<OptimizationResult | null>(key) ?? before;
        return { result: shown as OptimizationResult, violations: [] };
      }
      qc.setQueryData(key, sent.answer.result);
      void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
      return sent.answer;
    },
  });
}

export const useProgress = (tripId: string | null) => {
  const qc = useQueryClient();
  return useQuery({
    queryKey: itineraryKeys.progress(tripId ?? ""),
    queryFn: async () => {
      const read = await api<ProgressState>(`/api/trips/${tripId}/optimizations/progress`);
      // The channel may have pushed a later state while this read was on its way.
      return laterProgress(qc.getQueryData<ProgressState>(itineraryKeys.progress(tripId ?? "")), read);
    },
    enabled: Boolean(tripId),
  });
};

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
      } else if (event.type === "bookings.changed") {
        // The list, and the plan's mark that bookings changed since it was made.
        void qc.invalidateQueries({ queryKey: ["bookings", tripId] });
        void qc.invalidateQueries({ queryKey: itineraryKeys.active(tripId) });
      } else if (event.type === "documents.changed") {
        // The documents the member may see (features/documents/api.ts documentKeys).
        void qc.invalidateQueries({ queryKey: ["documents", tripId] });
      } else if (event.type === "money.changed") {
        // Expenses, settlements and balances (features/money/api.ts moneyKeys).
        void qc.invalidateQueries({ queryKey: ["money", tripId] });
      } else if (event.type === "polls.changed") {
        // The list and that poll's card (features/polls/api.ts pollKeys): live results. The other
        // cards of a long chat stay as they are (a resync after a gap refetches them all).
        void qc.invalidateQueries({ queryKey: ["polls", tripId, "list"] });
        void qc.invalidateQueries({ queryKey: ["polls", tripId, "one", event.pollId] });
      } else if (event.type === "checklists.changed") {
        // The lists (features/lists/api.ts listKeys): a personal list's change names none, so all.
        void qc.invalidateQueries({
          queryKey: event.listId
            ? ["trips", "lists", tripId, "detail", event.listId]
            : ["trips", "lists", tripId, "detail"],
        });
        void qc.invalidateQueries({ queryKey: ["trips", "lists", tripId, "summary"] });
      } else if (event.type === "members.changed") {
        void qc.invalidateQueries({ queryKey: tripKeys.detail(tripId) });
        void qc.invalidateQueries({ queryKey: tripKeys.list() });
        // Wishes carry their members' names and colours (a rename, a colour, a member leaving).
        void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
        // A member who left takes their poll votes with them.
        void qc.invalidateQueries({ queryKey: ["polls", tripId] });
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
