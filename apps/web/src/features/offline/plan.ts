import type { ItineraryDay, ItineraryEdit, OptimizationResult } from "@tabi/contracts";
import type { OutboxItem } from "../../lib/offline/outbox";
import { optimisticDays } from "../itinerary/edits";

// A calendar edit made offline: shown on the plan until the server has it, and checked again before
// it is sent, since edits name visits by their place in a day (itinerary/api.ts).
export const PLAN_EDIT = "plan.edit";

/** Where the edit expects its visit: at that index of that day, or anywhere in that day. */
export interface Expectation {
  day: number;
  placeId: string;
  index?: number;
}
export interface PlanEditMeta {
  resultId: string | null;
  expect: Expectation[];
}

/** The days as they will look after the edit (inserts wait for the server). */
export const applyEdit = (days: ItineraryDay[], edit: ItineraryEdit) => optimisticDays(days, edit);

/** The plan with every waiting edit of its trip on top, in order. */
export function applyPendingEdits(
  result: OptimizationResult,
  items: readonly OutboxItem[],
): OptimizationResult {
  const edits = items.filter((i) => i.kind === PLAN_EDIT && i.tripId === result.tripId);
  if (edits.length === 0 || !Array.isArray(result.days)) return result;
  return {
    ...result,
    days: edits.reduce((days, i) => optimisticDays(days, i.body as ItineraryEdit), result.days),
  };
}

const visitAt = (days: ItineraryDay[], day: number, index: number) => days[day - 1]?.visits[index];

/** What must still hold on the server's plan for the edit to mean what the user did. */
export function expectationsOf(edit: ItineraryEdit, days: ItineraryDay[]): Expectation[] {
  switch (edit.type) {
    case "reorder": {
      const v = visitAt(days, edit.day, edit.from);
      return v ? [{ day: edit.day, index: edit.from, placeId: v.placeId }] : [];
    }
    case "move": {
      const v = visitAt(days, edit.fromDay, edit.index);
      return v ? [{ day: edit.fromDay, index: edit.index, placeId: v.placeId }] : [];
    }
    case "resize":
    case "remove":
    case "lock":
      return [{ day: edit.day, placeId: edit.placeId }];
    case "insert":
      return [];
  }
}

/** The visit's name, for the message if the edit is refused. */
export function editedVisitName(edit: ItineraryEdit, days: ItineraryDay[]): string | undefined {
  if (edit.type === "reorder") return visitAt(days, edit.day, edit.from)?.name;
  if (edit.type === "move") return visitAt(days, edit.fromDay, edit.index)?.name;
  return days.flatMap((d) => d.visits).find((v) => v.placeId === edit.placeId)?.name;
}

/**
 * Whether the plan on the server is still the one the edit was made on: the same plan (not a new
 * optimisation) with the visit where the edit expects it. Else someone changed it meanwhile.
 */
export function stillApplies(meta: PlanEditMeta, current: OptimizationResult | null): boolean {
  if (!current || (meta.resultId !== null && current.id !== meta.resultId)) return false;
  return meta.expect.every((e) =>
    e.index === undefined
      ? Boolean(current.days[e.day - 1]?.visits.some((v) => v.placeId === e.placeId))
      : visitAt(current.days, e.day, e.index)?.placeId === e.placeId,
  );
}
