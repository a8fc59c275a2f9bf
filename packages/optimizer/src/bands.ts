import type { Compiled } from "./build";
import { type Model, mergeWindows, reachableAlone } from "./model";
import { Routes } from "./routes";
import { placeMeals } from "./search";

/**
 * A time-of-day wish is a preference, never a reason to leave a place out (issue 26 item 1). The search
 * keeps each band as a hard window; a place whose band no plan can keep is searched with its opening
 * hours alone: from the start when even an empty day cannot keep it (a far place wished for the night,
 * `relaxUnkeepableBands`), and in a second pass when the plan left it out (`bandBlocked`).
 */

/** Whether place v fits, as the only visit of some day with its meals, under `model`'s windows. */
export function fitsAlone(model: Model, v: number, empty = emptyDays(model)): boolean {
  const pick = { slot: 0, cost: 0 };
  for (let t = 0; t < model.tours; t++) {
    empty.bestInsert(t, v, pick);
    if (pick.slot >= 0) return true;
  }
  return false;
}

/** Each day with its meals only. */
export function emptyDays(model: Model): Routes {
  const routes = new Routes(model);
  placeMeals(routes);
  return routes;
}

/** Whether v is reachable alone in some day, meals aside (`reachableAlone`). */
function someDay(model: Model, v: number): boolean {
  for (let t = 0; t < model.tours; t++) if (reachableAlone(model, t, v)) return true;
  return false;
}

function wished(model: Model, v: number): boolean {
  return model.wishPtr[v + 1]! > model.wishPtr[v]!;
}

/** The compiled problem with the windows of the wishes no day can keep (even empty) relaxed to the opening hours. */
export function relaxUnkeepableBands(c: Compiled): Compiled {
  if (!c.relaxed) return c;
  const strictDays = emptyDays(c.model);
  const relaxedDays = emptyDays(c.relaxed);
  const unkeepable = new Set<number>();
  for (let v = 0; v < c.model.places; v++) {
    if (!c.problem.places[v]!.preferred || !wished(c.model, v)) continue;
    if (!fitsAlone(c.model, v, strictDays) && fitsAlone(c.relaxed, v, relaxedDays)) unkeepable.add(v);
  }
  return unkeepable.size ? { ...c, model: mergeWindows(c.model, c.relaxed, unkeepable) } : c;
}

/**
 * Wished places with a time-of-day wish that `routes` left out although their opening hours alone let
 * them into some day: the plan kept every band it could, and these are searched again at any hour.
 */
export function bandBlocked(c: Compiled, routes: Routes): Set<number> {
  const out = new Set<number>();
  if (!c.relaxed) return out;
  const relaxedDays = emptyDays(c.relaxed);
  for (let v = 0; v < c.model.places; v++) {
    if (routes.tourOf[v]! >= 0 || !c.problem.places[v]!.preferred || !wished(c.model, v)) continue;
    if (fitsAlone(c.relaxed, v, relaxedDays) || someDay(c.relaxed, v)) out.add(v);
  }
  return out;
}
