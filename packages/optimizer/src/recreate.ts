import { type Model, reachableAlone } from "./model";
import type { Objective } from "./objective";
import { addedTravel, busyMinutes, PACE_WEIGHT } from "./pace";
import type { Rng } from "./rng";
import { Routes } from "./routes";
import { TUNING } from "./tuning";

/**
 * The recreate half of ruin and recreate: puts unvisited places back into the tours, keeping the best
 * insertion of every (tour, place) pair cached until that tour changes (tour versions are stamps).
 */
export class Recreate {
  /**
   * Pairs (tour, place) worth trying: the place has wishes and fits in that tour when it is empty, or
   * would without its meals (`reachableAlone`: it may fit with another visit after it).
   */
  readonly usable: Uint8Array;
  private readonly cost: Float64Array;
  private readonly slot: Int32Array;
  private readonly stamp: Int32Array;
  private readonly noise: Float64Array;
  private readonly gainOf: Float64Array;
  private readonly weighted: Float64Array;
  private readonly ceiling: Float64Array;
  /** Busy minutes of each tour (`busyMinutes`) at the tour version in `busyStamp`. */
  private readonly busy: Float64Array;
  private readonly busyStamp: Int32Array;

  constructor(
    readonly model: Model,
    readonly work: Routes,
    readonly objective: Objective,
    readonly rng: Rng,
    /** Places removed by the current ruin (held back by `greedy(true)`). */
    readonly removed: Uint8Array,
    /** Tours changed in the current iteration. */
    readonly touched: Uint8Array,
    /** Near places of each place (`nearK` per place, -1 padded): the granular insertion neighbourhood. */
    readonly near: Int32Array = new Int32Array(0),
    readonly nearK = 0,
  ) {
    const n = model.places;
    this.cost = new Float64Array(model.tours * n);
    this.slot = new Int32Array(model.tours * n);
    this.stamp = new Int32Array(model.tours * n);
    this.noise = new Float64Array(n).fill(1);
    this.gainOf = new Float64Array(n);
    this.weighted = new Float64Array(n);
    this.ceiling = new Float64Array(n);
    this.usable = new Uint8Array(model.tours * n);
    this.busy = new Float64Array(model.tours);
    this.busyStamp = new Int32Array(model.tours).fill(-1);
    // A place that does not fit in a tour when it is empty (meals aside) never will: skip those pairs for good.
    for (let t = 0; t < model.tours; t++) {
      for (let j = 0; j < n; j++) {
        let fits = false;
        for (let p = 0; p <= work.len[t]! && !fits; p++) fits = work.insertCost(t, p, j) < Infinity;
        if (!fits && model.mealTour.length > 0) fits = reachableAlone(model, t, j);
        if (fits && model.wishPtr[j + 1]! > model.wishPtr[j]!) this.usable[t * n + j] = 1;
      }
    }
  }

  /** Greedy insertion by gain^2 / time used, with noise; the just-removed wait for a second pass if asked. */
  greedy(holdRemoved: boolean): void {
    const { model, work, rng, objective } = this;
    const n = model.places;
    const linear = objective.weight === 0;
    const cands: number[] = [];
    for (let j = 0; j < n; j++) {
      if (work.tourOf[j]! >= 0) continue;
      let any = false;
      for (let t = 0; t < model.tours && !any; t++) any = this.usable[t * n + j] === 1;
      if (any) {
        cands.push(j);
        this.noise[j] = 1 - TUNING.noise + 2 * TUNING.noise * rng.next();
        this.gainOf[j] = objective.gain(j);
      }
    }
    const alpha = TUNING.alpha;
    // gain^alpha x noise per candidate, refreshed only when gains change (never when linear).
    const weigh = (j: number) => {
      const g = this.gainOf[j]!;
      this.weighted[j] = g > 0 ? (alpha === 2 ? g * g : g ** alpha) * this.noise[j]! : 0;
    };
    for (const j of cands) weigh(j);
    const phase = Routes.now();
    const pick = { slot: 0, cost: 0 };
    const delta = 1e-3 * (model.tourEnd[0]! - model.tourStart[0]! + 1);
    // With fixed weights and a floor on insertion costs, each place's score has a ceiling: scan the
    // places by ceiling and stop at the first that cannot beat the best so far (same pick, fewer scans).
    const floor = linear ? model.insertFloor : undefined;
    const ceiling = this.ceiling;
    if (floor) {
      for (const j of cands) ceiling[j] = this.weighted[j]! / (Math.max(0, floor[j]!) + delta);
      cands.sort((a, b) => ceiling[b]! - ceiling[a]!);
    }
    let live = cands.length;
    for (let pass = holdRemoved ? 0 : 1; pass < 2; pass++) {
      for (;;) {
        let bestScore = -1;
        let bestJ = -1;
        let bestT = -1;
        // Compacts `cands` in order: placed places and places that fit nowhere are dropped.
        let kept = 0;
        let c = 0;
        for (; c < live; c++) {
          const j = cands[c]!;
          if (work.tourOf[j]! >= 0) continue;
          if (floor && ceiling[j]! <= bestScore) break;
          cands[kept++] = j;
          if (pass === 0 && this.removed[j]) continue;
          const weighted = this.weighted[j]!;
          if (weighted <= 0) continue;
          let fits = false;
          for (let t = 0; t < model.tours; t++) {
            const idx = t * n + j;
            if (!this.usable[idx]) continue;
            if (this.stamp[idx] !== work.version[t]) {
              // Tours only grow during recreate: what did not fit since it began still does not.
              // (Exact with the triangle inequality; a heuristic shortcut otherwise.)
              if (this.cost[idx] === Infinity && this.stamp[idx]! >= phase) {
                this.stamp[idx] = work.version[t]!;
                continue;
              }
              this.bestInsert(t, j, pick);
              this.cost[idx] = pick.cost;
              this.slot[idx] = pick.slot;
              this.stamp[idx] = work.version[t]!;
            }
            const cost = this.cost[idx]! + this.paceSurcharge(t, j, this.cost[idx]!, this.slot[idx]!);
            if (cost === Infinity) continue;
            fits = true;
            const score = weighted / ((cost > 0 ? cost : 0) + delta);
            if (score > bestScore) {
              bestScore = score;
              bestJ = j;
              bestT = t;
            }
          }
          // Fits nowhere now, so nowhere for the rest of this recreate (tours only grow): drop it.
          if (!fits) kept--;
        }
        while (c < live) cands[kept++] = cands[c++]!;
        live = kept;
        if (bestJ < 0) break;
        this.touched[bestT] = 1;
        if (!this.place(bestT, this.slot[bestT * n + bestJ]!, bestJ)) continue;
        if (!linear) {
          for (let k = 0; k < live; k++) {
            const j = cands[k]!;
            if (work.tourOf[j]! >= 0) continue;
            this.gainOf[j] = objective.gain(j);
            weigh(j);
          }
        }
      }
    }
  }

  /**
   * SISR-style recreate: the unvisited places in one shuffled order (most wished first, with noise),
   * each put at its cheapest feasible slot if any. Fills tours differently from the ratio greedy.
   */
  ordered(): void {
    const { model, work, rng, objective } = this;
    const n = model.places;
    const order: number[] = [];
    const key = this.noise;
    for (let j = 0; j < n; j++) {
      if (work.tourOf[j]! >= 0 || this.removed[j]) continue;
      let any = false;
      for (let t = 0; t < model.tours && !any; t++) any = this.usable[t * n + j] === 1;
      if (!any) continue;
      const gain = objective.gain(j);
      if (gain <= 0) continue;
      key[j] = gain * (0.5 + rng.next());
      order.push(j);
    }
    order.sort((a, b) => key[b]! - key[a]!);
    const pick = { slot: 0, cost: 0 };
    for (const j of order) {
      let bestT = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      let bestSlot = -1;
      for (let t = 0; t < model.tours; t++) {
        const idx = t * n + j;
        if (!this.usable[idx]) continue;
        if (this.stamp[idx] !== work.version[t]) {
          this.bestInsert(t, j, pick);
          this.cost[idx] = pick.cost;
          this.slot[idx] = pick.slot;
          this.stamp[idx] = work.version[t]!;
        }
        const cost = this.cost[idx]! + this.paceSurcharge(t, j, this.cost[idx]!, this.slot[idx]!);
        if (cost < bestCost) {
          bestCost = cost;
          bestT = t;
          bestSlot = this.slot[idx]!;
        }
      }
      if (bestT < 0) continue;
      this.touched[bestT] = 1;
      this.place(bestT, bestSlot, j);
    }
  }

  /**
   * Minutes that inserting j into tour t after `slot` (at insertion cost `cost`) is worth less for the
   * pace: `PACE_WEIGHT` per busy minute it adds over the day's cap (`Model.paceCap`). Without it the greedy
   * always picks the day already out that way, and the search never finds the spread plan.
   */
  private paceSurcharge(t: number, j: number, cost: number, slot: number): number {
    const caps = this.model.paceCap;
    if (!caps || cost === Number.POSITIVE_INFINITY || slot < 0) return 0;
    if (this.busyStamp[t] !== this.work.version[t]) {
      this.busy[t] = busyMinutes(this.work, t);
      this.busyStamp[t] = this.work.version[t]!;
    }
    const before = Math.max(0, this.busy[t]! - caps[t]!);
    const travel = addedTravel(this.work, t, slot, j);
    const after = Math.max(0, this.busy[t]! + travel + this.model.service[j]! - caps[t]!);
    const cap = caps[this.model.tours + t]!;
    const was = this.work.travelSum[t]!;
    const more = Math.max(0, was + travel - cap) - Math.max(0, was - cap);
    return PACE_WEIGHT * (after - before + more);
  }

  private bestInsert(t: number, j: number, pick: { slot: number; cost: number }): void {
    if (this.nearK > 0 && TUNING.fullScan < this.work.len[t]!)
      this.work.bestInsertNear(t, j, this.near, this.nearK, TUNING.fullScan, pick);
    else this.work.bestInsert(t, j, pick);
  }

  /**
   * Inserts j at a slot its cached cost found feasible. The O(1) check is exact without meals and
   * conservative with them; should a schedule still break, the insertion is undone and j is barred here.
   */
  private place(t: number, slot: number, j: number): boolean {
    if (this.work.insert(t, slot, j)) {
      this.objective.add(j);
      return true;
    }
    this.work.removeAt(t, slot + 1);
    this.work.update(t);
    this.cost[t * this.model.places + j] = Number.POSITIVE_INFINITY;
    this.stamp[t * this.model.places + j] = this.work.version[t]!;
    return false;
  }
}
