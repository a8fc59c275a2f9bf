import { MEALS, PREFERRED_BANDS } from "./meals";
import { type Model, mergeWindows, NEIGHBOUR_KM } from "./model";
import { paceCaps } from "./pace";
import { isWeekday, parseAfter, parseHhmm, weekdayOf } from "./time";
import { haversineKm, legTravelMode, type TravelMode, travelMinutes } from "./travel";
import type { MealKind, OpeningHours, Problem } from "./types";

/** Bad input, with the expected value spelled out. */
export class ProblemError extends Error {
  override name = "ProblemError";
}

/** A problem compiled for the solver, with the ids needed to turn tours back into a plan. */
export interface Compiled {
  model: Model;
  problem: Problem;
  weight: number;
  /** `Settings.travelWeight`: 0 breaks ties only. */
  travelWeight: number;
  /** The model with opening hours only (no time-of-day bands); null when no band narrows a window. */
  relaxed: Model | null;
  mode: TravelMode;
  placeIndex: Map<string, number>;
  locationIndex: Map<string, number>;
  memberIndex: Map<string, number>;
  /** Kind of each meal node (index node - places). */
  mealKind: MealKind[];
}

function fail(message: string): never {
  throw new ProblemError(message);
}

function indexOf(ids: readonly string[], what: string): Map<string, number> {
  const map = new Map<string, number>();
  ids.forEach((id, i) => {
    if (typeof id !== "string" || id.length === 0) fail(`${what}[${i}]: expected a non-empty string id`);
    if (map.has(id)) fail(`${what}: duplicate id "${id}"`);
    map.set(id, i);
  });
  return map;
}

/** Opening windows of a place on a date, as minutes [open, close] (close after open). Null: always open. */
export function windowsOn(open: OpeningHours | undefined, date: string): [number, number][] | null {
  if (open === undefined) return null;
  const list = Array.isArray(open)
    ? (open as readonly (readonly [string, string])[])
    : ((open as Record<string, readonly (readonly [string, string])[]>)[date] ??
      (open as Record<string, readonly (readonly [string, string])[]>)[weekdayOf(date)] ??
      []);
  return list
    .map(([o, c]) => {
      const from = parseHhmm(o);
      return [from, parseAfter(c, from + 1)] as [number, number];
    })
    .sort((a, b) => a[0] - b[0]);
}

function checkOpen(open: OpeningHours | undefined, where: string): void {
  if (open === undefined) return;
  const lists = Array.isArray(open) ? [open] : Object.values(open as Record<string, unknown>);
  if (!Array.isArray(open)) {
    for (const key of Object.keys(open)) {
      if (!isWeekday(key) && !/^\d{4}-\d{2}-\d{2}$/.test(key)) {
        fail(`${where}.open: keys must be weekdays (mon..sun) or dates (YYYY-MM-DD), got "${key}"`);
      }
    }
  }
  for (const list of lists) {
    if (!Array.isArray(list)) fail(`${where}.open: expected a list of ["HH:MM", "HH:MM"] windows`);
    for (const w of list as unknown[]) {
      if (!Array.isArray(w) || w.length !== 2)
        fail(`${where}.open: expected ["HH:MM", "HH:MM"], got ${JSON.stringify(w)}`);
      try {
        parseHhmm(w[0]);
        parseHhmm(w[1]);
      } catch (e) {
        fail(`${where}.open: ${(e as Error).message}`);
      }
    }
  }
}

/** Validates a problem and compiles it to flat arrays (minutes, location indices, sparse wishes). */
export function compile(problem: Problem): Compiled {
  if (!problem || typeof problem !== "object") fail("expected a problem object");
  for (const key of ["members", "locations", "places", "days"] as const) {
    if (!Array.isArray(problem[key])) fail(`${key}: expected an array`);
  }
  const memberIndex = indexOf(problem.members, "members");
  const locationIndex = indexOf(
    problem.locations.map((l) => l.id),
    "locations",
  );
  const placeIndex = indexOf(
    problem.places.map((p) => p.id),
    "places",
  );
  if (problem.days.length === 0) fail("days: expected at least one day");
  const weight = problem.settings?.fairnessWeight ?? 0.6;
  if (!(weight >= 0 && weight <= 1))
    fail(`settings.fairnessWeight: expected a number from 0 to 1, got ${weight}`);
  const includeMeals = problem.settings?.includeMeals ?? true;
  const mode: TravelMode = problem.mode ?? "car";
  if (!["walking", "public_transport", "car", "taxi", "flight"].includes(mode)) {
    fail(`mode: expected walking, public_transport, car, taxi or flight, got "${mode}"`);
  }
  problem.locations.forEach((l, i) => {
    if (!(Math.abs(l.lat) <= 90 && Math.abs(l.lng) <= 180)) fail(`locations[${i}]: lat/lng out of range`);
  });
  const L = problem.locations.length;
  const travel = new Float64Array(L * L);
  if (problem.matrixMinutes) {
    const mx = problem.matrixMinutes;
    if (mx.length !== L || mx.some((row) => !Array.isArray(row) || row.length !== L)) {
      fail(`matrixMinutes: expected ${L} rows of ${L} numbers (one per location)`);
    }
    mx.forEach((row, a) => {
      row.forEach((v, b) => {
        if (!(v >= 0 && Number.isFinite(v)))
          fail(`matrixMinutes[${a}][${b}]: expected minutes >= 0, got ${v}`);
        // Whole minutes (rounded up) keep every reported time exact.
        travel[a * L + b] = a === b ? 0 : Math.ceil(v - 1e-9);
      });
    });
  } else {
    for (let a = 0; a < L; a++) {
      for (let b = 0; b < L; b++)
        travel[a * L + b] = travelMinutes(
          problem.locations[a]!,
          problem.locations[b]!,
          legTravelMode(mode, problem.locations[a]!, problem.locations[b]!),
        );
    }
  }

  const n = problem.places.length;
  const T = problem.days.length;
  const tourStart = new Float64Array(T);
  const tourEnd = new Float64Array(T);
  const tourFrom = new Int32Array(T);
  const tourTo = new Int32Array(T);
  problem.days.forEach((d, t) => {
    const where = `days[${t}]`;
    try {
      weekdayOf(d.date);
      tourStart[t] = parseHhmm(d.start);
      tourEnd[t] = parseAfter(d.end, tourStart[t]! + 1);
    } catch (e) {
      fail(`${where}: ${(e as Error).message}`);
    }
    tourFrom[t] = locationIndex.get(d.from) ?? fail(`${where}.from: unknown location "${d.from}"`);
    tourTo[t] = locationIndex.get(d.to) ?? fail(`${where}.to: unknown location "${d.to}"`);
  });

  // Meal nodes: one per meal that fits in its (otherwise empty) day.
  const mealTour: number[] = [];
  const mealKind: MealKind[] = [];
  const mealWin: [number, number, number][] = [];
  if (includeMeals) {
    for (let t = 0; t < T; t++) {
      let time = tourStart[t]!;
      for (const meal of MEALS) {
        // A day may run past midnight: use the meal of the first calendar day only.
        const s = Math.max(time, meal.from);
        if (s + meal.minutes > meal.to) continue;
        if (s + meal.minutes + travel[tourFrom[t]! * L + tourTo[t]!]! > tourEnd[t]!) continue;
        mealTour.push(t);
        mealKind.push(meal.kind);
        mealWin.push([meal.from, meal.to - meal.minutes, meal.minutes]);
        time = s + meal.minutes;
      }
    }
  }
  const nodes = n + mealTour.length;

  const service = new Float64Array(nodes);
  const loc = new Int32Array(nodes).fill(-1);
  const prefFrom = new Float64Array(nodes).fill(Number.NaN);
  const prefTo = new Float64Array(nodes).fill(Number.NaN);
  mealWin.forEach(([, , minutes], k) => {
    service[n + k] = minutes;
  });
  const wishPtr = new Int32Array(nodes + 1);
  const wishMember: number[] = [];
  const wishValue: number[] = [];
  problem.places.forEach((p, i) => {
    const where = `places[${i}] ("${p.id}")`;
    loc[i] = locationIndex.get(p.location) ?? fail(`${where}.location: unknown location "${p.location}"`);
    if (!(p.stayMinutes >= 0 && Number.isFinite(p.stayMinutes)))
      fail(`${where}.stayMinutes: expected minutes >= 0`);
    service[i] = Math.round(p.stayMinutes);
    checkOpen(p.open, where);
    if (p.preferred !== undefined) {
      const band =
        PREFERRED_BANDS[p.preferred] ??
        fail(`${where}.preferred: expected morning, noon, afternoon or night`);
      prefFrom[i] = band[0];
      prefTo[i] = band[1];
    }
    wishPtr[i] = wishMember.length;
    for (const [member, level] of Object.entries(p.wishes ?? {})) {
      const m = memberIndex.get(member) ?? fail(`${where}.wishes: unknown member "${member}"`);
      if (!(level >= 0 && level <= 5))
        fail(`${where}.wishes["${member}"]: expected a wish level 1 to 5, got ${level}`);
      if (level > 0) {
        wishMember.push(m);
        wishValue.push(level);
      }
    }
  });
  for (let v = n; v <= nodes; v++) wishPtr[v] = wishMember.length;

  // Windows per (day, node), as earliest and latest START of the stay: strict (time-of-day wishes as
  // hard windows) and relaxed (opening hours only, for the wishes the plan cannot keep; `finish.ts`).
  const visitsEnd = new Float64Array(T);
  problem.days.forEach((d, t) => {
    visitsEnd[t] = d.visitsEnd === undefined ? tourEnd[t]! : parseAfter(d.visitsEnd, tourStart[t]! + 1);
  });
  const lockStart = new Float64Array(n).fill(Number.NaN);
  problem.places.forEach((p, i) => {
    if (p.lock === undefined) return;
    if (!problem.days.some((d) => d.date === p.lock!.date))
      fail(`places[${i}] ("${p.id}").lock.date: expected one of the days' dates, got "${p.lock.date}"`);
    if (p.lock.start !== undefined) lockStart[i] = parseHhmm(p.lock.start);
  });
  const winPtr = new Int32Array(T * nodes + 1);
  const winOpen: number[] = [];
  const winLatest: number[] = [];
  const relaxedPtr = new Int32Array(T * nodes + 1);
  const relaxedOpen: number[] = [];
  const relaxedLatest: number[] = [];
  let strictDiffers = false;
  for (let t = 0; t < T; t++) {
    const date = problem.days[t]!.date;
    for (let v = 0; v < nodes; v++) {
      winPtr[t * nodes + v] = winOpen.length;
      relaxedPtr[t * nodes + v] = relaxedOpen.length;
      if (v >= n) {
        const k = v - n;
        if (mealTour[k] === t) {
          winOpen.push(mealWin[k]![0]);
          winLatest.push(mealWin[k]![1]);
          relaxedOpen.push(mealWin[k]![0]);
          relaxedLatest.push(mealWin[k]![1]);
        }
        continue;
      }
      const place = problem.places[v]!;
      if (place.lock && place.lock.date !== date) continue;
      const locked = !Number.isNaN(lockStart[v]!);
      const windows: [number, number][] = locked
        ? [[lockStart[v]!, lockStart[v]! + service[v]!]]
        : (windowsOn(place.open, date) ?? [[tourStart[t]!, tourEnd[t]!]]);
      // Only a night wish may run past the day's end.
      const cap =
        place.preferred === "night" || locked || problem.days[t]!.visitsEnd === undefined
          ? Number.POSITIVE_INFINITY
          : visitsEnd[t]!;
      const band = locked ? undefined : place.preferred && PREFERRED_BANDS[place.preferred];
      for (const [o, c] of windows) {
        const latest = Math.min(c, cap) - service[v]!;
        if (latest < o) continue;
        relaxedOpen.push(o);
        relaxedLatest.push(latest);
        const from = band ? Math.max(o, band[0]) : o;
        const to = band ? Math.min(latest, band[1] - 1) : latest;
        if (band && (from !== o || to !== latest)) strictDiffers = true;
        if (to >= from) {
          winOpen.push(from);
          winLatest.push(to);
        }
      }
    }
  }
  relaxedPtr[T * nodes] = relaxedOpen.length;
  winPtr[T * nodes] = winOpen.length;

  const travelWeight = problem.settings?.travelWeight ?? 0;
  if (!(travelWeight >= 0 && travelWeight <= 10))
    fail(`settings.travelWeight: expected a number from 0 to 10, got ${travelWeight}`);
  const pace = problem.settings?.pace ?? "balanced";
  if (!["relaxed", "balanced", "packed"].includes(pace))
    fail(`settings.pace: expected relaxed, balanced or packed, got "${pace}"`);
  const compiled: Compiled = {
    problem,
    weight,
    travelWeight,
    relaxed: null,
    mode,
    placeIndex,
    locationIndex,
    memberIndex,
    mealKind,
    model: {
      places: n,
      nodes,
      tours: T,
      locations: L,
      travel,
      loc,
      service,
      tourStart,
      tourEnd,
      tourFrom,
      tourTo,
      winPtr,
      winOpen: Float64Array.from(winOpen),
      winLatest: Float64Array.from(winLatest),
      mealTour: Int32Array.from(mealTour),
      prefFrom,
      prefTo,
      members: problem.members.length,
      wishPtr,
      wishMember: Int32Array.from(wishMember),
      wishValue: Float64Array.from(wishValue),
    },
  };
  if (travelWeight > 0) {
    const pairs: number[] = [];
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const la = problem.locations[loc[a]!]!;
        const lb = problem.locations[loc[b]!]!;
        if (haversineKm(la, lb) < NEIGHBOUR_KM) pairs.push(a, b);
      }
    compiled.model.nearPairs = Int32Array.from(pairs);
    const caps = paceCaps(compiled.model, pace);
    if (caps) {
      compiled.model.paceCap = caps;
      compiled.model.paceStrict = pace === "relaxed";
    }
    if (pace === "packed") compiled.model.packed = true;
    if (problem.places.some((p) => p.previousDate !== undefined)) {
      const dayOf = new Map(problem.days.map((d, t) => [d.date, t]));
      compiled.model.previousTour = Int32Array.from(problem.places, (p) =>
        p.previousDate === undefined ? -1 : (dayOf.get(p.previousDate) ?? -1),
      );
    }
  }
  if (strictDiffers) {
    const relaxed: Model = {
      ...compiled.model,
      winPtr: relaxedPtr,
      winOpen: Float64Array.from(relaxedOpen),
      winLatest: Float64Array.from(relaxedLatest),
    };
    compiled.relaxed = relaxed;
    // A wish no day can keep (a night wish for a temple that closes at 17:00) is searched with the
    // opening hours alone from the start, rather than fitted in afterwards where it happens to fit.
    const hopeless = new Set<number>();
    for (let v = 0; v < n; v++) {
      if (!problem.places[v]!.preferred) continue;
      let strict = 0;
      let open = 0;
      for (let t = 0; t < T; t++) {
        const k = t * nodes + v;
        strict += compiled.model.winPtr[k + 1]! - compiled.model.winPtr[k]!;
        open += relaxedPtr[k + 1]! - relaxedPtr[k]!;
      }
      if (strict === 0 && open > 0) hopeless.add(v);
    }
    if (hopeless.size) compiled.model = mergeWindows(compiled.model, relaxed, hopeless);
  }
  return compiled;
}
