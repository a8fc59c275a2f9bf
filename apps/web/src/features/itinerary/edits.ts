import type { ItineraryDay, ItineraryEdit, OptimizationResult } from "@tabi/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { placeKeys } from "../places/api";
import { itineraryKeys } from "./api";

const minutes = (a: string, b: string) =>
  Math.round((Date.parse(`2000-01-01T${b}`) - Date.parse(`2000-01-01T${a}`)) / 60000);

/** The edit that undoes `edit` on the plan as it was before it (undo of the last edit). */
export function inverseOf(edit: ItineraryEdit, before: ItineraryDay[]): ItineraryEdit | null {
  switch (edit.type) {
    case "reorder":
      return { type: "reorder", day: edit.day, from: edit.to, to: edit.from };
    case "move":
      return {
        type: "move",
        fromDay: edit.toDay,
        index: edit.toIndex,
        toDay: edit.fromDay,
        toIndex: edit.index,
      };
    case "resize": {
      const v = before[edit.day - 1]?.visits.find((x) => x.placeId === edit.placeId);
      return v
        ? {
            type: "resize",
            day: edit.day,
            placeId: edit.placeId,
            stayMinutes: Math.max(15, minutes(v.start, v.end)),
          }
        : null;
    }
    case "remove": {
      const d = before[edit.day - 1];
      const index = d?.visits.findIndex((x) => x.placeId === edit.placeId) ?? -1;
      const v = d?.visits[index];
      return v
        ? {
            type: "insert",
            day: edit.day,
            placeId: edit.placeId,
            index,
            stayMinutes: minutes(v.start, v.end),
          }
        : null;
    }
    case "insert":
      return { type: "remove", day: edit.day, placeId: edit.placeId };
  }
}

export function useEditItinerary(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (edit: ItineraryEdit) =>
      api<{ result: OptimizationResult; violations: { kind: string; message: string }[] }>(
        `/api/trips/${tripId}/itinerary/edits`,
        { body: edit },
      ),
    onSuccess: (data) => {
      qc.setQueryData(itineraryKeys.active(tripId), data.result);
      void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
    },
  });
}
