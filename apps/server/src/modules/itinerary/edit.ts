import type { ItineraryDay, ItineraryEdit, OptimizationResult } from "@tabi/contracts";
import { type PlanDay, type Problem, reschedule, type ScheduleEdit, type Violation } from "@tabi/optimizer";
import { badRequest } from "../../http/errors";
import { text } from "../../i18n";
import { namedVisit, unscheduledReason } from "./present";
import { type DayFrame, homeStops } from "./problem";

/** Spec 2: system places cannot be dragged, resized or removed, nor be a reorder target. */
export const SYSTEM_REORDER_MESSAGE = "Cannot reorder onto system places.";
export const SYSTEM_CHANGE_MESSAGE = "Airports and other system places cannot be moved, resized or removed.";
const isSystem = (v: { placeId: string; system?: string }) =>
  Boolean(v.system) || /^(airport_|return_|departure_)/.test(v.placeId);

/** A day's visits in three parts: the system stops before, the editable visits, the system stops after. */
function split(day: ItineraryDay) {
  let head = 0;
  while (head < day.visits.length && isSystem(day.visits[head]!)) head++;
  let tail = 0;
  while (tail < day.visits.length - head && isSystem(day.visits[day.visits.length - 1 - tail]!)) tail++;
  return { head, tail, middle: day.visits.slice(head, day.visits.length - tail) };
}

type ScheduleMeal = PlanDay["meals"][number]["kind"];
type Named = { id: string; name: string; latitude: number; longitude: number; category: string };

const toPlanDay = (d: ItineraryDay): PlanDay => ({
  date: d.date,
  depart: d.depart,
  back: d.back,
  backTravelMinutes: d.backTravelMinutes,
  backMode: d.backMode as PlanDay["backMode"],
  visits: split(d).middle.map(({ placeId, arrive, start, end, travelMinutes, mode }) => ({
    placeId,
    arrive,
    start,
    end,
    travelMinutes,
    mode: mode as PlanDay["backMode"],
  })),
  meals: d.meals.map((m) => ({ ...m, kind: m.kind as PlanDay["meals"][number]["kind"] })),
});

function fromPlanDay(
  plan: PlanDay,
  old: ItineraryDay,
  frame: DayFrame | undefined,
  places: Map<string, Named>,
  locks: Map<string, "day" | "time">,
) {
  const { head } = split(old);
  const visits = plan.visits.map((v) => {
    const p = places.get(v.placeId);
    if (!p) throw badRequest(text("server:edit.placeNotInTrip"));
    // A lock follows its visit (a locked visit moved by hand is locked where it was put); a note on a
    // time-of-day wish no longer holds once the visit was moved by hand.
    return namedVisit(v, p, locks.get(v.placeId));
  });
  const home = frame?.home ? homeStops(frame, plan.back, plan.backTravelMinutes, plan.backMode) : null;
  return {
    ...old,
    depart: head ? old.depart : plan.depart,
    back: home?.back ?? plan.back,
    backTravelMinutes: home?.backTravelMinutes ?? plan.backTravelMinutes,
    backMode: home?.backMode ?? plan.backMode,
    meals: plan.meals,
    visits: [...old.visits.slice(0, head), ...visits, ...(home?.visits ?? [])],
  } satisfies ItineraryDay;
}

/**
 * Applies one calendar edit with the optimiser's `reschedule`: times are recomputed, and every rule
 * the edit breaks (a closing time, the end of the day) is reported, not hidden.
 */
export function applyEdit(
  problem: Problem,
  frames: DayFrame[],
  result: OptimizationResult,
  edit: ItineraryEdit,
  places: Named[],
) {
  const byId = new Map(places.map((p) => [p.id, p]));
  const days = [...result.days];
  const locks = new Map(
    days.flatMap((d) => d.visits.flatMap((v) => (v.locked ? [[v.placeId, v.locked] as const] : []))),
  );
  const dayAt = (n: number) => {
    const d = days[n - 1];
    if (!d) throw badRequest(text("server:edit.noDay", { day: n }));
    return d;
  };
  const violations: (Violation & { day: number })[] = [];
  /** The days the edit recomputed: their broken rules are now `violations`' (the others' stand). */
  const touched = new Set<number>();
  const run = (n: number, edits: ScheduleEdit[]) => {
    const old = dayAt(n);
    const out = reschedule(problem, toPlanDay(old), edits);
    days[n - 1] = fromPlanDay(out.day, old, frames[n - 1], byId, locks);
    touched.add(n);
    violations.push(...out.violations.map((v) => ({ ...v, day: n })));
  };
  // Client indexes count every visit of the day; the optimiser's count only the editable ones.
  const editable = (n: number, index: number, insertAt = false) => {
    const { head, middle } = split(dayAt(n));
    const i = index - head;
    if (i < 0 || i > middle.length || (!insertAt && i === middle.length))
      throw badRequest(SYSTEM_REORDER_MESSAGE);
    return i;
  };
  const refuseSystem = (placeId: string) => {
    if (isSystem({ placeId })) throw badRequest(SYSTEM_CHANGE_MESSAGE);
  };
  if (edit.type === "reorder") {
    if (isSystem(dayAt(edit.day).visits[edit.from] ?? { placeId: "" }))
      throw badRequest(SYSTEM_CHANGE_MESSAGE);
    run(edit.day, [
      { type: "reorder", from: editable(edit.day, edit.from), to: editable(edit.day, edit.to) },
    ]);
  } else if (edit.type === "resize") {
    refuseSystem(edit.placeId);
    run(edit.day, [{ type: "resize", placeId: edit.placeId, stayMinutes: edit.stayMinutes }]);
  } else if (edit.type === "remove") {
    refuseSystem(edit.placeId);
    run(edit.day, [{ type: "remove", placeId: edit.placeId }]);
  } else if (edit.type === "insert") {
    refuseSystem(edit.placeId);
    if (days.some((d) => d.visits.some((v) => v.placeId === edit.placeId)))
      throw badRequest(text("server:edit.alreadyInPlan"));
    // A meal from the meal buttons goes where the group is at its hour, and the group is never before
    // the day's arrival (a landing) nor after its way home: the index is kept between those stops.
    const { head, middle } = split(dayAt(edit.day));
    const index = edit.meal ? Math.min(Math.max(edit.index, head), head + middle.length) : edit.index;
    run(edit.day, [
      {
        type: "insert",
        placeId: edit.placeId,
        index: editable(edit.day, index, true),
        stayMinutes: edit.stayMinutes,
        ...(edit.meal ? { meal: edit.meal } : {}),
      },
    ]);
  } else if (edit.type === "lock") {
    refuseSystem(edit.placeId);
    const day = dayAt(edit.day);
    const at = day.visits.findIndex((v) => v.placeId === edit.placeId);
    if (at < 0) throw badRequest(text("server:edit.notOnDay"));
    const { locked: _old, ...visit } = day.visits[at]!;
    const visits = [...day.visits];
    visits[at] = edit.lock ? { ...visit, locked: edit.lock } : visit;
    days[edit.day - 1] = { ...day, visits };
  } else {
    const from = dayAt(edit.fromDay);
    const moving = from.visits[edit.index];
    if (!moving) throw badRequest(text("server:edit.nothingToMove"));
    if (isSystem(moving)) throw badRequest(SYSTEM_CHANGE_MESSAGE);
    if (edit.fromDay === edit.toDay)
      run(edit.fromDay, [
        {
          type: "reorder",
          from: editable(edit.fromDay, edit.index),
          to: editable(edit.toDay, edit.toIndex),
        },
      ]);
    else {
      const toIndex = editable(edit.toDay, edit.toIndex, true);
      const stay = Math.round(
        (Date.parse(`2000-01-01T${moving.end}`) - Date.parse(`2000-01-01T${moving.start}`)) / 60000,
      );
      // A meal's restaurant moved to another day is that day's meal (and the old day's break is back).
      const meal = from.meals.find((m) => m.placeId === moving.placeId)?.kind as ScheduleMeal | undefined;
      run(edit.fromDay, [{ type: "remove", placeId: moving.placeId }]);
      run(edit.toDay, [
        {
          type: "insert",
          placeId: moving.placeId,
          index: toIndex,
          stayMinutes: stay > 0 ? stay : undefined,
          ...(meal ? { meal } : {}),
        },
      ]);
    }
  }
  const scheduledIds = new Set(days.flatMap((d) => d.visits.map((v) => v.placeId)));
  const dropped = (v: { placeId: string }) => !scheduledIds.has(v.placeId) && !isSystem(v);
  const unscheduled = [
    ...result.unscheduled.filter((u) => !scheduledIds.has(u.placeId)),
    ...result.days
      .flatMap((d) => d.visits)
      .filter(dropped)
      .map((v) => ({ placeId: v.placeId, name: v.name, ...unscheduledReason("removed") })),
  ];
  return { days, unscheduled, violations, touched };
}
