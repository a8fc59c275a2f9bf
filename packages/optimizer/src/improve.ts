import type { Model } from "./model";
import type { Routes } from "./routes";

/**
 * Travel of a candidate visit order for tour t, or Infinity if it breaks a window or the tour end.
 * Same earliest-start rules as `Routes.update`, without storing anything.
 */
export function simulateTravel(model: Model, t: number, order: Int32Array, n: number): number {
  let time = model.tourStart[t]!;
  let at = model.tourFrom[t]!;
  let travel = 0;
  const L = model.locations;
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const vl = model.loc[v]!;
    const leg = vl < 0 ? 0 : model.travel[at * L + vl]!;
    travel += leg;
    const a = time + leg;
    let w = model.winPtr[t * model.nodes + v]!;
    const wEnd = model.winPtr[t * model.nodes + v + 1]!;
    while (w < wEnd && model.winLatest[w]! < a) w++;
    if (w === wEnd) return Number.POSITIVE_INFINITY;
    time = (a > model.winOpen[w]! ? a : model.winOpen[w]!) + model.service[v]!;
    if (vl >= 0) at = vl;
  }
  const leg = model.travel[at * L + model.tourTo[t]!]!;
  if (time + leg > model.tourEnd[t]!) return Number.POSITIVE_INFINITY;
  return travel + leg;
}

/**
 * Or-opt inside one tour: moves strings of 1-3 consecutive places elsewhere in the tour when that
 * shortens travel and keeps every window. An O(1) travel estimate screens each move; only promising
 * ones are simulated. Returns whether the tour changed (it frees time for more visits).
 */
export function improveTour(routes: Routes, t: number, scratch: Int32Array): boolean {
  const model = routes.model;
  const L = model.locations;
  const base = t * routes.cap;
  const seq = routes.seq;
  let changed = false;
  let again = true;
  while (again) {
    again = false;
    const n = routes.len[t]!;
    let current = routes.travelSum[t]!;
    const nextLoc = nextLocations(routes, t);
    search: for (let len = 1; len <= 3; len++) {
      for (let i = 1; i + len - 1 <= n; i++) {
        let hasMeal = false;
        for (let k = i; k < i + len; k++) if (model.loc[seq[base + k]!]! < 0) hasMeal = true;
        if (hasMeal) continue;
        const first = model.loc[seq[base + i]!]!;
        const last = model.loc[seq[base + i + len - 1]!]!;
        const before = routes.where[base + i - 1]!;
        const after = nextLoc[i + len - 1]!;
        const removeGain =
          model.travel[before * L + first]! +
          model.travel[last * L + after]! -
          model.travel[before * L + after]!;
        for (let g = 0; g <= n; g++) {
          if (g >= i - 1 && g <= i + len - 1) continue;
          const a = routes.where[base + g]!;
          const b = nextLoc[g]!;
          const add = model.travel[a * L + first]! + model.travel[last * L + b]! - model.travel[a * L + b]!;
          if (add - removeGain >= -1e-9) continue;
          // Build the order: everything but the string, with the string after slot g.
          let k = 0;
          for (let s = 1; s <= n; s++) {
            if (s >= i && s < i + len) continue;
            scratch[k++] = seq[base + s]!;
            if (s === g) for (let r = i; r < i + len; r++) scratch[k++] = seq[base + r]!;
          }
          if (g === 0) {
            scratch.copyWithin(len, 0, k);
            for (let r = 0; r < len; r++) scratch[r] = seq[base + i + r]!;
            k += len;
          }
          const travel = simulateTravel(model, t, scratch, k);
          if (travel < current - 1e-9) {
            routes.setTour(t, scratch.subarray(0, k));
            current = travel;
            changed = again = true;
            break search;
          }
        }
      }
    }
  }
  return changed;
}

/**
 * 2-opt inside one tour: reverses a run of places when that shortens travel and keeps every window.
 * Internal travel of the run is accumulated both ways as the run grows, so the screen stays O(1).
 */
export function reverseRuns(routes: Routes, t: number, scratch: Int32Array): boolean {
  const model = routes.model;
  const L = model.locations;
  const base = t * routes.cap;
  const seq = routes.seq;
  const tr = model.travel;
  let changed = false;
  let again = true;
  while (again) {
    again = false;
    const n = routes.len[t]!;
    const current = routes.travelSum[t]!;
    const nextLoc = nextLocations(routes, t);
    outer: for (let i = 1; i < n; i++) {
      const first = model.loc[seq[base + i]!]!;
      if (first < 0) continue;
      const before = routes.where[base + i - 1]!;
      let forward = 0;
      let backward = 0;
      for (let j = i + 1; j <= n; j++) {
        const lj = model.loc[seq[base + j]!]!;
        if (lj < 0) break;
        const prev = model.loc[seq[base + j - 1]!]!;
        forward += tr[prev * L + lj]!;
        backward += tr[lj * L + prev]!;
        const after = nextLoc[j]!;
        const delta =
          tr[before * L + lj]! +
          tr[first * L + after]! +
          backward -
          tr[before * L + first]! -
          tr[lj * L + after]! -
          forward;
        if (delta >= -1e-9) continue;
        let k = 0;
        for (let s = 1; s < i; s++) scratch[k++] = seq[base + s]!;
        for (let s = j; s >= i; s--) scratch[k++] = seq[base + s]!;
        for (let s = j + 1; s <= n; s++) scratch[k++] = seq[base + s]!;
        const travel = simulateTravel(model, t, scratch, k);
        if (travel < current - 1e-9) {
          routes.setTour(t, scratch.subarray(0, k));
          changed = again = true;
          break outer;
        }
      }
    }
  }
  return changed;
}

let nextBuffer = new Int32Array(0);

/**
 * For each slot g of tour t, the location of the first place after it (the end point if none): the
 * moves' O(1) screens read it instead of walking past meals each time. Valid until the tour changes.
 */
function nextLocations(routes: Routes, t: number): Int32Array {
  const model = routes.model;
  const base = t * routes.cap;
  const n = routes.len[t]!;
  if (nextBuffer.length < n + 1) nextBuffer = new Int32Array(routes.cap);
  let at = model.tourTo[t]!;
  for (let g = n; g >= 0; g--) {
    nextBuffer[g] = at;
    const l = g > 0 ? model.loc[routes.seq[base + g]!]! : -1;
    if (l >= 0) at = l;
  }
  return nextBuffer;
}
