import { memberColor, type OptimizationResult, type OptimizationSettings } from "@tabi/contracts";
import type { Plan } from "@tabi/optimizer";
import { DAY_START, type DayFrame, homeStops } from "./problem";

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
    locks?: Map<string, { kind: "day" | "time" }>;
    preferred?: Map<string, string>;
  } = {},
): Omit<OptimizationResult, "id" | "createdAt" | "createdBy" | "tripId"> {
  const byId = new Map(places.map((p) => [p.id, p]));
  const tooFar = (extra.tooFar ?? []).map((placeId) => ({ placeId, reason: "too_far" }));
  return {
    executionTimeMs: plan.ms,
    settings,
    days: plan.days.map((d, i) => {
      const frame = frames[i]!;
      const visits = d.visits.map(({ preferredMissed, ...v }) => {
        const p = byId.get(v.placeId)!;
        const locked = extra.locks?.get(v.placeId)?.kind;
        return {
          ...v,
          name: p.name,
          latitude: p.latitude,
          longitude: p.longitude,
          category: p.category,
          ...(locked ? { locked } : {}),
          ...(preferredMissed ? { note: missedNote(extra.preferred?.get(v.placeId)) } : {}),
        };
      });
      const home = frame.home ? homeStops(frame, d.back, d.backTravelMinutes, d.backMode) : null;
      return {
        day: i + 1,
        date: d.date,
        // A flight day leaves the departure at the day's start, for the airport.
        depart: frame.before.length ? DAY_START : d.depart,
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
      reason: u.reason,
    })),
    scores: {
      total: plan.scores.total,
      fairness: plan.scores.fairness,
      efficiency: plan.scores.efficiency,
      details: plan.scores.details,
      min_share: plan.scores.min_share,
      members: Object.entries(plan.scores.shares).map(([userId, share]) => {
        const m = members.find((x) => x.userId === userId);
        return { userId, name: m?.name ?? "Former member", color: memberColor(m?.colorIndex), share };
      }),
    },
    totalTravelMinutes: plan.scores.travelMinutes,
    totalVisitMinutes: plan.scores.visitMinutes,
  };
}

const WHEN: Record<string, string> = {
  morning: "in the morning",
  noon: "around noon",
  afternoon: "in the afternoon",
  night: "at night",
};

/** Why a time-of-day wish was not kept (issue 12: the place detail says why). */
export function missedNote(preferred: string | undefined): string {
  const when = WHEN[preferred ?? ""] ?? "at the wished time";
  return `Wished for ${when}, but no day had room for it then within its opening hours and the group's other wishes, so it is planned as close to that time as the days allow.`;
}
