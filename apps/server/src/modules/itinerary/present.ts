import { memberColor, type OptimizationResult, type OptimizationSettings } from "@tabi/contracts";
import { type Plan, PREFERRED_BANDS, parseHhmm } from "@tabi/optimizer";
import { planText, type ServerKey } from "../../i18n";
import { hoursOf, windowsForDates } from "../places/opening-hours";
import { type DayFrame, homeStops } from "./problem";

type Named = { id: string; name: string; latitude: number; longitude: number; category: string };

/** The optimiser's plan in the app's words: place names and coordinates, members' names and colours. */
export function presentPlan(
  plan: Plan,
  places: Named[],
  members: { userId: string; name: string; colorIndex: number | null }[],
  frames: DayFrame[],
  settings: OptimizationSettings,
  extra: {
    tooFar?: string[];
    /** The current plan's locks: the day (and the start, for "time") each visit was locked to. */
    locks?: Map<string, { kind: "day" | "time"; date?: string; start?: string }>;
    preferred?: Map<string, string>;
    /** Places whose hours never meet their time-of-day wish on the trip's days: their hours. */
    closedThen?: Map<string, string>;
  } = {},
): Omit<OptimizationResult, "id" | "createdAt" | "createdBy" | "tripId"> {
  const byId = new Map(places.map((p) => [p.id, p]));
  const tooFar = (extra.tooFar ?? []).map((placeId) => ({ placeId, reason: "too_far" as const }));
  return {
    executionTimeMs: plan.ms,
    settings,
    days: plan.days.map((d, i) => {
      const frame = frames[i]!;
      const visits = d.visits.map(({ preferredMissed, ...v }) => {
        const lock = extra.locks?.get(v.placeId);
        // A lock the plan could not keep (its day gone with new trip dates, no room left then) is
        // lifted and said so: still showing "Locked" on another day would be untrue.
        const kept = lock && keptLock(lock, d.date, v.start);
        return {
          ...namedVisit(v, byId.get(v.placeId)!, kept ? lock.kind : undefined),
          ...(lock && !kept
            ? lockLiftedNote()
            : preferredMissed
              ? missedNote(extra.preferred?.get(v.placeId), extra.closedThen?.get(v.placeId))
              : {}),
        };
      });
      const home = frame.home ? homeStops(frame, d.back, d.backTravelMinutes, d.backMode) : null;
      return {
        day: i + 1,
        date: d.date,
        // A flight day leaves the departure for the airport (in time for a booked flight).
        depart: frame.depart ?? d.depart,
        back: home?.back ?? d.back,
        backTravelMinutes: home?.backTravelMinutes ?? d.backTravelMinutes,
        backMode: home?.backMode ?? d.backMode,
        start: frame.start,
        end: frame.end,
        visits: [...frame.before, ...visits, ...(home?.visits ?? [])],
        meals: d.meals,
      };
    }),
    unscheduled: [...plan.unscheduled, ...tooFar].map((u) => ({
      placeId: u.placeId,
      name: byId.get(u.placeId)?.name ?? "",
      ...unscheduledReason(u.reason),
    })),
    scores: {
      total: plan.scores.total,
      fairness: plan.scores.fairness,
      efficiency: plan.scores.efficiency,
      details: plan.scores.details,
      min_share: plan.scores.min_share,
      members: Object.entries(plan.scores.shares).map(([userId, share]) => {
        const m = members.find((x) => x.userId === userId);
        if (m) return { userId, name: m.name, color: memberColor(m.colorIndex), share };
        const former = planText("server:plan.formerMember");
        return { userId, name: former.text, nameKey: former.key, color: memberColor(null), share };
      }),
    },
    totalTravelMinutes: plan.scores.travelMinutes,
    totalVisitMinutes: plan.scores.visitMinutes,
  };
}

// One text per time of day, so each language words the whole sentence (issue 13).
const CLOSED_THEN: Record<string, ServerKey> = {
  morning: "server:plan.missedClosed.morning",
  noon: "server:plan.missedClosed.noon",
  afternoon: "server:plan.missedClosed.afternoon",
  night: "server:plan.missedClosed.night",
};
const NO_ROOM: Record<string, ServerKey> = {
  morning: "server:plan.missedNoRoom.morning",
  noon: "server:plan.missedNoRoom.noon",
  afternoon: "server:plan.missedNoRoom.afternoon",
  night: "server:plan.missedNoRoom.night",
};

/**
 * Why a time-of-day wish was not kept (issue 12: the place detail says why): the place is not open then
 * on any day of the trip (`closedThen`: its hours), or the days had no room then. In English, with the
 * key and values each reader's app says it with.
 */
/** Whether a visit is where its lock put it: that day, and for a time lock about that time. */
export function keptLock(
  lock: { kind: "day" | "time"; date?: string; start?: string },
  date: string,
  start: string,
) {
  if (lock.date !== undefined && lock.date !== date) return false;
  if (lock.kind !== "time" || lock.start === undefined) return true;
  return Math.abs(parseHhmm(lock.start) - parseHhmm(start)) <= 15;
}

/** The note of a visit whose lock could not be kept. */
export function lockLiftedNote() {
  const { text, key } = planText("server:plan.lockLifted");
  return { note: text, noteKey: key };
}

export function missedNote(preferred: string | undefined, closedThen?: string | null) {
  const { text, key, params } = closedThen
    ? planText(CLOSED_THEN[preferred ?? ""] ?? "server:plan.missedClosed.any", { hours: closedThen })
    : planText(NO_ROOM[preferred ?? ""] ?? "server:plan.missedNoRoom.any");
  return { note: text, noteKey: key, ...(params ? { noteParams: params } : {}) };
}

const UNSCHEDULED: Record<string, ServerKey> = {
  too_far: "server:unscheduled.too_far",
  closed: "server:unscheduled.closed",
  preferred_time: "server:unscheduled.preferred_time",
  no_time: "server:unscheduled.no_time",
  lower_value: "server:unscheduled.lower_value",
  removed: "server:unscheduled.removed",
};

/** An unscheduled place's reason: the code the app shows in words, and the key of those words. */
export function unscheduledReason(reason: string) {
  const key = UNSCHEDULED[reason];
  return { reason, ...(key ? { reasonKey: planText(key).key } : {}) };
}

/** Places wished for a time of day at which their hours never open on the trip's days: their hours. */
export function closedAtWishedTime(
  places: {
    id: string;
    name: string;
    category: string;
    openingHours: unknown;
    preferredTimeOfDay: string | null;
  }[],
  dates: string[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of places) {
    const band = p.preferredTimeOfDay
      ? PREFERRED_BANDS[p.preferredTimeOfDay as keyof typeof PREFERRED_BANDS]
      : null;
    if (!band) continue;
    const hours = hoursOf(p).value;
    const byDate = windowsForDates(hours, dates);
    if (!byDate) continue; // open around the clock
    const meets = dates.some((date) =>
      (byDate[date] ?? []).some(([o, c]) => {
        const open = parseHhmm(o);
        const close = parseHhmm(c) <= open ? parseHhmm(c) + 1440 : parseHhmm(c);
        return open < band[1] && close > band[0];
      }),
    );
    if (!meets) out.set(p.id, hours);
  }
  return out;
}

/** A plan's visit in the app's words: the place's name, position and category, and its lock. */
export function namedVisit<V extends { placeId: string }>(visit: V, place: Named, locked?: "day" | "time") {
  return {
    ...visit,
    name: place.name,
    latitude: place.latitude,
    longitude: place.longitude,
    category: place.category,
    ...(locked ? { locked } : {}),
  };
}
