import type { Compiled } from "./build";
import { PREFERRED_BANDS } from "./meals";
import { mergeWindows, totalWish } from "./model";
import { Routes } from "./routes";

/**
 * The last steps of a plan after the search (issue 12):
 * - a locked place the search left out is put back on its day, pushing out the visits of that day
 *   worth least to the group until it fits (the group asked for it);
 * - a place whose time-of-day wish could not be kept as a hard window is fitted with its opening hours
 *   only, at the slot that minimises minutes from its band plus minutes of detour, then waits there as
 *   long as its day allows (`missed`).
 * The result uses the relaxed model (opening hours hard, bands not), which is what the checker proves.
 */
export function finishRoutes(
  c: Compiled,
  strict: Routes,
): { c: Compiled; routes: Routes; missed: Set<number> } {
  // Visits the search placed keep their strict windows (a night visit still waits for the evening);
  // only the places left out get their opening hours alone.
  const waiting = new Set<number>();
  for (let v = 0; v < c.model.places; v++) if (strict.tourOf[v]! < 0) waiting.add(v);
  // Its own copy of the windows: delayTowardsBand narrows them for this plan.
  const model = mergeWindows(strict.model, c.relaxed ?? strict.model, waiting);
  const routes = new Routes(model);
  for (let t = 0; t < model.tours; t++) routes.setTour(t, strict.tour(t));
  repairLocks(c, routes);
  const missed = new Set<number>();
  if (c.relaxed) fitMissedBands(c, routes, missed);
  return { c: { ...c, model }, routes, missed };
}

function lockedDay(c: Compiled, v: number): number {
  const lock = c.problem.places[v]!.lock;
  return lock ? c.problem.days.findIndex((d) => d.date === lock.date) : -1;
}

function repairLocks(c: Compiled, routes: Routes): void {
  const model = routes.model;
  const pick = { slot: 0, cost: 0 };
  for (let v = 0; v < model.places; v++) {
    const t = lockedDay(c, v);
    if (t < 0 || routes.tourOf[v]! >= 0) continue;
    const tour = routes.tour(t);
    // Unlocked places of the day, least wished first, are pushed out one by one until v fits.
    const removable = tour
      .filter((u) => u < model.places && lockedDay(c, u) < 0)
      .sort((a, b) => totalWish(model, a) - totalWish(model, b));
    let kept = tour;
    for (let k = 0; k <= removable.length; k++) {
      if (k > 0) kept = kept.filter((u) => u !== removable[k - 1]);
      routes.setTour(t, kept);
      routes.bestInsert(t, v, pick);
      if (pick.slot >= 0) {
        routes.insert(t, pick.slot, v);
        break;
      }
    }
    if (routes.tourOf[v]! < 0) routes.setTour(t, tour);
  }
}

/** Minutes between a start and a band [from, to): 0 inside. */
const offBand = (start: number, band: readonly [number, number]) =>
  start < band[0] ? band[0] - start : start >= band[1] ? start - band[1] + 1 : 0;

function fitMissedBands(c: Compiled, routes: Routes, missed: Set<number>): void {
  const model = routes.model;
  const waiting: number[] = [];
  for (let v = 0; v < model.places; v++) {
    if (routes.tourOf[v]! < 0 && c.problem.places[v]!.preferred && totalWish(model, v) > 0) waiting.push(v);
  }
  waiting.sort((a, b) => totalWish(model, b) - totalWish(model, a) || a - b);
  for (const v of waiting) {
    const band = PREFERRED_BANDS[c.problem.places[v]!.preferred!];
    let best: Slot | null = null;
    for (let t = 0; t < model.tours; t++) best = bestSlotNearBand(routes, t, v, band, best);
    if (!best) continue;
    // Never at the cost of a wish already kept: a visit pushed out of its band undoes the insertion.
    const before = routes.tour(best.t);
    const kept = inBand(c, routes, best.t);
    if (routes.insert(best.t, best.p, v) && inBand(c, routes, best.t) >= kept) missed.add(v);
    else routes.setTour(best.t, before);
  }
  // A visit before its band waits as long as the rest of its day allows (a night wish at 16:00
  // rather than 13:00): its window is narrowed to start that late, and kept if the day holds.
  for (let v = 0; v < model.places; v++) {
    const pref = c.problem.places[v]!.preferred;
    if (!pref || routes.tourOf[v]! < 0) continue;
    const t = routes.tourOf[v]!;
    if (offBand(routes.start[t * routes.cap + routes.pos[v]!]!, PREFERRED_BANDS[pref]) > 0)
      moveTowardsBand(c, routes, v);
    delayTowardsBand(c, routes, v);
  }
  // Visits inside their bands are kept wishes; any other is a missed band.
  missed.clear();
  for (let t = 0; t < model.tours; t++) {
    const base = t * routes.cap;
    for (let i = 1; i <= routes.len[t]!; i++) {
      const v = routes.seq[base + i]!;
      const pref = v < model.places ? c.problem.places[v]!.preferred : undefined;
      if (pref && offBand(routes.start[base + i]!, PREFERRED_BANDS[pref]) > 0) missed.add(v);
    }
  }
}

/** Visits of tour t with a time-of-day wish that start inside their band. */
function inBand(c: Compiled, routes: Routes, t: number): number {
  const model = routes.model;
  const base = t * routes.cap;
  let n = 0;
  for (let i = 1; i <= routes.len[t]!; i++) {
    const v = routes.seq[base + i]!;
    const pref = v < model.places ? c.problem.places[v]!.preferred : undefined;
    if (pref && offBand(routes.start[base + i]!, PREFERRED_BANDS[pref]) === 0) n++;
  }
  return n;
}

function delayTowardsBand(c: Compiled, routes: Routes, v: number): void {
  const model = routes.model;
  const t = routes.tourOf[v]!;
  const band = PREFERRED_BANDS[c.problem.places[v]!.preferred!];
  const i = routes.pos[v]!;
  const base = t * routes.cap;
  const start = routes.start[base + i]!;
  if (start >= band[0]) return;
  const wanted = Math.min(band[0], start + Math.max(0, routes.slack[base + i]!));
  if (wanted <= start) return;
  // The window the visit uses; the merged model is this plan's own copy, so it may be narrowed.
  for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
    if (model.winOpen[w]! <= start && start <= model.winLatest[w]!) {
      const open = model.winOpen[w]!;
      (model.winOpen as Float64Array)[w] = Math.min(wanted, model.winLatest[w]!);
      if (!routes.update(t)) {
        (model.winOpen as Float64Array)[w] = open;
        routes.update(t);
      }
      return;
    }
  }
}

type Slot = { t: number; p: number; off: number; cost: number };

/**
 * The slot of tour t that puts v nearest its band: minutes from the band plus minutes of detour, so
 * nearest the wished time without a zigzag across the city. `best` is the best found so far.
 */
function bestSlotNearBand(
  routes: Routes,
  t: number,
  v: number,
  band: readonly [number, number],
  best: Slot | null,
): Slot | null {
  const model = routes.model;
  const base = t * routes.cap;
  for (let p = 0; p <= routes.len[t]!; p++) {
    const cost = routes.insertCost(t, p, v);
    if (cost === Number.POSITIVE_INFINITY) continue;
    // The start it would get: arrival after slot p, or the window's opening.
    const arrive =
      routes.end[base + p]! + model.travel[routes.where[base + p]! * model.locations + model.loc[v]!]!;
    let start = arrive;
    for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
      if (model.winLatest[w]! >= arrive) {
        start = Math.max(arrive, model.winOpen[w]!);
        break;
      }
    }
    const off = offBand(start, band);
    if (!best || off + cost < best.off + best.cost) best = { t, p, off, cost };
  }
  return best;
}

/** A visit off its band moves within its day to the slot nearest its band, if no kept wish suffers. */
function moveTowardsBand(c: Compiled, routes: Routes, v: number): void {
  const t = routes.tourOf[v]!;
  const before = routes.tour(t);
  const kept = inBand(c, routes, t);
  routes.setTour(
    t,
    before.filter((u) => u !== v),
  );
  const best = bestSlotNearBand(routes, t, v, PREFERRED_BANDS[c.problem.places[v]!.preferred!], null);
  if (!best || !routes.insert(t, best.p, v) || inBand(c, routes, t) < kept) routes.setTour(t, before);
}
