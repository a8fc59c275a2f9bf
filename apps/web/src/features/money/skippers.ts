import { usePlaces } from "../places/api";
import type { SkippersOf } from "./form";

// Where "who's going" (issue 30) meets money (issue 29: "for a linked visit, the split defaults to those
// who went"): a member who said "I'll do something else" on a planned visit is left out of its split.
// A skip belongs to the place (a place is visited once in a plan), so the day does not change it.

/**
 * The members who skip a visit of the trip's plan. The expense dialog calls it when a visit is linked
 * (form.ts withLink), and splits among the others unless the member already chose.
 */
export function useVisitSkippers(tripId: string): SkippersOf {
  const places = usePlaces(tripId).data?.places;
  return ({ placeId }) => places?.find((p) => p.id === placeId)?.skippedBy.map((s) => s.userId) ?? [];
}
