import type { OptimizationResult } from "@tabi/contracts";
import { i18n, serverText } from "../../i18n";

// What the active plan says about each place, for the screens that show a place outside the
// calendar (the Places screen's cards and rows).

/** The reasons the optimiser and the calendar edits give, by code. */
const REASON_KEYS: Record<string, string> = {
  too_far: "server:unscheduled.too_far",
  closed: "server:unscheduled.closed",
  preferred_time: "server:unscheduled.preferred_time",
  no_time: "server:unscheduled.no_time",
  lower_value: "server:unscheduled.lower_value",
  removed: "server:unscheduled.removed",
};

/**
 * Why a place is not in the plan, in words: never the raw code ("too_far"). With the key and
 * parameters when the server sent them (`reasonKey`, `reasonParams`).
 */
export function unscheduledReasonText(
  reason: string,
  key?: string,
  params?: Record<string, unknown>,
): string {
  if (key) return serverText(reason, key, params);
  const known = REASON_KEYS[reason];
  if (known) return i18n.t(known);
  // A sentence the server wrote in English, else a code the web does not know yet, as words.
  const text = serverText(reason);
  if (text !== reason || /\s/.test(reason.trim())) return text;
  const words = reason.replaceAll("_", " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : i18n.t("plan:reason.notInPlan");
}

/** A plan's unscheduled entry (with the key and parameters of its reason once the server sends them). */
export interface UnscheduledReason {
  reason: string;
  reasonKey?: string;
  reasonParams?: Record<string, unknown>;
}
export const reasonOf = (u: UnscheduledReason) =>
  unscheduledReasonText(u.reason, u.reasonKey, u.reasonParams);

export interface PlanInfo {
  /** Why the place is not in the plan (only for a place the plan left out). */
  reason?: string;
  /** Why a scheduled visit is not where the group wished it (a time-of-day wish it could not keep). */
  note?: string;
  locked?: "day" | "time";
}

interface NoteFields {
  note?: string;
  noteKey?: string;
  noteParams?: Record<string, unknown>;
}

/** Each place's reason, note and lock in the active plan, by place id, in the app's language. */
export function planInfoByPlace(result: OptimizationResult | null | undefined): Map<string, PlanInfo> {
  const out = new Map<string, PlanInfo>();
  if (!result) return out;
  for (const u of result.unscheduled) out.set(u.placeId, { reason: reasonOf(u) });
  for (const d of result.days)
    for (const v of d.visits as ((typeof d.visits)[number] & NoteFields)[])
      if (v.note || v.locked)
        out.set(v.placeId, {
          ...out.get(v.placeId),
          ...(v.note ? { note: serverText(v.note, v.noteKey, v.noteParams) } : {}),
          ...(v.locked ? { locked: v.locked } : {}),
        });
  return out;
}

/** The accessible words for a lock (the calendar block, the marker, the stop dialog), by catalogue key. */
export const LOCK_KEYS = { day: "plan:lock.day", time: "plan:lock.time" } as const;
/** The same words in the app's language, read when used: `LOCK_LABELS[locked]`. */
export const LOCK_LABELS: Readonly<Record<"day" | "time", string>> = {
  get day() {
    return i18n.t(LOCK_KEYS.day);
  },
  get time() {
    return i18n.t(LOCK_KEYS.time);
  },
};
