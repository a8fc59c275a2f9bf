import { type OptimizationResult, UNSCHEDULED_REASONS } from "@tabi/contracts";

// What the active plan says about each place, for the screens that show a place outside the
// calendar (the Places screen's cards and rows).

/** Reasons the server sends that the contracts do not word yet (a member's calendar remove). */
const MORE_REASONS: Record<string, string> = { removed: "Removed from the plan by a member" };

/** Why a place is not in the plan, in words: never the raw code ("too_far"). */
export function unscheduledReasonText(reason: string): string {
  const known = UNSCHEDULED_REASONS[reason] ?? MORE_REASONS[reason];
  if (known) return known;
  const words = reason.replaceAll("_", " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Not in this plan";
}

export interface PlanInfo {
  /** Why the place is not in the plan (only for a place the plan left out). */
  reason?: string;
  /** Why a scheduled visit is not where the group wished it (a time-of-day wish it could not keep). */
  note?: string;
  locked?: "day" | "time";
}

/** Each place's reason, note and lock in the active plan, by place id. */
export function planInfoByPlace(result: OptimizationResult | null | undefined): Map<string, PlanInfo> {
  const out = new Map<string, PlanInfo>();
  if (!result) return out;
  for (const u of result.unscheduled) out.set(u.placeId, { reason: unscheduledReasonText(u.reason) });
  for (const d of result.days)
    for (const v of d.visits)
      if (v.note || v.locked)
        out.set(v.placeId, {
          ...out.get(v.placeId),
          ...(v.note ? { note: v.note } : {}),
          ...(v.locked ? { locked: v.locked } : {}),
        });
  return out;
}

/** The accessible words for a lock (the calendar block, the marker, the stop dialog). */
export const LOCK_LABELS = { day: "Locked to this day", time: "Locked to this day and time" } as const;
