import { compile, windowsOn } from "./build";
import { MEALS } from "./meals";
import type { Model } from "./model";
import { legModeOf } from "./plan";
import { formatHhmm, parseAfter } from "./time";
import type { Meal, MealKind, PlanDay, PreferredTime, Problem, Visit } from "./types";

/** A manual change to one day, as the calendar makes them. Indices count visits (meals move along). */
export type ScheduleEdit =
  | { type: "reorder"; from: number; to: number }
  | { type: "resize"; placeId: string; stayMinutes: number }
  | { type: "remove"; placeId: string }
  | {
      type: "insert";
      placeId: string;
      index: number;
      stayMinutes?: number;
      /** The visit is this meal (a restaurant from the meal button): it replaces the day's break. */
      meal?: MealKind;
    };

/** When the calendar's meal buttons put a meal (contracts MEAL_TIMES): a meal visit waits for it. */
export const MEAL_VISIT_AT: Record<MealKind, number> = { breakfast: 8 * 60, lunch: 12 * 60, dinner: 18 * 60 };

export interface Violation {
  /**
   * `visits_end`: open then, but past the end of the day's visits (the pace's, or a flight home's).
   * `time_of_day`: open then, but outside the time of day the place was wished for, which it had before
   * the edit (or it is new to the day).
   */
  kind: "closed" | "visits_end" | "day_end" | "meal" | "duplicate" | "time_of_day";
  placeId?: string;
  meal?: MealKind;
  preferred?: PreferredTime;
  message: string;
}

interface Item {
  placeId: string;
  stay: number;
}

/**
 * Recomputes the times of one day after manual edits: leaves at the day's start, waits for openings,
 * keeps each meal after the same visit (or at the start if that visit went). Nothing is dropped or
 * moved to hide a problem: every broken rule is listed in `violations`.
 */
export function reschedule(
  problem: Problem,
  day: PlanDay,
  edits: readonly ScheduleEdit[],
): { day: PlanDay; violations: Violation[] } {
  const c = compile(problem);
  const { model } = c;
  const t = problem.days.findIndex((d) => d.date === day.date);
  if (t < 0) throw new Error(`reschedule: no day ${day.date} in the problem`);
  const items: Item[] = day.visits.map((v) => ({
    placeId: v.placeId,
    stay: parseAfter(v.end, parseAfter(v.start, 0)) - parseAfter(v.start, 0),
  }));
  const mealAfter = new Map<MealKind, string | null>(day.meals.map((m) => [m.kind, m.afterPlaceId]));
  // A meal taken at a visit is that visit, not a break: it stays with the visit through later edits.
  const mealAt = new Map<MealKind, string>(
    day.meals.flatMap((m) => (m.placeId ? [[m.kind, m.placeId] as const] : [])),
  );
  for (const edit of edits) applyEdit(items, mealAfter, mealAt, edit, c.placeIndex, problem);
  // A meal whose visit is not in the day (moved away by an older version) is a break again.
  for (const [kind, placeId] of mealAt) if (!items.some((it) => it.placeId === placeId)) mealAt.delete(kind);
  const mealOf = new Map([...mealAt].map(([kind, placeId]) => [placeId, kind]));
  // Where each visit was before the edit: a time-of-day wish the plan had not kept is not news.
  const before = new Map(
    day.visits.map((v) => {
      const start = parseAfter(v.start, 0);
      return [v.placeId, [start, parseAfter(v.end, start)] as const];
    }),
  );

  const violations: Violation[] = [];
  const seen = new Set<string>();
  let clock = model.tourStart[t]!;
  let at = model.tourFrom[t]!;
  const visits: Visit[] = [];
  const meals: Meal[] = [];
  const takeMeals = (after: string | null) => {
    for (let v = model.places; v < model.nodes; v++) {
      if (model.mealTour[v - model.places] !== t) continue;
      const kind = c.mealKind[v - model.places]!;
      if (mealAt.has(kind)) continue;
      if ((mealAfter.has(kind) ? mealAfter.get(kind) : null) !== after) continue;
      const w = model.winPtr[t * model.nodes + v]!;
      const start = Math.max(clock, model.winOpen[w]!);
      if (start > model.winLatest[w]!) {
        violations.push({
          kind: "meal",
          meal: kind,
          message: `${kind} starts at ${formatHhmm(start)}, after its window`,
        });
      }
      clock = start + model.service[v]!;
      meals.push({ kind, start: formatHhmm(start), end: formatHhmm(clock), afterPlaceId: after });
    }
  };
  takeMeals(null);
  for (const item of items) {
    const v = c.placeIndex.get(item.placeId)!;
    if (seen.has(item.placeId)) {
      violations.push({
        kind: "duplicate",
        placeId: item.placeId,
        message: `"${item.placeId}" is in the day twice`,
      });
    }
    seen.add(item.placeId);
    const loc = model.loc[v]!;
    const leg = model.travel[at * model.locations + loc]!;
    const arrive = clock + leg;
    const meal = mealOf.get(item.placeId);
    const mealWindow = meal ? MEALS.find((m) => m.kind === meal)! : undefined;
    // A meal visit is not taken before its meal's time: the group waits there.
    const earliest = meal ? Math.max(arrive, MEAL_VISIT_AT[meal]) : arrive;
    // The group only gets there after the meal's window (a day that starts after breakfast time, a
    // late landing): the meal is late, which is said as such, not as the restaurant being closed.
    const late = mealWindow !== undefined && earliest > mealWindow.to;
    // A visit waits for the time of day it was wished for where that still fits; else its opening
    // hours alone hold (a time-of-day wish is not a rule of the day).
    let start = Number.NaN;
    const strict = openWindows(c.model, t, v);
    let wishMissed = false;
    for (const windows of [strict, ...(c.relaxed ? [openWindows(c.relaxed, t, v)] : [])]) {
      for (const [o, cl] of windows) {
        const s = Math.max(earliest, o);
        if (s + item.stay <= cl) {
          start = s;
          wishMissed = windows !== strict;
          break;
        }
      }
      if (!Number.isNaN(start)) break;
    }
    // A restaurant closed at its meal (an evening alley added for lunch) keeps the meal's time and is
    // reported, rather than pushing the whole day into its evening opening.
    if (mealWindow && !late && start > mealWindow.to) start = Number.NaN;
    if (Number.isNaN(start)) {
      start = earliest;
      const place = problem.places[v]!;
      const hours = windowsOn(place.open, problem.days[t]!.date) ?? [[start, start + item.stay]];
      const open = hours.some(([o, cl]) => o <= start && start + item.stay <= cl);
      // Open at that hour (a shrine open day and night), yet no window fits: the day's visits have
      // ended by then. Said as that, not as opening hours the place does not have.
      if (open && !mealWindow && !place.lock) {
        const end = problem.days[t]!.visitsEnd ?? problem.days[t]!.end;
        violations.push({
          kind: "visits_end",
          placeId: item.placeId,
          message: `"${item.placeId}" ${formatHhmm(start)}-${formatHhmm(start + item.stay)} runs past the end of the day's visits ${end}`,
        });
      } else
        violations.push({
          kind: "closed",
          placeId: item.placeId,
          message: `"${item.placeId}" ${formatHhmm(start)}-${formatHhmm(start + item.stay)} is outside its opening hours`,
        });
    }
    const preferred = problem.places[v]!.preferred;
    const was = before.get(item.placeId);
    if (wishMissed && preferred && (!was || strict.some(([o, cl]) => o <= was[0] && was[1] <= cl)))
      violations.push({
        kind: "time_of_day",
        placeId: item.placeId,
        preferred,
        message: `"${item.placeId}" ${formatHhmm(start)}-${formatHhmm(start + item.stay)} is not in the ${preferred} it was wished for`,
      });
    if (late)
      violations.push({
        kind: "meal",
        meal,
        placeId: item.placeId,
        message: `${meal} starts at ${formatHhmm(start)}, after its window`,
      });
    clock = start + item.stay;
    visits.push({
      placeId: item.placeId,
      arrive: formatHhmm(arrive),
      start: formatHhmm(start),
      end: formatHhmm(clock),
      travelMinutes: leg,
      mode: legModeOf(c, at, loc),
    });
    if (meal)
      meals.push({
        kind: meal,
        start: formatHhmm(start),
        end: formatHhmm(clock),
        afterPlaceId: visits.length > 1 ? visits[visits.length - 2]!.placeId : null,
        placeId: item.placeId,
      });
    at = loc;
    takeMeals(item.placeId);
  }
  const to = model.tourTo[t]!;
  const backLeg = model.travel[at * model.locations + to]!;
  const back = clock + backLeg;
  if (back > model.tourEnd[t]!) {
    violations.push({
      kind: "day_end",
      message: `back at ${formatHhmm(back)}, after the day's end ${problem.days[t]!.end}`,
    });
  }
  return {
    day: {
      date: day.date,
      depart: formatHhmm(model.tourStart[t]!),
      visits,
      meals,
      back: formatHhmm(back),
      backTravelMinutes: backLeg,
      backMode: legModeOf(c, at, to),
    },
    violations,
  };
}

/** Opening windows of node v on day t as [open, close] of the whole stay (any stay length). */
function openWindows(model: Model, t: number, v: number): [number, number][] {
  const out: [number, number][] = [];
  for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
    out.push([model.winOpen[w]!, model.winLatest[w]! + model.service[v]!]);
  }
  return out;
}

function applyEdit(
  items: Item[],
  mealAfter: Map<MealKind, string | null>,
  mealAt: Map<MealKind, string>,
  edit: ScheduleEdit,
  placeIndex: Map<string, number>,
  problem: Problem,
): void {
  const find = (id: string) => {
    const i = items.findIndex((it) => it.placeId === id);
    if (i < 0) throw new Error(`reschedule: "${id}" is not in this day`);
    return i;
  };
  switch (edit.type) {
    case "reorder": {
      if (!(edit.from >= 0 && edit.from < items.length && edit.to >= 0 && edit.to < items.length)) {
        throw new Error(`reschedule: reorder indices must be 0..${items.length - 1}`);
      }
      // A meal break keeps its place in the day: after the visit now where its visit was. Kept after
      // the same visit instead, moving a day's last visit one step earlier took lunch and dinner along
      // and pushed the visit it passed after dinner, into the night.
      const slots = [...mealAfter].map(([kind, after]) => {
        const i = after === null ? -1 : items.findIndex((it) => it.placeId === after);
        return [kind, i] as const;
      });
      const [moved] = items.splice(edit.from, 1);
      items.splice(edit.to, 0, moved!);
      for (const [kind, i] of slots) if (i >= 0) mealAfter.set(kind, items[i]!.placeId);
      return;
    }
    case "resize":
      if (!(edit.stayMinutes >= 0)) throw new Error("reschedule: stayMinutes must be >= 0");
      items[find(edit.placeId)]!.stay = Math.round(edit.stayMinutes);
      return;
    case "remove": {
      const i = find(edit.placeId);
      const before = i > 0 ? items[i - 1]!.placeId : null;
      for (const [kind, after] of mealAfter) if (after === edit.placeId) mealAfter.set(kind, before);
      // Without its restaurant the meal is a break again, where the group then is.
      for (const [kind, placeId] of mealAt)
        if (placeId === edit.placeId) {
          mealAt.delete(kind);
          mealAfter.set(kind, before);
        }
      items.splice(i, 1);
      return;
    }
    case "insert": {
      const v = placeIndex.get(edit.placeId);
      if (v === undefined) throw new Error(`reschedule: unknown place "${edit.placeId}"`);
      const index = Math.max(0, Math.min(items.length, edit.index));
      items.splice(index, 0, {
        placeId: edit.placeId,
        stay: Math.round(edit.stayMinutes ?? problem.places[v]!.stayMinutes),
      });
      if (edit.meal) {
        for (const [kind, placeId] of mealAt) if (placeId === edit.placeId) mealAt.delete(kind);
        mealAt.set(edit.meal, edit.placeId);
      }
    }
  }
}
