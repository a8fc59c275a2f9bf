// What `npm run bench:plans` measures on one plan (issue 12, "Done when").
import type { OptimizationResult } from "@tabi/contracts";
import { haversineKm, PREFERRED_BANDS, parseHhmm } from "@tabi/optimizer";
import { windowsForDates } from "../../src/modules/places/opening-hours";
import type { BenchPlace } from "./trips";

export interface PlanFacts {
  /** Visits with a time-of-day wish that start inside their band, and all such visits. */
  whenKept: number;
  whenAll: number;
  /** Visits of places with hours (not 24/7) that lie inside them, and all such visits. */
  hoursKept: number;
  hoursAll: number;
  /** Pairs of planned places under 800 m apart, and those of them on different days. */
  nearPairs: number;
  nearSplit: number;
  /** Each day's route length over the shortest order of the same stops (same start and end). */
  routeRatios: number[];
  /** Visits (not wished for the night) ending after the day's end. */
  lateVisits: number;
  farPlanned: boolean;
  /** Nights more than 5 km from every place of the trip. */
  farNights: number;
  /** Days with no visit while places (other than too far ones) were left out. */
  emptyDays: number;
  scores: number[];
  /** The worst-off member: wish value of their planned places over that of all their wishes. */
  worstRaw: number;
  /** The worst-off member's share of their own best plan (scores.min_share). */
  worstOfBest: number;
  /** Wish value of the planned places over that of every wish (the far place included). */
  groupValue: number;
}

const ll = (p: { latitude: number; longitude: number }) => ({ lat: p.latitude, lng: p.longitude });
const minutes = (hhmm: string, after = 0) => {
  const m = parseHhmm(hhmm);
  return m < after ? m + 1440 : m;
};

/** Shortest route from a through every stop to b (exact up to 9 stops, else nearest-neighbour + 2-opt). */
export function shortestRouteKm(
  a: { lat: number; lng: number },
  stops: { lat: number; lng: number }[],
  b: { lat: number; lng: number },
) {
  const pts = [a, ...stops, b];
  const d = (i: number, j: number) => haversineKm(pts[i]!, pts[j]!);
  const n = stops.length;
  if (n === 0) return d(0, 1);
  if (n <= 9) {
    // Held-Karp over subsets of the stops (indices 1..n), from 0, ending at n + 1.
    const full = (1 << n) - 1;
    const best = new Float64Array((1 << n) * n).fill(Number.POSITIVE_INFINITY);
    for (let i = 0; i < n; i++) best[(1 << i) * n + i] = d(0, i + 1);
    for (let set = 1; set <= full; set++)
      for (let i = 0; i < n; i++) {
        const here = best[set * n + i]!;
        if (!(set & (1 << i)) || here === Number.POSITIVE_INFINITY) continue;
        for (let j = 0; j < n; j++) {
          if (set & (1 << j)) continue;
          const next = set | (1 << j);
          const v = here + d(i + 1, j + 1);
          if (v < best[next * n + j]!) best[next * n + j] = v;
        }
      }
    let out = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) out = Math.min(out, best[full * n + i]! + d(i + 1, n + 1));
    return out;
  }
  const order = stops.map((_, i) => i + 1);
  const len = (o: number[]) => [0, ...o, n + 1].reduce((s, v, k, all) => (k ? s + d(all[k - 1]!, v) : 0), 0);
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < n - 1; i++)
      for (let j = i + 1; j < n; j++) {
        const next = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
        if (len(next) < len(order) - 1e-9) {
          order.splice(0, n, ...next);
          improved = true;
        }
      }
  }
  return len(order);
}

export function planFacts(
  result: OptimizationResult,
  places: Map<string, BenchPlace>,
  wishes: Map<string, Map<string, number>>,
  dayEnd: string,
  farId: string | null,
): PlanFacts {
  const f: PlanFacts = {
    whenKept: 0,
    whenAll: 0,
    hoursKept: 0,
    hoursAll: 0,
    nearPairs: 0,
    nearSplit: 0,
    routeRatios: [],
    lateVisits: 0,
    farPlanned: false,
    farNights: 0,
    emptyDays: 0,
    scores: [],
    worstRaw: 1,
    worstOfBest: result.scores.min_share,
    groupValue: 0,
  };
  const dayOf = new Map<string, number>();
  const planned: { id: string; lat: number; lng: number }[] = [];
  const end = parseHhmm(dayEnd);
  for (const day of result.days) {
    const visits = day.visits.filter((v) => !v.system);
    for (const v of visits) {
      dayOf.set(v.placeId, day.day);
      planned.push({ id: v.placeId, lat: v.latitude, lng: v.longitude });
      if (v.placeId === farId) f.farPlanned = true;
      const place = places.get(v.placeId);
      const start = parseHhmm(v.start);
      const stop = minutes(v.end, start);
      if (place?.when) {
        f.whenAll++;
        const [from, to] = PREFERRED_BANDS[place.when];
        if (start >= from && start < to) f.whenKept++;
      }
      if (place?.when !== "night" && stop > end) f.lateVisits++;
      if (place?.hours && place.hours !== "24/7") {
        f.hoursAll++;
        const windows = windowsForDates(place.hours, [day.date])?.[day.date] ?? [];
        const inside = windows.some(
          ([o, c]) => start >= parseHhmm(o) && stop <= minutes(c, parseHhmm(o) + 1),
        );
        if (inside) f.hoursKept++;
      }
    }
    const actual = [ll(day.start), ...visits.map(ll), ll(day.end)].reduce(
      (s, p, k, all) => (k ? s + haversineKm(all[k - 1]!, p) : 0),
      0,
    );
    const best = shortestRouteKm(ll(day.start), visits.map(ll), ll(day.end));
    f.routeRatios.push(best > 0.05 ? actual / best : 1);
  }
  const leftOut = result.unscheduled.filter((u) => u.reason !== "too_far" && u.reason !== "closed").length;
  if (leftOut > 0) f.emptyDays = result.days.filter((d) => d.visits.every((v) => v.system)).length;
  for (let i = 0; i < planned.length; i++)
    for (let j = i + 1; j < planned.length; j++)
      if (haversineKm(planned[i]!, planned[j]!) < 0.8) {
        f.nearPairs++;
        if (dayOf.get(planned[i]!.id) !== dayOf.get(planned[j]!.id)) f.nearSplit++;
      }
  // Nights: where each day but the last ends, against every place of the trip but the far one.
  const tripPlaces = [...places.entries()].filter(([id]) => id !== farId).map(([, p]) => p);
  for (const day of result.days.slice(0, -1)) {
    const near = Math.min(...tripPlaces.map((p) => haversineKm(ll(day.end), p)));
    if (near > 5) f.farNights++;
  }
  const s = result.scores;
  f.scores = [
    s.total,
    s.fairness,
    s.efficiency,
    s.min_share,
    ...Object.values(s.details),
    ...s.members.map((m) => m.share),
  ];
  // Raw shares: each member's wish value planned over all their wishes (the far place included:
  // it was their wish).
  let groupAll = 0;
  let groupGot = 0;
  for (const [, byPlace] of wishes) {
    let all = 0;
    let got = 0;
    for (const [placeId, level] of byPlace) {
      all += level;
      if (dayOf.has(placeId)) got += level;
    }
    if (all > 0) f.worstRaw = Math.min(f.worstRaw, got / all);
    groupAll += all;
    groupGot += got;
  }
  f.groupValue = groupAll > 0 ? groupGot / groupAll : 1;
  return f;
}
