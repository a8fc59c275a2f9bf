import { type Compiled, windowsOn } from "./build";
import { type Model, reachableAlone } from "./model";
import { Routes } from "./routes";
import { formatHhmm } from "./time";
import { guessMode, legMode, legTravelMode, type TravelMode } from "./travel";
import type { Meal, PlanDay, UnscheduledReason, Visit } from "./types";

/** The mode reported for a leg: the travel model's own mode, or the spec's guess for a given matrix. */
export function legModeOf(c: Compiled, from: number, to: number): TravelMode {
  const a = c.problem.locations[from]!;
  const b = c.problem.locations[to]!;
  // A matrix without a mode (the benches) is guessed; a trip's matrix (OSRM) keeps the group's mode.
  // A leg from or to an airport rides whatever the group's mode (spec 2 'Transport mode for a leg').
  return c.problem.matrixMinutes && !c.problem.mode
    ? guessMode(a, b)
    : legMode(a, b, legTravelMode(c.mode, a, b));
}

/** Turns scheduled tours into plan days. The group leaves as late as it can without delaying the first stop. */
export function planDays(c: Compiled, routes: Routes): PlanDay[] {
  const { model, problem } = c;
  return problem.days.map((day, t) => {
    const base = t * routes.cap;
    const n = routes.len[t]!;
    const visits: Visit[] = [];
    const meals: Meal[] = [];
    let lastPlace: string | null = null;
    let depart = model.tourStart[t]!;
    const first = n > 0 ? routes.seq[base + 1]! : -1;
    if (first >= 0 && first < model.places) depart += routes.start[base + 1]! - routes.arrive[base + 1]!;
    for (let i = 1; i <= n; i++) {
      const v = routes.seq[base + i]!;
      if (v >= model.places) {
        meals.push({
          kind: c.mealKind[v - model.places]!,
          start: formatHhmm(routes.start[base + i]!),
          end: formatHhmm(routes.end[base + i]!),
          afterPlaceId: lastPlace,
        });
        continue;
      }
      const from = routes.where[base + i - 1]!;
      const to = model.loc[v]!;
      const leg = model.travel[from * model.locations + to]!;
      const arrive = i === 1 ? depart + leg : routes.arrive[base + i]!;
      visits.push({
        placeId: problem.places[v]!.id,
        arrive: formatHhmm(arrive),
        start: formatHhmm(routes.start[base + i]!),
        end: formatHhmm(routes.end[base + i]!),
        travelMinutes: leg,
        mode: legModeOf(c, from, to),
      });
      lastPlace = problem.places[v]!.id;
    }
    const at = routes.where[base + n]!;
    const to = model.tourTo[t]!;
    return {
      date: day.date,
      depart: formatHhmm(depart),
      visits,
      meals,
      back: formatHhmm(routes.arrive[base + n + 1]!),
      backTravelMinutes: model.travel[at * model.locations + to]!,
      backMode: legModeOf(c, at, to),
    };
  });
}

/**
 * Why each unvisited place was left out: closed on every day; too far (does not fit even in an empty
 * day); its preferred time (it fits in the plan at another hour, but only by pushing a kept time-of-day
 * wish out of its band); lower value (it could replace a visit worth no more, or nobody wished for it);
 * else no time. `c` is the finished problem: an unvisited place has its opening hours alone.
 */
export function unscheduledReasons(
  c: Compiled,
  routes: Routes,
): { placeId: string; reason: UnscheduledReason }[] {
  const model = c.model;
  const empty = new Routes(model);
  for (let t = 0; t < model.tours; t++) {
    empty.setTour(
      t,
      routes.tour(t).filter((v) => v >= model.places),
    );
  }
  const out: { placeId: string; reason: UnscheduledReason }[] = [];
  const pick = { slot: 0, cost: 0 };
  for (let j = 0; j < model.places; j++) {
    if (routes.tourOf[j]! >= 0) continue;
    let open = false;
    let fits = false;
    const place = c.problem.places[j]!;
    for (let t = 0; t < model.tours; t++) {
      // Open that day by its hours (a stay longer than the day is too far, not closed).
      const date = c.problem.days[t]!.date;
      const hours = windowsOn(place.open, date);
      if ((hours === null || hours.length > 0) && (!place.lock || place.lock.date === date)) open = true;
      empty.bestInsert(t, j, pick);
      if (pick.slot >= 0 || reachableAlone(model, t, j)) fits = true;
    }
    let reason: UnscheduledReason;
    if (!open) reason = "closed";
    else if (!fits) reason = "too_far";
    else if (place.preferred && wishOf(model, j) > 0 && fitsNow(routes, j)) reason = "preferred_time";
    else if (wishOf(model, j) === 0 || canReplaceCheaper(routes, j)) reason = "lower_value";
    else reason = "no_time";
    out.push({ placeId: c.problem.places[j]!.id, reason });
  }
  return out;
}

/** Whether j fits into the plan as it is, in some day. */
function fitsNow(routes: Routes, j: number): boolean {
  const pick = { slot: 0, cost: 0 };
  for (let t = 0; t < routes.model.tours; t++) {
    routes.bestInsert(t, j, pick);
    if (pick.slot >= 0) return true;
  }
  return false;
}

function wishOf(model: Model, v: number): number {
  let s = 0;
  for (let k = model.wishPtr[v]!; k < model.wishPtr[v + 1]!; k++) s += model.wishValue[k]!;
  return s;
}

/** Whether j would fit in place of one visit wished no more than it (so the plan chose the other). */
function canReplaceCheaper(routes: Routes, j: number): boolean {
  const model = routes.model;
  const trial = new Routes(model);
  const value = wishOf(model, j);
  const pick = { slot: 0, cost: 0 };
  for (let t = 0; t < model.tours; t++) {
    const tour = routes.tour(t);
    for (let i = 0; i < tour.length; i++) {
      const v = tour[i]!;
      if (v >= model.places || wishOf(model, v) > value) continue;
      trial.setTour(t, [...tour.slice(0, i), ...tour.slice(i + 1)]);
      trial.bestInsert(t, j, pick);
      if (pick.slot >= 0) return true;
    }
    trial.setTour(t, []);
  }
  return false;
}
