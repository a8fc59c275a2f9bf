/**
 * The solver's view of a problem: flat typed arrays, no strings, no dates.
 * Nodes 0..places-1 are places; nodes places..nodes-1 are meal breaks, each tied to one tour.
 * A meal has no location of its own: it is taken where the group is (see `Routes`).
 */
export interface Model {
  /** Number of optional places (the only nodes the search may add or drop). */
  places: number;
  /** Places plus meal nodes. */
  nodes: number;
  tours: number;
  locations: number;
  /** Travel time between locations, row-major `locations x locations`. */
  travel: Float64Array;
  /** Location of each node; -1 for a meal. */
  loc: Int32Array;
  service: Float64Array;
  tourStart: Float64Array;
  tourEnd: Float64Array;
  tourFrom: Int32Array;
  tourTo: Int32Array;
  /**
   * Windows of node v in tour t are `winPtr[t*nodes+v] .. winPtr[t*nodes+v+1]-1`, sorted by opening;
   * each gives the earliest and latest START of service. No window: closed that day.
   */
  winPtr: Int32Array;
  winOpen: Float64Array;
  winLatest: Float64Array;
  /** Tour of each meal node (index node - places), so ruin and recreate never touch meals. */
  mealTour: Int32Array;
  /** Soft preferred start band per node; NaN when none. */
  prefFrom: Float64Array;
  prefTo: Float64Array;
  /** Sparse wishes: node v's wishes are members wishMember[k], values wishValue[k], k in wishPtr[v]..wishPtr[v+1]. */
  members: number;
  wishPtr: Int32Array;
  wishMember: Int32Array;
  wishValue: Float64Array;
  /**
   * Optional lower bound on the cost (`Routes.insertCost`) of inserting each place anywhere: lets the
   * greedy recreate skip places that cannot win. Only where it provably holds (TOPTW: no meals, and the
   * truncated distances break the triangle inequality by at most one unit).
   */
  insertFloor?: Float64Array;
  /**
   * Pairs of places under `NEIGHBOUR_KM` apart (flattened: a0, b0, a1, b1, ...): a trip's plan keeps
   * them on one day where it can (issue 12). Absent: no such preference (the TOPTW).
   */
  nearPairs?: Int32Array;
  /**
   * Busy minutes each day holds at the trip's pace, then its minutes of travel (`pace.ts`, 2 x tours);
   * absent: packed, no limit (the TOPTW).
   * `paceStrict` ("relaxed"): minutes over cost even when no other day has room.
   */
  paceCap?: Float64Array;
  paceStrict?: boolean;
  /** "packed": days fill as they come, without evening out the days' loads (`Search.dayLoad`). */
  packed?: boolean;
  /** Tour of each place in the previous plan (`PlaceInput.previousDate`), -1 when none. */
  previousTour?: Int32Array;
}

/** Places closer than this are neighbours (a few minutes' walk). */
export const NEIGHBOUR_KM = 0.8;

export function isMeal(model: Model, v: number): boolean {
  return v >= model.places;
}

/** Sum of all members' wishes for node v (the profit of the efficiency-only problem). */
export function totalWish(model: Model, v: number): number {
  let s = 0;
  for (let k = model.wishPtr[v]!; k < model.wishPtr[v + 1]!; k++) s += model.wishValue[k]!;
  return s;
}

/** Travel time from location a to b; either may be the same. */
export function travelTime(model: Model, a: number, b: number): number {
  return model.travel[a * model.locations + b]!;
}

/**
 * A copy of `model` whose wishes are replaced by `profit` for one pseudo-member:
 * used for the reference solves (efficiency-only, and each member alone).
 */
export function withProfits(model: Model, profit: Float64Array): Model {
  const ptr = new Int32Array(model.nodes + 1);
  const count = profit.reduce((c, p) => (p > 0 ? c + 1 : c), 0);
  const member = new Int32Array(count);
  const value = new Float64Array(count);
  let k = 0;
  for (let v = 0; v < model.nodes; v++) {
    ptr[v] = k;
    const p = v < model.places ? profit[v]! : 0;
    if (p > 0) value[k++] = p;
  }
  ptr[model.nodes] = k;
  return { ...model, members: 1, wishPtr: ptr, wishMember: member, wishValue: value };
}

/** `strict`'s windows, except the nodes in `relaxedNodes`, which take `relaxed`'s. */
export function mergeWindows(strict: Model, relaxed: Model, relaxedNodes: Set<number>): Model {
  const winPtr = new Int32Array(strict.winPtr.length);
  const open: number[] = [];
  const latest: number[] = [];
  for (let t = 0; t < strict.tours; t++)
    for (let v = 0; v < strict.nodes; v++) {
      const k = t * strict.nodes + v;
      winPtr[k] = open.length;
      const from = relaxedNodes.has(v) ? relaxed : strict;
      for (let w = from.winPtr[k]!; w < from.winPtr[k + 1]!; w++) {
        open.push(from.winOpen[w]!);
        latest.push(from.winLatest[w]!);
      }
    }
  winPtr[strict.tours * strict.nodes] = open.length;
  return { ...strict, winPtr, winOpen: Float64Array.from(open), winLatest: Float64Array.from(latest) };
}

/**
 * Whether place v fits as the only visit of tour t with no meals: reached from the start point inside
 * a window, and back to the end point by the day's end. A meal is taken where the group is, so a place
 * 35 minutes from the hotel may not fit alone before a dinner that ends at 19:30 in a day that ends at
 * 20:00, yet fits when another visit nearer the hotel follows it: such places are still worth trying.
 */
export function reachableAlone(model: Model, t: number, v: number): boolean {
  const L = model.locations;
  const arrive = model.tourStart[t]! + model.travel[model.tourFrom[t]! * L + model.loc[v]!]!;
  const home = model.travel[model.loc[v]! * L + model.tourTo[t]!]!;
  for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
    const start = Math.max(arrive, model.winOpen[w]!);
    if (start <= model.winLatest[w]! && start + model.service[v]! + home <= model.tourEnd[t]!) return true;
  }
  return false;
}
