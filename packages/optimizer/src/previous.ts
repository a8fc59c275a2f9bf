import { improveTour } from "./improve";
import type { Model } from "./model";
import { Routes } from "./routes";
import { placeMeals } from "./search";

/**
 * The previous plan's days rebuilt as tours (`Model.previousTour`), to start a re-optimisation from
 * (issue 26 item 4). Penalising moves alone was not enough: a search started elsewhere settled in
 * another plan of about the same value, and re-running Rome unchanged moved 6 of its 17 places.
 * Started from the previous days, the search leaves them only for a plan better by more than the moves
 * cost. The order inside a day is not known: places go in tightest window first, each at its cheapest
 * slot, then or-opt shortens the day; a place that no longer fits is left to the search.
 */
export function previousTours(model: Model): number[][] | undefined {
  const before = model.previousTour;
  if (!before?.some((t) => t >= 0)) return undefined;
  const routes = new Routes(model);
  placeMeals(routes);
  const width = (v: number, t: number) => {
    let w = 0;
    for (let k = model.winPtr[t * model.nodes + v]!; k < model.winPtr[t * model.nodes + v + 1]!; k++)
      w += model.winLatest[k]! - model.winOpen[k]!;
    return w;
  };
  const places: number[] = [];
  for (let v = 0; v < model.places; v++) if (before[v]! >= 0) places.push(v);
  places.sort((a, b) => width(a, before[a]!) - width(b, before[b]!) || a - b);
  const pick = { slot: 0, cost: 0 };
  for (const v of places) {
    const t = before[v]!;
    routes.bestInsert(t, v, pick);
    if (pick.slot >= 0) routes.insert(t, pick.slot, v);
  }
  const scratch = new Int32Array(model.nodes + 2);
  const tours: number[][] = [];
  for (let t = 0; t < model.tours; t++) {
    while (improveTour(routes, t, scratch));
    tours.push(routes.tour(t));
  }
  return tours;
}
