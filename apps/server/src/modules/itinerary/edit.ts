import type { ItineraryDay, ItineraryEdit, OptimizationResult } from "@tabi/contracts";
import { type PlanDay, type Problem, reschedule, type ScheduleEdit, type Violation } from "@tabi/optimizer";
import { badRequest } from "../../http/errors";

type Named = { id: string; name: string; latitude: number; longitude: number; category: string };

const toPlanDay = (d: ItineraryDay): PlanDay => ({
  date: d.date,
  depart: d.depart,
  back: d.back,
  backTravelMinutes: d.backTravelMinutes,
  backMode: d.backMode as PlanDay["backMode"],
  visits: d.visits.map(({ placeId, arrive, start, end, travelMinutes, mode }) => ({
    placeId,
    arrive,
    start,
    end,
    travelMinutes,
    mode: mode as PlanDay["backMode"],
  })),
  meals: d.meals.map((m) => ({ ...m, kind: m.kind as PlanDay["meals"][number]["kind"] })),
});

function fromPlanDay(plan: PlanDay, old: ItineraryDay, places: Map<string, Named>): ItineraryDay {
  return {
    ...old,
    depart: plan.depart,
    back: plan.back,
    backTravelMinutes: plan.backTravelMinutes,
    backMode: plan.backMode,
    meals: plan.meals,
    visits: plan.visits.map((v) => {
      const p = places.get(v.placeId);
      if (!p) throw badRequest("That place is not in this trip");
      return { ...v, name: p.name, latitude: p.latitude, longitude: p.longitude, category: p.category };
    }),
  };
}

/**
 * Applies one calendar edit with the optimiser's `reschedule`: times are recomputed, and every rule
 * the edit breaks (a closing time, the end of the day) is reported, not hidden.
 */
export function applyEdit(
  problem: Problem,
  result: OptimizationResult,
  edit: ItineraryEdit,
  places: Named[],
) {
  const byId = new Map(places.map((p) => [p.id, p]));
  const days = [...result.days];
  const dayAt = (n: number) => {
    const d = days[n - 1];
    if (!d) throw badRequest(`The plan has no day ${n}`);
    return d;
  };
  const violations: Violation[] = [];
  const run = (n: number, edits: ScheduleEdit[]) => {
    const old = dayAt(n);
    const out = reschedule(problem, toPlanDay(old), edits);
    days[n - 1] = fromPlanDay(out.day, old, byId);
    violations.push(...out.violations);
  };
  if (edit.type === "reorder") run(edit.day, [{ type: "reorder", from: edit.from, to: edit.to }]);
  else if (edit.type === "resize")
    run(edit.day, [{ type: "resize", placeId: edit.placeId, stayMinutes: edit.stayMinutes }]);
  else if (edit.type === "remove") run(edit.day, [{ type: "remove", placeId: edit.placeId }]);
  else if (edit.type === "insert") {
    if (days.some((d) => d.visits.some((v) => v.placeId === edit.placeId)))
      throw badRequest("That place is already in the plan");
    run(edit.day, [
      { type: "insert", placeId: edit.placeId, index: edit.index, stayMinutes: edit.stayMinutes },
    ]);
  } else {
    const from = dayAt(edit.fromDay);
    const moving = from.visits[edit.index];
    if (!moving) throw badRequest("Nothing to move there");
    if (edit.fromDay === edit.toDay)
      run(edit.fromDay, [{ type: "reorder", from: edit.index, to: edit.toIndex }]);
    else {
      const stay = Math.round(
        (Date.parse(`2000-01-01T${moving.end}`) - Date.parse(`2000-01-01T${moving.start}`)) / 60000,
      );
      run(edit.fromDay, [{ type: "remove", placeId: moving.placeId }]);
      run(edit.toDay, [
        {
          type: "insert",
          placeId: moving.placeId,
          index: edit.toIndex,
          stayMinutes: stay > 0 ? stay : undefined,
        },
      ]);
    }
  }
  const scheduledIds = new Set(days.flatMap((d) => d.visits.map((v) => v.placeId)));
  const unscheduled = [
    ...result.unscheduled.filter((u) => !scheduledIds.has(u.placeId)),
    ...result.days
      .flatMap((d) => d.visits)
      .filter((v) => !scheduledIds.has(v.placeId))
      .map((v) => ({ placeId: v.placeId, name: v.name, reason: "removed" })),
  ];
  return { days, unscheduled, violations };
}
