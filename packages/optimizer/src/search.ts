import type { Model } from "./model.ts";
import { nearestPlaces } from "./neighbours.ts";
import type { Objective } from "./objective.ts";
import { Rng } from "./rng.ts";
import { Routes } from "./routes.ts";

export interface SearchOptions {
  seed: number;
  /** The budget that keeps a run deterministic: the search stops after this many iterations... */
  iterations: number;
  /** ...or at this Date.now() value, whichever comes first. */
  deadline: number;
  /** Tours to start from (node ids, meals included), e.g. the efficiency-only plan. */
  initial?: number[][];
}

const NEIGHBOURS = 24;
/** Search knobs (exported for tuning from the bench only). Temperatures are relative to the best value. */
export const TUNING = { tempStart: 0.006, tempEnd: 0.0002, removeShare: 0.2, removeMax: 40, alpha: 2 };
/** Travel time as a tie-break: worth much less than the smallest wish. */
const TRAVEL_WEIGHT = 1e-7;

/**
 * Ruin and recreate under simulated annealing. Each iteration removes a few visits (random, related
 * by distance, or strings of consecutive visits across tours), then re-inserts places greedily by
 * gain^2 / time used, with O(1) window checks and insertion costs cached per tour version.
 */
export class Search {
  readonly work: Routes;
  private readonly current: Routes;
  readonly best: Routes;
  bestFitness: number;
  private currentFitness: number;
  iteration = 0;
  private readonly rng: Rng;
  private readonly usable: Uint8Array;
  private readonly neighbours: Int32Array;
  private readonly cost: Float64Array;
  private readonly slot: Int32Array;
  private readonly stamp: Int32Array;
  private readonly noise: Float64Array;
  private readonly gainOf: Float64Array;
  private readonly removed: Uint8Array;
  private readonly touched: Uint8Array;
  private readonly travelScale: number;

  constructor(
    readonly model: Model,
    readonly objective: Objective,
    readonly options: SearchOptions,
  ) {
    const n = model.places;
    this.rng = new Rng(options.seed);
    this.work = new Routes(model);
    this.current = new Routes(model);
    this.best = new Routes(model);
    this.cost = new Float64Array(model.tours * n);
    this.slot = new Int32Array(model.tours * n);
    this.stamp = new Int32Array(model.tours * n);
    this.noise = new Float64Array(n).fill(1);
    this.gainOf = new Float64Array(n);
    this.removed = new Uint8Array(n);
    this.touched = new Uint8Array(model.tours);
    this.usable = new Uint8Array(model.tours * n);
    this.neighbours = nearestPlaces(model, Math.min(NEIGHBOURS, Math.max(1, n - 1)));
    let horizon = 0;
    for (let t = 0; t < model.tours; t++) horizon += Math.max(1, model.tourEnd[t]! - model.tourStart[t]!);
    this.travelScale = TRAVEL_WEIGHT / horizon;

    placeMeals(this.work);
    // A place that does not fit in a tour when it is empty never will: skip those pairs for good.
    for (let t = 0; t < model.tours; t++) {
      for (let j = 0; j < n; j++) {
        let fits = false;
        for (let p = 0; p <= this.work.len[t]! && !fits; p++) fits = this.work.insertCost(t, p, j) < Infinity;
        if (fits && model.wishPtr[j + 1]! > model.wishPtr[j]!) this.usable[t * n + j] = 1;
      }
    }
    if (options.initial) {
      for (let t = 0; t < model.tours; t++) this.work.setTour(t, options.initial[t] ?? []);
      objective.recompute(this.work.tourOf);
    } else {
      objective.reset();
    }
    this.recreate(false);
    this.currentFitness = this.bestFitness = this.fitness();
    for (let t = 0; t < model.tours; t++) {
      this.current.copyTour(this.work, t);
      this.best.copyTour(this.work, t);
    }
    for (let t = 0; t < model.tours; t++) {
      this.current.markTour(t);
      this.best.markTour(t);
    }
  }

  /** Objective plus the travel tie-break. */
  fitness(): number {
    return this.objective.value() - this.travelScale * this.work.totalTravel();
  }

  get done(): boolean {
    return this.iteration >= this.options.iterations || Date.now() >= this.options.deadline;
  }

  /** Runs up to `count` iterations; returns true when the budget is spent. */
  step(count: number): boolean {
    for (let k = 0; k < count; k++) {
      if (this.iteration >= this.options.iterations) return true;
      if ((this.iteration & 15) === 0 && Date.now() >= this.options.deadline) return true;
      this.iterate();
    }
    return this.done;
  }

  private iterate(): void {
    const progress = this.iteration / this.options.iterations;
    this.iteration++;
    const model = this.model;
    this.touched.fill(0);
    this.ruin();
    this.recreate(this.rng.next() < 0.5);
    const f = this.fitness();
    const temp = TUNING.tempStart * (TUNING.tempEnd / TUNING.tempStart) ** progress * Math.max(1e-9, Math.abs(this.bestFitness));
    const accept = f >= this.currentFitness - 1e-12 || this.rng.next() < Math.exp((f - this.currentFitness) / temp);
    if (accept) {
      this.currentFitness = f;
      this.syncTouched(this.current, this.work);
      if (f > this.bestFitness + 1e-12) {
        this.bestFitness = f;
        for (let t = 0; t < model.tours; t++) this.best.copyTour(this.work, t);
        for (let t = 0; t < model.tours; t++) this.best.markTour(t);
      }
    } else {
      this.syncTouched(this.work, this.current);
      this.objective.recompute(this.work.tourOf);
    }
  }

  private syncTouched(to: Routes, from: Routes): void {
    for (let t = 0; t < this.model.tours; t++) if (this.touched[t]) to.copyTour(from, t);
    for (let t = 0; t < this.model.tours; t++) if (this.touched[t]) to.markTour(t);
  }

  private removeVisit(t: number, i: number): void {
    const v = this.work.removeAt(t, i);
    this.objective.add(v, -1);
    this.removed[v] = 1;
    this.touched[t] = 1;
  }

  /** Slot of place v in its tour (linear: tours are short). */
  private slotOf(v: number): number {
    const t = this.work.tourOf[v]!;
    const base = t * this.work.cap;
    for (let i = 1; i <= this.work.len[t]!; i++) if (this.work.seq[base + i] === v) return i;
    return -1;
  }

  private ruin(): void {
    const { model, work, rng } = this;
    this.removed.fill(0);
    let visited = 0;
    for (let t = 0; t < model.tours; t++) visited += work.len[t]!;
    if (visited === 0) return;
    const kMax = Math.max(2, Math.min(TUNING.removeMax, Math.round(visited * TUNING.removeShare)));
    const k = 1 + Math.floor(rng.next() ** 2 * kMax);
    const kind = rng.next();
    if (kind < 0.4) {
      // Related: a random visit and its nearest visited neighbours.
      const seed = this.randomVisit();
      if (seed < 0) return;
      const list = [seed];
      const K = this.neighbours.length / model.places;
      for (let i = 0; i < K && list.length < k; i++) {
        const u = this.neighbours[seed * K + i]!;
        if (u >= 0 && work.tourOf[u]! >= 0) list.push(u);
      }
      for (const u of list) this.removeVisit(work.tourOf[u]!, this.slotOf(u));
    } else if (kind < 0.75) {
      // Strings: consecutive visits in one or more tours (Vansteenwegen's shake, SISR's strings).
      const tours = 1 + Math.floor(rng.next() * Math.min(model.tours, 3));
      for (let c = 0; c < tours; c++) {
        const t = rng.int(0, model.tours - 1);
        const places = this.placeSlots(t);
        if (places.length === 0) continue;
        const len = Math.min(places.length, 1 + Math.floor(rng.next() * Math.max(1, k / tours)));
        const from = rng.int(0, places.length - len);
        for (let i = from + len - 1; i >= from; i--) this.removeVisit(t, places[i]!);
      }
    } else {
      for (let c = 0; c < k; c++) {
        const v = this.randomVisit();
        if (v < 0) break;
        this.removeVisit(work.tourOf[v]!, this.slotOf(v));
      }
    }
    for (let t = 0; t < model.tours; t++) if (this.touched[t]) work.update(t);
  }

  /** Slots of the places (not meals) of tour t. */
  private placeSlots(t: number): number[] {
    const base = t * this.work.cap;
    const out: number[] = [];
    for (let i = 1; i <= this.work.len[t]!; i++) if (this.work.seq[base + i]! < this.model.places) out.push(i);
    return out;
  }

  private randomVisit(): number {
    const { model, work, rng } = this;
    for (let tries = 0; tries < 8; tries++) {
      const t = rng.int(0, model.tours - 1);
      const slots = this.placeSlots(t);
      if (slots.length > 0) return work.seq[t * work.cap + slots[rng.int(0, slots.length - 1)]!]!;
    }
    for (let v = 0; v < model.places; v++) if (work.tourOf[v]! >= 0) return v;
    return -1;
  }

  /** Greedy insertion by gain^2 / time used, with noise; the just-removed wait for a second pass if asked. */
  private recreate(holdRemoved: boolean): void {
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
        this.noise[j] = 0.85 + 0.3 * rng.next();
        this.gainOf[j] = objective.gain(j);
      }
    }
    const phase = Routes.now();
    const pick = { slot: 0, cost: 0 };
    const delta = 1e-3 * (model.tourEnd[0]! - model.tourStart[0]! + 1);
    for (let pass = holdRemoved ? 0 : 1; pass < 2; pass++) {
      for (;;) {
        let bestScore = -1;
        let bestJ = -1;
        let bestT = -1;
        for (let c = 0; c < cands.length; c++) {
          const j = cands[c]!;
          if (work.tourOf[j]! >= 0 || (pass === 0 && this.removed[j])) continue;
          const gain = this.gainOf[j]!;
          if (gain <= 0) continue;
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
              work.bestInsert(t, j, pick);
              this.cost[idx] = pick.cost;
              this.slot[idx] = pick.slot;
              this.stamp[idx] = work.version[t]!;
            }
            const cost = this.cost[idx]!;
            if (cost === Infinity) continue;
            const score = ((gain * gain) / ((cost > 0 ? cost : 0) + delta)) * this.noise[j]!;
            if (score > bestScore) {
              bestScore = score;
              bestJ = j;
              bestT = t;
            }
          }
        }
        if (bestJ < 0) break;
        work.insert(bestT, this.slot[bestT * n + bestJ]!, bestJ);
        this.touched[bestT] = 1;
        objective.add(bestJ);
        if (!linear) for (const j of cands) if (work.tourOf[j]! < 0) this.gainOf[j] = objective.gain(j);
      }
    }
  }

  /** The best tours found (node ids in visit order, meals included). */
  bestTours(): number[][] {
    const out: number[][] = [];
    for (let t = 0; t < this.model.tours; t++) out.push(this.best.tour(t));
    return out;
  }
}

/** Puts each tour's meals into it (in time order); they stay for the whole search. */
export function placeMeals(routes: Routes): void {
  const m = routes.model;
  for (let t = 0; t < m.tours; t++) {
    const meals: number[] = [];
    for (let v = m.places; v < m.nodes; v++) if (m.mealTour[v - m.places] === t) meals.push(v);
    meals.sort((a, b) => m.winOpen[m.winPtr[t * m.nodes + a]!]! - m.winOpen[m.winPtr[t * m.nodes + b]!]!);
    routes.setTour(t, meals);
  }
}
