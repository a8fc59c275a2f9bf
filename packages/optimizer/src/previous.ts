import { improveTour } from "./improve";
import type { Model } from "./model";
import { Rng } from "./rng";
import { Routes } from "./routes";
import { placeMeals } from "./search";

/**
 * The previous plan's days rebuilt as tours (`Model.previousTour`), to start a re-optimisation from
 * (issue 26 item 4). Penalising moves alone was not enough: a search started elsewhere settled in
 * another plan of about the same value, and re-running Rome unchanged moved 6 of its 17 places.
 * Started from the previous days, the search leaves them only for a plan better by more than the moves
 * cost. The order inside a day is not known: places go in one by one, each at its cheapest
 * slot, then or-opt shortens the day (the first order that puts all back, else the one that puts back
 * most: tightest window, earliest opening, earliest closing first, then seeded shuffles); a place that
 * no longer fits is left to the search.
 */
export function previousTours(model: Model): number[][] | undefined {
  const before = model.previousTour;
  if (!before?.some((t) => t >= 0)) return undefined;
  const routes = new Routes(model);
  placeMeals(routes);
  const meals = Array.from({ length: model.tours }, (_, t) => routes.tour(t));
  const scratch = new Int32Array(model.nodes + 2);
  const pick = { slot: 0, cost: 0 };
  const tours: number[][] = [];
  for (let t = 0; t < model.tours; t++) {
    const places: number[] = [];
    for (let v = 0; v < model.places; v++) if (before[v] === t) places.push(v);
    // Each day on its own: the order that puts back the most places (then the least travel).
    let best: number[] = meals[t]!;
    let bestCount = -1;
    let bestTravel = Number.POSITIVE_INFINITY;
    for (const order of insertionOrders(model, t, places)) {
      routes.setTour(t, meals[t]!);
      let count = 0;
      for (const v of order) {
        routes.bestInsert(t, v, pick);
        if (pick.slot >= 0 && routes.insert(t, pick.slot, v)) count++;
        else
          routes.setTour(
            t,
            routes.tour(t).filter((u) => u !== v),
          );
      }
      while (improveTour(routes, t, scratch));
      if (count > bestCount || (count === bestCount && routes.travelSum[t]! < bestTravel)) {
        best = routes.tour(t);
        bestCount = count;
        bestTravel = routes.travelSum[t]!;
      }
      if (count === places.length) break;
    }
    routes.setTour(t, best);
    tours.push(best);
  }
  return tours;
}

/** Orders to put a day's places back in: tightest window, earliest opening, earliest closing first. */
function insertionOrders(model: Model, t: number, places: number[]): number[][] {
  const windows = (v: number) => {
    let open = Number.POSITIVE_INFINITY;
    let close = Number.NEGATIVE_INFINITY;
    let width = 0;
    for (let k = model.winPtr[t * model.nodes + v]!; k < model.winPtr[t * model.nodes + v + 1]!; k++) {
      open = Math.min(open, model.winOpen[k]!);
      close = Math.max(close, model.winLatest[k]!);
      width += model.winLatest[k]! - model.winOpen[k]!;
    }
    return { open, close, width };
  };
  const w = new Map(places.map((v) => [v, windows(v)]));
  const by = (key: "open" | "close" | "width") =>
    [...places].sort((a, b) => w.get(a)![key] - w.get(b)![key] || a - b);
  const orders = [by("width"), by("open"), by("close")];
  // Then shuffles (seeded): a night visit far out fits only if the day's other places leave it room.
  const rng = new Rng(7 + t);
  for (let k = 0; k < SHUFFLES && places.length > 1; k++) {
    const order = [...places];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    orders.push(order);
  }
  return orders;
}

/** Random orders tried after the three sorted ones, while some place of the day does not fit. */
const SHUFFLES = 200;
