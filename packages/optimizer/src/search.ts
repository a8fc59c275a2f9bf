import { now } from "./clock";
import { improveTour, reverseRuns, simulateTravel } from "./improve";
import { type Model, totalWish } from "./model";
import { nearestPlaces } from "./neighbours";
import { FAIRNESS, type Objective } from "./objective";
import { busyMinutes, PACE_WEIGHT, paceExcess } from "./pace";
import { Recreate } from "./recreate";
import { Rng } from "./rng";
import { Routes } from "./routes";
import { TUNING } from "./tuning";

export interface SearchOptions {
  seed: number;
  /** The budget that keeps a run deterministic: the search stops after this many iterations... */
  iterations: number;
  /** ...or at this `now()` value (`clock.ts`, monotonic), whichever comes first. */
  deadline: number;
  /** Tours to start from (node ids, meals included), e.g. the efficiency-only plan. */
  initial?: number[][];
  /**
   * `Settings.travelWeight`: 0 keeps travel a tie-break (the TOPTW); above 0 travel is a real cost, and a
   * plan that visits every place goes on shortening its days instead of stopping.
   */
  travelWeight?: number;
  /**
   * Cool by iterations alone: the deadline only stops a run, so the same seed gives the same plan
   * whatever the machine's load (the app; issue 12). Off: time also paces (the TOPTW bench).
   */
  steady?: boolean;
}

const NEIGHBOURS = 24;
/** Travel time as a tie-break: worth much less than the smallest wish. */
const TRAVEL_WEIGHT = 1e-7;
/**
 * Even days against travel (per unit of `Settings.travelWeight`). On a 3-day Kyoto trip whose ten
 * places all fit, 0.25 gave days of 3, 1 and 6 visits (one of them 09:25-11:25 only); 1 gives 4, 3
 * and 3, each a cluster of the map. bench:plans holds its bars from 0.25 to 4 (variance of the loads).
 */
const BALANCE_WEIGHT = 1;
/**
 * A split pair of neighbours costs as much as this many hours of travel (per unit of travelWeight).
 * Set on bench:plans (six trips; travel weight / balance / this): 1 / 0 / 0 split 25% of the pairs
 * under 800 m; 1 / 0.5 / 1 2%, but it dropped wished places to avoid a split (group wish value 0.899
 * in Rome); 1 / 0.25 / 0.5 6% and 0.923. Sticking to the previous plan (STICK_WEIGHT 0.5) kept 95-100%
 * of the places on their days after one place was added (5-44% without).
 */
const NEIGHBOUR_WEIGHT = 0.5;
/** A place moved off its day in the previous plan costs as much as this many hours of travel. */
const STICK_WEIGHT = 1.5;

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
  /**
   * The best's fitness without `Objective.rescueCost`: what the temperature scales with, so a member
   * the search cannot yet help does not heat the annealing by the cost of their nothing.
   */
  private bestScale: number;
  private currentFitness: number;
  iteration = 0;
  /**
   * Iteration budget used so far. Each iteration spends `pace` (1 alone; k while k runs of a portfolio
   * share the budget), so the cooling of every run follows the budget of the whole solve.
   */
  spent = 0;
  pace = 1;
  /** Iteration of the last new best (or kick). */
  private lastGain = 0;
  private lastGainProgress = 0;
  /** Share of the budget used (iterations or time, whichever is further). */
  private progress = 0;
  private readonly began = now();
  private timeShare = 0;
  private readonly rng: Rng;
  private readonly neighbours: Int32Array;
  private readonly fill: Recreate;
  private readonly removed: Uint8Array;
  private readonly touched: Uint8Array;
  private readonly scratch: Int32Array;
  private readonly travelScale: number;
  /** Travel is a cost, not a tie-break: the search does not stop when every place fits. */
  private readonly travelCost: boolean;
  /** Cost of one pair of neighbours split over two days (`splitPairs`), when travel is a cost. */
  private readonly splitScale: number;
  /** Cost of one place moved from its day in the previous plan (`movedPlaces`). */
  private readonly stickScale: number;
  /** Cost of a busy minute over the pace's caps (`paceExcess`), when travel is a cost. */
  private readonly paceScale: number;
  /** Weight of `dayLoad` when travel is a cost. */
  private readonly balanceScale: number;
  /** Windows are wide (`wideWindows`): only then do 2-opt reversals pay for their scan. */
  private readonly wide: boolean;
  /**
   * Cross moves between tours (`cross`, `polish`): two tours or more, narrow windows, and short tours
   * (at most `TUNING.crossMaxVisits` places a tour in the first solution).
   */
  private readonly crosses: boolean;
  /** Share of the visits a first kick removes: all where tours are short (`TUNING.restartMaxVisits`). */
  private readonly kickShare: number;
  /** Kicks since the last new best: each one removes more (`TUNING.kickStep`). */
  private kicks = 0;

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
    this.removed = new Uint8Array(n);
    this.touched = new Uint8Array(model.tours);
    this.scratch = new Int32Array(model.nodes + 2);
    this.neighbours = nearestPlaces(model, Math.min(NEIGHBOURS, Math.max(1, n - 1)));
    let horizon = 0;
    for (let t = 0; t < model.tours; t++) horizon += Math.max(1, model.tourEnd[t]! - model.tourStart[t]!);
    const travelWeight = options.travelWeight ?? 0;
    // An hour of travel costs travelWeight / 3 of an average visit of a full plan (objective ~1 over
    // about min(places, 5 a day) visits).
    const visitsEstimate = Math.max(1, Math.min(n, 5 * model.tours));
    this.travelScale = travelWeight > 0 ? travelWeight / (3 * visitsEstimate * 60) : TRAVEL_WEIGHT / horizon;
    this.travelCost = travelWeight > 0;
    this.splitScale = (NEIGHBOUR_WEIGHT * travelWeight) / (3 * visitsEstimate);
    this.balanceScale = model.packed ? 0 : BALANCE_WEIGHT * travelWeight;
    this.stickScale = (STICK_WEIGHT * travelWeight) / (3 * visitsEstimate);
    this.paceScale = (PACE_WEIGHT * travelWeight) / (3 * visitsEstimate * 60);
    this.wide = wideWindows(model);

    placeMeals(this.work);
    this.fill = new Recreate(
      model,
      this.work,
      objective,
      this.rng,
      this.removed,
      this.touched,
      this.neighbours,
      this.neighbours.length / Math.max(1, n),
    );
    objective.rescue(this.fill.usable);
    if (options.initial) {
      for (let t = 0; t < model.tours; t++) this.work.setTour(t, options.initial[t] ?? []);
      objective.recompute(this.work.tourOf);
    } else {
      objective.reset();
    }
    this.fill.greedy(false);
    this.currentFitness = this.bestFitness = this.fitness();
    this.bestScale = this.bestFitness + objective.rescueCost();
    for (let t = 0; t < model.tours; t++) {
      this.current.copyTour(this.work, t);
      this.best.copyTour(this.work, t);
    }
    for (let t = 0; t < model.tours; t++) {
      this.current.markTour(t);
      this.best.markTour(t);
    }
    this.complete = !this.travelCost && this.visitsAllUsable(this.best);
    let visits = 0;
    for (let t = 0; t < model.tours; t++) visits += this.placeSlots(t).length;
    this.crosses = model.tours >= 2 && !this.wide && visits / model.tours <= TUNING.crossMaxVisits;
    // A search that refines a given plan (the fairness pass from the efficient one) keeps its kicks to half.
    const restarts = !options.initial && visits / model.tours <= TUNING.restartMaxVisits;
    this.kickShare = restarts ? 1 : TUNING.kickShare;
  }

  /** Objective plus the travel tie-break. */
  fitness(): number {
    const value = this.objective.value() - this.travelScale * this.work.totalTravel();
    return this.travelCost
      ? value -
          this.balanceScale * this.dayLoad() -
          this.splitScale * this.splitPairs() -
          this.stickScale * this.movedPlaces() -
          (this.model.paceCap
            ? this.paceScale * paceExcess(this.work, this.model.paceCap, !!this.model.paceStrict)
            : 0)
      : value;
  }

  /** Places of the previous plan now on another day or left out (`Model.previousTour`). */
  private movedPlaces(): number {
    const before = this.model.previousTour;
    if (!before) return 0;
    const tourOf = this.work.tourOf;
    let moved = 0;
    for (let v = 0; v < before.length; v++) if (before[v]! >= 0 && tourOf[v] !== before[v]) moved++;
    return moved;
  }

  /** Neighbouring places (`Model.nearPairs`) both visited, on different days. */
  private splitPairs(): number {
    const pairs = this.model.nearPairs;
    if (!pairs) return 0;
    const tourOf = this.work.tourOf;
    let split = 0;
    for (let k = 0; k < pairs.length; k += 2) {
      const a = tourOf[pairs[k]!]!;
      const b = tourOf[pairs[k + 1]!]!;
      if (a >= 0 && b >= 0 && a !== b) split++;
    }
    return split;
  }

  /**
   * Variance over days of busy minutes / day length: with travel a cost, a plan that fits every place
   * would otherwise pack them into fewer days (one round trip from the hotel less) and leave a day
   * nearly empty while another runs into the night (issue 12). The variance, not the sum of squares,
   * so that adding a visit is never what it discourages.
   */
  private dayLoad(): number {
    const r = this.work;
    const m = this.model;
    let sum = 0;
    let sumSq = 0;
    for (let t = 0; t < m.tours; t++) {
      const x = busyMinutes(r, t) / Math.max(1, m.tourEnd[t]! - m.tourStart[t]!);
      sum += x;
      sumSq += x * x;
    }
    const mean = sum / m.tours;
    return sumSq / m.tours - mean * mean;
  }

  get done(): boolean {
    return this.complete || this.spent >= this.options.iterations || now() >= this.options.deadline;
  }

  /** True once the best solution visits every place that fits anywhere: nothing is left to gain but travel. */
  complete = false;

  /** Runs up to `count` iterations; returns true when the budget is spent. */
  step(count: number): boolean {
    for (let k = 0; k < count; k++) {
      if (this.complete || this.spent >= this.options.iterations) return true;
      if ((this.iteration & 15) === 0 && now() >= this.options.deadline) return true;
      this.iterate();
    }
    return this.done;
  }

  private iterate(): void {
    const model = this.model;
    if ((this.iteration & 15) === 0 && Number.isFinite(this.options.deadline) && !this.options.steady) {
      this.timeShare = (now() - this.began) / Math.max(1, this.options.deadline - this.began);
    }
    // Cooling follows whichever budget runs out first (iterations keep a run deterministic).
    const progress = Math.min(1, Math.max(this.spent / this.options.iterations, this.timeShare));
    this.progress = progress;
    this.touched.fill(0);
    this.iteration++;
    this.spent += this.pace;
    // Stuck for long: kick the current solution hard (half its visits) and take the result as is.
    let kick =
      this.iteration - this.lastGain > TUNING.stallMin && progress - this.lastGainProgress > TUNING.stall;
    // Stuck: first try every cross move from here (`polish`); kick only if none improves.
    if (kick && TUNING.polish > 0 && this.crosses) {
      const polished = this.polish();
      this.touched.fill(0);
      this.removed.fill(0);
      if (polished) {
        this.markGain(progress);
        kick = false;
      }
    }
    if (kick) this.kicks++;
    this.ruin(kick ? Math.min(1, this.kickShare + TUNING.kickStep * (this.kicks - 1)) : 0);
    if (kick || this.rng.next() < TUNING.ordered) this.fill.ordered();
    this.fill.greedy(this.rng.next() < 0.5);
    if (TUNING.improve) {
      let freed = false;
      for (let t = 0; t < model.tours; t++) {
        if (!this.touched[t]) continue;
        if (TUNING.improve & 2 && this.wide && reverseRuns(this.work, t, this.scratch)) freed = true;
        if (TUNING.improve & 1 && improveTour(this.work, t, this.scratch)) freed = true;
      }
      if (freed) this.fill.greedy(false);
    }
    const f = this.fitness();
    const temp =
      TUNING.tempStart *
      (TUNING.tempEnd / TUNING.tempStart) ** progress *
      Math.max(1e-9, Math.abs(this.bestScale));
    if (kick) this.markGain(progress);
    const accept =
      kick ||
      f >= this.currentFitness - 1e-12 ||
      this.rng.next() < Math.exp((f - this.currentFitness) / temp);
    if (accept) {
      this.currentFitness = f;
      this.syncTouched(this.current, this.work);
      this.keepIfBest(f);
    } else {
      this.syncTouched(this.work, this.current);
      this.objective.recompute(this.work.tourOf);
    }
  }

  private markGain(progress: number): void {
    this.lastGain = this.iteration;
    this.lastGainProgress = progress;
  }

  /**
   * A new best, if it is one. With fairness, a plan under `FAIRNESS.keepFloor` of the value is a best
   * only if it is one without counting who has nothing: a member's rescue never takes the group under
   * it, while the slider at 1 keeps its own floor (it may end a little under 90%, as before).
   */
  private keepIfBest(f: number): void {
    if (f <= this.bestFitness + 1e-12) return;
    const scale = f + this.objective.rescueCost();
    if (
      this.objective.weight > 0 &&
      this.objective.efficiency() < FAIRNESS.keepFloor - 1e-12 &&
      scale <= this.bestScale + 1e-12
    )
      return;
    this.bestFitness = f;
    this.bestScale = scale;
    this.kicks = 0;
    this.markGain(this.progress);
    for (let t = 0; t < this.model.tours; t++) this.best.copyTour(this.work, t);
    for (let t = 0; t < this.model.tours; t++) this.best.markTour(t);
    this.complete = !this.travelCost && this.visitsAllUsable(this.best);
  }

  private visitsAllUsable(routes: Routes): boolean {
    const n = this.model.places;
    for (let j = 0; j < n; j++) {
      if (routes.tourOf[j]! >= 0) continue;
      for (let t = 0; t < this.model.tours; t++) if (this.fill.usable[t * n + j]) return false;
    }
    return true;
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

  /** Removes a few visits; `share` > 0 removes that share of them at random instead. */
  private ruin(share: number): void {
    const { model, work, rng } = this;
    this.removed.fill(0);
    let visited = 0;
    for (let t = 0; t < model.tours; t++) visited += work.len[t]!;
    if (visited === 0) return;
    if (share > 0) {
      for (let c = Math.ceil(visited * share); c > 0; c--) {
        const v = this.randomVisit();
        if (v < 0) break;
        this.removeVisit(work.tourOf[v]!, this.slotOf(v));
      }
      this.settleRuin();
      return;
    }
    if (this.crosses && rng.next() < TUNING.cross) {
      this.cross();
      this.settleRuin();
      return;
    }
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
    this.settleRuin();
  }

  /**
   * Cross move: a short string of visits leaves its tour, and each of its places is offered to the
   * tours of its nearest visits, where it may push out the one to three places after it
   * (`ejectInsert`). What finds no place is left, with the gaps, to the recreate.
   */
  private cross(): void {
    const { work, rng } = this;
    const v = this.randomVisit();
    if (v < 0) return;
    const a = work.tourOf[v]!;
    const slots = this.placeSlots(a);
    const at = slots.findIndex((i) => work.seq[a * work.cap + i] === v);
    const len = 1 + Math.floor(rng.next() * 4);
    const from = Math.max(0, at - Math.floor(rng.next() * len));
    this.crossString(a, from, len, rng.next() < 0.5);
  }

  /** The cross move on the places in slots from..from+len-1 (of the tour's places) of tour a. */
  private crossString(a: number, from: number, len: number, reverse: boolean): boolean {
    const work = this.work;
    const slots = this.placeSlots(a);
    const end = Math.min(slots.length, from + len);
    if (from >= end) return false;
    const moved: number[] = [];
    for (let i = end - 1; i >= from; i--) {
      moved.push(work.seq[a * work.cap + slots[i]!]!);
      this.removeVisit(a, slots[i]!);
    }
    if (!work.update(a)) return true;
    if (reverse) moved.reverse();
    for (const x of moved) this.ejectInsert(x, a);
    return true;
  }

  /**
   * Every cross move from the current solution (strings of 1-4 places, both ways), each followed by
   * a recreate; the first that improves is taken and the scan starts again. Run when the search has
   * stalled: a stuck plan is often one such exchange away from a better one (c109 m=3).
   */
  private polish(): boolean {
    const { model, work } = this;
    let improved = false;
    let budget = TUNING.polish;
    scan: for (;;) {
      for (let a = 0; a < model.tours; a++) {
        const count = this.placeSlots(a).length;
        for (let from = 0; from < count; from++) {
          for (let len = 1; len <= 4 && from + len <= count; len++) {
            for (let r = 0; r < 2; r++) {
              // Each trial costs about one iteration and is counted as one.
              if (--budget < 0 || this.spent >= this.options.iterations) return improved;
              if ((budget & 15) === 0 && now() >= this.options.deadline) return improved;
              this.spent += this.pace;
              this.touched.fill(0);
              this.removed.fill(0);
              if (!this.crossString(a, from, len, r === 1)) continue;
              this.settleRuin();
              this.fill.greedy(this.rng.next() < 0.5);
              for (let t = 0; t < model.tours; t++) if (this.touched[t]) improveTour(work, t, this.scratch);
              this.fill.greedy(false);
              const f = this.fitness();
              if (f > this.currentFitness + 1e-12) {
                this.currentFitness = f;
                this.syncTouched(this.current, work);
                this.keepIfBest(f);
                improved = true;
                continue scan;
              }
              this.syncTouched(work, this.current);
              this.objective.recompute(work.tourOf);
            }
          }
        }
      }
      return improved;
    }
  }

  /**
   * Puts place x into the tour (other than `not`) of one of its nearest visits, at the slot where it
   * pushes out the fewest wishes (none to three places right after it; less travel on ties), if it adds
   * at least as much as it pushes out. The pushed-out places are left to the recreate.
   */
  private ejectInsert(x: number, not: number): void {
    const { model, work } = this;
    const K = this.neighbours.length / model.places;
    let bestValue = 0;
    let bestTravel = Number.POSITIVE_INFINITY;
    let bestTour = -1;
    let bestAt = -1;
    let bestOut = 0;
    let tried = -1;
    const gain = totalWish(model, x);
    for (let k = 0, tours = 0; k < K && tours < 2; k++) {
      const u = this.neighbours[x * K + k]!;
      if (u < 0) break;
      const b = work.tourOf[u]!;
      if (b < 0 || b === not || b === tried) continue;
      tried = b;
      tours++;
      const base = b * work.cap;
      const n = work.len[b]!;
      for (let p = 0; p <= n; p++) {
        // x after slot p, then the places after it pushed out one by one until the tour fits.
        let lost = 0;
        for (let out = 0, q = p + 1; out <= 3; out++) {
          if (gain - lost < bestValue) break;
          const travel = this.travelWith(b, p, q, x);
          if (travel < Number.POSITIVE_INFINITY) {
            if (gain - lost > bestValue || (gain - lost === bestValue && travel < bestTravel)) {
              bestValue = gain - lost;
              bestTravel = travel;
              bestTour = b;
              bestAt = p;
              bestOut = q;
            }
            break;
          }
          // Push out the next place (meals stay).
          while (q <= n && work.seq[base + q]! >= model.places) q++;
          if (q > n) break;
          lost += totalWish(model, work.seq[base + q]!);
          q++;
        }
      }
    }
    if (bestTour < 0) return;
    const b = bestTour;
    const base = b * work.cap;
    for (let i = bestOut - 1; i > bestAt; i--) {
      if (work.seq[base + i]! < model.places) this.removeVisit(b, i);
    }
    work.insert(b, bestAt, x);
    this.objective.add(x, 1);
    this.removed[x] = 0;
    this.touched[b] = 1;
  }

  /**
   * Travel of tour b with x after slot p and the places of slots p+1..q-1 left out (meals stay), or
   * Infinity when that breaks a window or the day. O(1) from the schedule when no meal is in between
   * (the next visit's latest start decides, as in `Routes.insertCost`); else simulated.
   */
  private travelWith(b: number, p: number, q: number, x: number): number {
    const { model, work } = this;
    const base = b * work.cap;
    const n = work.len[b]!;
    const L = model.locations;
    let meal = q <= n && model.loc[work.seq[base + q]!]! < 0;
    for (let i = p + 1; i < q && !meal; i++) meal = model.loc[work.seq[base + i]!]! < 0;
    if (meal) {
      const order = this.scratch;
      let len = 0;
      for (let i = 1; i <= p; i++) order[len++] = work.seq[base + i]!;
      order[len++] = x;
      for (let i = p + 1; i <= n; i++) {
        const w = work.seq[base + i]!;
        if (i < q && w < model.places) continue;
        order[len++] = w;
      }
      return simulateTravel(model, b, order, len);
    }
    const from = work.where[base + p]!;
    const xl = model.loc[x]!;
    const a = work.end[base + p]! + model.travel[from * L + xl]!;
    let w = model.winPtr[b * model.nodes + x]!;
    const wEnd = model.winPtr[b * model.nodes + x + 1]!;
    while (w < wEnd && model.winLatest[w]! < a) w++;
    if (w === wEnd) return Number.POSITIVE_INFINITY;
    const next = q <= n ? model.loc[work.seq[base + q]!]! : model.tourTo[b]!;
    const arrive =
      (a > model.winOpen[w]! ? a : model.winOpen[w]!) + model.service[x]! + model.travel[xl * L + next]!;
    if (arrive > work.start[base + q]! + work.slack[base + q]!) return Number.POSITIVE_INFINITY;
    let removed = 0;
    let at = from;
    for (let i = p + 1; i < q; i++) {
      const l = model.loc[work.seq[base + i]!]!;
      removed += model.travel[at * L + l]!;
      at = l;
    }
    removed += model.travel[at * L + next]!;
    return work.travelSum[b]! - removed + model.travel[from * L + xl]! + model.travel[xl * L + next]!;
  }

  /**
   * Reschedules the ruined tours. A meal is taken where the group is, so dropping the visit before it
   * can lengthen the next leg: such a tour goes back to its last accepted state instead.
   */
  private settleRuin(): void {
    let restored = false;
    for (let t = 0; t < this.model.tours; t++) {
      if (this.touched[t] && !this.work.update(t)) {
        this.work.copyTour(this.current, t);
        this.work.markTour(t);
        restored = true;
      }
    }
    if (restored) this.objective.recompute(this.work.tourOf);
  }

  /** Slots of the places (not meals) of tour t. */
  private placeSlots(t: number): number[] {
    const base = t * this.work.cap;
    const out: number[] = [];
    for (let i = 1; i <= this.work.len[t]!; i++)
      if (this.work.seq[base + i]! < this.model.places) out.push(i);
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

  /**
   * Max-min repair (issue 26 item 5), run once at the end of a search with fairness: from the best
   * plan, each unplanned wish of the worst-off member is tried on each day where it could go, in the
   * room left by taking out none, one or two of that day's visits or a run of three or more; what was
   * taken out (and anything else) is then put back where it fits, and the result is kept only if the
   * search's own fitness (the slider's objective with its value floor, and the travel, pace and
   * stability terms) rises. Then again for whoever is worst-off now, until no
   * such move helps or `budget` trials (each about one iteration) are spent. The annealing reaches a
   * member's far or narrow-window wish only when a ruin happens to free its slot and the recreate picks
   * it before the places around it; this tries every such exchange for the one member the bar counts.
   * Returns the number of moves kept.
   */
  repairWorst(budget: number): number {
    const { model, work } = this;
    const n = model.places;
    const objective = this.objective;
    const members = objective.refs.memberBest.length;
    for (let t = 0; t < model.tours; t++) {
      work.copyTour(this.best, t);
      this.current.copyTour(this.best, t);
    }
    for (let t = 0; t < model.tours; t++) {
      work.markTour(t);
      this.current.markTour(t);
    }
    objective.recompute(work.tourOf);
    this.currentFitness = this.fitness();
    const pick = { slot: 0, cost: 0 };
    let trials = 0;
    let kept = 0;
    const restore = () => {
      this.syncTouched(work, this.current);
      objective.recompute(work.tourOf);
    };
    search: for (;;) {
      let worst = -1;
      let low = Number.POSITIVE_INFINITY;
      for (let p = 0; p < members; p++) {
        const share = objective.share(p);
        if (share < low - 1e-12) {
          low = share;
          worst = p;
        }
      }
      if (worst < 0 || low >= 1) return kept;
      const wanted: number[] = [];
      const worth = new Float64Array(n);
      for (let v = 0; v < n; v++) {
        if (work.tourOf[v]! >= 0 || !objective.wishes(worst, v)) continue;
        let any = false;
        for (let t = 0; t < model.tours && !any; t++) any = this.fill.usable[t * n + v] === 1;
        if (!any) continue;
        wanted.push(v);
        worth[v] = objective.gain(v);
      }
      wanted.sort((a, b) => worth[b]! - worth[a]! || a - b);
      for (const x of wanted) {
        for (let t = 0; t < model.tours; t++) {
          if (!this.fill.usable[t * n + x]) continue;
          const visits = this.placeSlots(t).map((i) => work.seq[t * work.cap + i]!);
          const outs: number[][] = [[]];
          for (let i = 0; i < visits.length; i++) outs.push([visits[i]!]);
          for (let i = 0; i < visits.length; i++)
            for (let j = i + 1; j < visits.length; j++) outs.push([visits[i]!, visits[j]!]);
          // Runs of three visits or more (a far wish needs the room of half a day).
          for (let len = 3; len <= visits.length; len++)
            for (let i = 0; i + len <= visits.length; i++) outs.push(visits.slice(i, i + len));
          for (const out of outs) {
            if (++trials > budget) return kept;
            if ((trials & 15) === 0 && now() >= this.options.deadline) return kept;
            this.touched.fill(0);
            this.removed.fill(0);
            this.touched[t] = 1;
            for (const y of out) this.removeVisit(t, this.slotOf(y));
            if (out.length > 0 && !work.update(t)) {
              restore();
              continue;
            }
            work.bestInsert(t, x, pick);
            if (pick.slot < 0 || !work.insert(t, pick.slot, x)) {
              restore();
              continue;
            }
            objective.add(x, 1);
            this.fill.greedy(false);
            const f = this.fitness();
            if (f > this.currentFitness + 1e-12) {
              this.currentFitness = f;
              this.syncTouched(this.current, work);
              this.keepIfBest(f);
              kept++;
              continue search;
            }
            restore();
          }
        }
      }
      return kept;
    }
  }

  /** The best tours found (node ids in visit order, meals included). */
  bestTours(): number[][] {
    const out: number[][] = [];
    for (let t = 0; t < this.model.tours; t++) out.push(this.best.tour(t));
    return out;
  }
}

/**
 * Whether the places' windows are mostly wide: the median place's widest window in tour 0 spans at
 * least half that tour's day. A reversed run keeps its windows only when they are wide; with narrow
 * ones (most Solomon type 1, all Cordeau) the 2-opt scan cost iterations and gave nothing (rc106 m=1, pr12).
 */
export function wideWindows(model: Model): boolean {
  const n = model.places;
  if (n === 0 || model.tours === 0) return false;
  const day = model.tourEnd[0]! - model.tourStart[0]!;
  const widths = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    for (let w = model.winPtr[v]!; w < model.winPtr[v + 1]!; w++) {
      widths[v] = Math.max(widths[v]!, model.winLatest[w]! - model.winOpen[w]!);
    }
  }
  widths.sort();
  return widths[n >> 1]! >= day / 2;
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
