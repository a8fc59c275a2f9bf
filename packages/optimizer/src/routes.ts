import type { Model } from "./model";

/**
 * The tours of a solution with their schedules, in flat typed arrays (one block of `cap` slots per tour).
 * Slot 0 is the start point, slots 1..len[t] the visits, slot len[t]+1 the end point.
 * Times are the earliest schedule: leave at the tour start, start each visit as soon as it is open.
 * `slack[i]` is the classic MaxShift: how much the arrival at slot i may move later without breaking
 * any window or the tour end (conservative when a node has several windows: it stays in its window).
 */
export class Routes {
  readonly cap: number;
  readonly seq: Int32Array;
  readonly len: Int32Array;
  readonly arrive: Float64Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly slack: Float64Array;
  /** Where the group is after slot i (a meal keeps the previous location). */
  readonly where: Int32Array;
  /** Tour of each node, -1 when not visited. */
  readonly tourOf: Int32Array;
  /** Slot of each visited node in its tour (valid after `update` or `markTour`). */
  readonly pos: Int32Array;
  readonly travelSum: Float64Array;
  /** Bumped on every change of a tour, so cached insertion costs know when they are stale. */
  readonly version: Int32Array;
  private static clock = 1;

  /** The version the next change will get: every version stamped before now is smaller. */
  static now(): number {
    return Routes.clock;
  }

  constructor(readonly model: Model) {
    this.cap = model.nodes + 2;
    const size = model.tours * this.cap;
    this.seq = new Int32Array(size).fill(-1);
    this.len = new Int32Array(model.tours);
    this.arrive = new Float64Array(size);
    this.start = new Float64Array(size);
    this.end = new Float64Array(size);
    this.slack = new Float64Array(size);
    this.where = new Int32Array(size);
    this.tourOf = new Int32Array(model.nodes).fill(-1);
    this.pos = new Int32Array(model.nodes).fill(-1);
    this.travelSum = new Float64Array(model.tours);
    this.version = new Int32Array(model.tours);
    for (let t = 0; t < model.tours; t++) this.update(t);
  }

  /** Recomputes the schedule of tour t; false when it breaks a window or the tour end. */
  update(t: number): boolean {
    const m = this.model;
    const base = t * this.cap;
    const n = this.len[t]!;
    let time = m.tourStart[t]!;
    let at = m.tourFrom[t]!;
    let ok = true;
    let travel = 0;
    this.arrive[base] = this.start[base] = this.end[base] = time;
    this.where[base] = at;
    // Latest start of the window each slot uses, kept in `slack` until the backward pass.
    for (let i = 1; i <= n; i++) {
      const v = this.seq[base + i]!;
      this.pos[v] = i;
      const vl = m.loc[v]!;
      const leg = vl < 0 ? 0 : m.travel[at * m.locations + vl]!;
      travel += leg;
      const a = time + leg;
      let w = m.winPtr[t * m.nodes + v]!;
      const wEnd = m.winPtr[t * m.nodes + v + 1]!;
      while (w < wEnd && m.winLatest[w]! < a) w++;
      let s = a;
      if (w < wEnd) {
        if (m.winOpen[w]! > a) s = m.winOpen[w]!;
        this.slack[base + i] = m.winLatest[w]! - s;
      } else {
        ok = false;
        this.slack[base + i] = -1;
      }
      this.arrive[base + i] = a;
      this.start[base + i] = s;
      time = this.end[base + i] = s + m.service[v]!;
      if (vl >= 0) at = vl;
      this.where[base + i] = at;
    }
    const to = m.tourTo[t]!;
    const leg = m.travel[at * m.locations + to]!;
    travel += leg;
    const last = base + n + 1;
    this.arrive[last] = this.start[last] = this.end[last] = time + leg;
    this.where[last] = to;
    this.slack[last] = m.tourEnd[t]! - (time + leg);
    if (this.slack[last]! < 0) ok = false;
    for (let i = base + n; i > base; i--) {
      const next = this.start[i + 1]! - this.arrive[i + 1]! + this.slack[i + 1]!;
      if (next < this.slack[i]!) this.slack[i] = next;
    }
    this.travelSum[t] = travel;
    this.version[t] = Routes.clock++;
    return ok;
  }

  /**
   * Cost of inserting place j after slot p of tour t: how much later the next place is reached
   * (meals in between are re-timed exactly). Infinity when infeasible. O(1) apart from meals.
   */
  insertCost(t: number, p: number, j: number): number {
    const m = this.model;
    const base = t * this.cap;
    const jl = m.loc[j]!;
    const a = this.end[base + p]! + m.travel[this.where[base + p]! * m.locations + jl]!;
    let w = m.winPtr[t * m.nodes + j]!;
    const wEnd = m.winPtr[t * m.nodes + j + 1]!;
    while (w < wEnd && m.winLatest[w]! < a) w++;
    if (w === wEnd) return Number.POSITIVE_INFINITY;
    let time = (a > m.winOpen[w]! ? a : m.winOpen[w]!) + m.service[j]!;
    const n = this.len[t]!;
    let q = p + 1;
    // Meals right after p are now taken at j: re-time them exactly.
    for (; q <= n; q++) {
      const v = this.seq[base + q]!;
      if (m.loc[v]! >= 0) break;
      const mw = m.winPtr[t * m.nodes + v]!;
      const s = time > m.winOpen[mw]! ? time : m.winOpen[mw]!;
      if (s > m.winLatest[mw]!) return Number.POSITIVE_INFINITY;
      time = s + m.service[v]!;
    }
    const nextLoc = q > n ? m.tourTo[t]! : m.loc[this.seq[base + q]!]!;
    const shift = time + m.travel[jl * m.locations + nextLoc]! - this.arrive[base + q]!;
    if (shift > this.start[base + q]! - this.arrive[base + q]! + this.slack[base + q]!) {
      return Number.POSITIVE_INFINITY;
    }
    return shift;
  }

  /** Best slot (and its cost) to insert j in tour t; slot -1 when nowhere. */
  bestInsert(t: number, j: number, out: { slot: number; cost: number }): void {
    let best = Number.POSITIVE_INFINITY;
    let slot = -1;
    const n = this.len[t]!;
    const m = this.model;
    const wEnd = m.winPtr[t * m.nodes + j + 1]!;
    // Departures only grow along a tour: past the last latest start of j, no later slot can work.
    const first = m.winPtr[t * m.nodes + j]!;
    if (first === wEnd) {
      out.slot = -1;
      out.cost = Number.POSITIVE_INFINITY;
      return;
    }
    const latest = m.winLatest[wEnd - 1]!;
    const base = t * this.cap;
    // Latest starts (start + slack) only grow along a tour, and j pushes the next visit to at least its
    // first opening plus its stay: the slots before the first whose next visit can start that late are
    // skipped by a binary search. A meal's latest start assumes the leg from where the group is now;
    // with j before it that leg changes, so the search backs over meals. Same picks, fewer scans.
    const bound = m.winOpen[first]! + m.service[j]!;
    let lo = 0;
    let hi = n + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const q = base + mid + 1;
      if (this.start[q]! + this.slack[q]! >= bound) hi = mid;
      else lo = mid + 1;
    }
    while (lo > 0 && m.loc[this.seq[base + lo]!]! < 0) lo--;
    for (let p = lo; p <= n; p++) {
      if (this.end[base + p]! > latest) break;
      const c = this.insertCost(t, p, j);
      if (c < best) {
        best = c;
        slot = p;
      }
    }
    out.slot = slot;
    out.cost = best;
  }

  /**
   * Like `bestInsert`, but on a long tour only the slots next to j's near places (`near`, `k` per
   * place, -1 padded) and the slots next to the start and end points are tried (granular neighbourhood).
   * Short tours (at most `full` visits) are scanned in full.
   */
  bestInsertNear(
    t: number,
    j: number,
    near: Int32Array,
    k: number,
    full: number,
    out: { slot: number; cost: number },
  ): void {
    const n = this.len[t]!;
    if (n <= full) {
      this.bestInsert(t, j, out);
      return;
    }
    const m = this.model;
    const wEnd = m.winPtr[t * m.nodes + j + 1]!;
    const latest = wEnd > m.winPtr[t * m.nodes + j]! ? m.winLatest[wEnd - 1]! : Number.NEGATIVE_INFINITY;
    const base = t * this.cap;
    let best = this.insertCost(t, 0, j);
    let slot = best < Number.POSITIVE_INFINITY ? 0 : -1;
    if (this.end[base + n]! <= latest) {
      const c = this.insertCost(t, n, j);
      if (c < best) {
        best = c;
        slot = n;
      }
    }
    for (let i = j * k, e = i + k; i < e; i++) {
      const u = near[i]!;
      if (u < 0) break;
      if (this.tourOf[u] !== t) continue;
      const q = this.pos[u]!;
      for (let p = q - 1; p <= q; p++) {
        if (p === 0 || p === n || this.end[base + p]! > latest) continue;
        const c = this.insertCost(t, p, j);
        if (c < best || (c === best && p < slot)) {
          best = c;
          slot = p;
        }
      }
    }
    out.slot = slot;
    out.cost = best;
  }

  /** Inserts j after slot p of tour t; returns whether the tour is still feasible. */
  insert(t: number, p: number, j: number): boolean {
    const base = t * this.cap;
    const n = this.len[t]!;
    this.seq.copyWithin(base + p + 2, base + p + 1, base + n + 1);
    this.seq[base + p + 1] = j;
    this.len[t] = n + 1;
    this.tourOf[j] = t;
    return this.update(t);
  }

  /** Removes the visit in slot i of tour t (no update: callers batch removals, then update). */
  removeAt(t: number, i: number): number {
    const base = t * this.cap;
    const n = this.len[t]!;
    const v = this.seq[base + i]!;
    this.seq.copyWithin(base + i, base + i + 1, base + n + 1);
    this.seq[base + n] = -1;
    this.len[t] = n - 1;
    this.tourOf[v] = -1;
    return v;
  }

  /** Visits of tour t in order (meals included). */
  tour(t: number): number[] {
    const base = t * this.cap;
    return Array.from(this.seq.subarray(base + 1, base + 1 + this.len[t]!));
  }

  /** Replaces tour t with `visits`; returns whether the schedule is feasible. */
  setTour(t: number, visits: ArrayLike<number>): boolean {
    const base = t * this.cap;
    for (let i = 1; i <= this.len[t]!; i++) this.tourOf[this.seq[base + i]!] = -1;
    this.seq.fill(-1, base, base + this.cap);
    for (let i = 0; i < visits.length; i++) {
      this.seq[base + 1 + i] = visits[i]!;
      this.tourOf[visits[i]!] = t;
    }
    this.len[t] = visits.length;
    return this.update(t);
  }

  /** Copies tour t (sequence and schedule) from another solution of the same model. */
  copyTour(from: Routes, t: number): void {
    const base = t * this.cap;
    for (let i = 1; i <= this.len[t]!; i++) this.tourOf[this.seq[base + i]!] = -1;
    const n = from.len[t]!;
    const end = base + n + 2;
    this.seq.fill(-1, base, base + this.cap);
    this.seq.set(from.seq.subarray(base, end), base);
    this.arrive.set(from.arrive.subarray(base, end), base);
    this.start.set(from.start.subarray(base, end), base);
    this.end.set(from.end.subarray(base, end), base);
    this.slack.set(from.slack.subarray(base, end), base);
    this.where.set(from.where.subarray(base, end), base);
    this.len[t] = n;
    this.travelSum[t] = from.travelSum[t]!;
    this.version[t] = from.version[t]!;
  }

  /** Second pass after copying tours: re-mark the nodes of tour t as visited. */
  markTour(t: number): void {
    const base = t * this.cap;
    for (let i = 1; i <= this.len[t]!; i++) {
      const v = this.seq[base + i]!;
      this.tourOf[v] = t;
      this.pos[v] = i;
    }
  }

  totalTravel(): number {
    let s = 0;
    for (let t = 0; t < this.model.tours; t++) s += this.travelSum[t]!;
    return s;
  }
}
