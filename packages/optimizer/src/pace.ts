import type { Model } from "./model";
import type { Routes } from "./routes";
import type { Pace } from "./types";

/**
 * The pace of a trip (issue 26 item 2): how many busy minutes (visits and travel, meals aside) and how
 * many minutes of travel a day holds before it is heavy; busy as the lower of a fixed time and a share
 * of the day. A Kyoto walking trip of 4 days put Kinkaku-ji, Gion and Fushimi Inari on day 1 (about
 * 4.5 h of walking, 8.5 h busy) and left days 2-4 empty: one round trip from the hotel is less travel
 * than three. "packed" fills days as they come (no limit, and the days' loads are not evened out);
 * "balanced" (the default) holds 7 h busy with 2.5 h of travel, "relaxed" 5 h with 1.5 h.
 */
export const PACE: Record<Pace, { minutes: number; share: number; travel: number }> = {
  relaxed: { minutes: 5 * 60, share: 0.45, travel: 90 },
  balanced: { minutes: 7 * 60, share: 0.65, travel: 150 },
  packed: { minutes: Number.POSITIVE_INFINITY, share: 1, travel: Number.POSITIVE_INFINITY },
};

/**
 * A minute over a day's cap costs as much as this many minutes of travel (`Settings.travelWeight`),
 * where other days have room for it. With 2, the Kyoto trip above spreads over three days although
 * that walks about an hour more in all.
 */
export const PACE_WEIGHT = 2;

/**
 * "balanced" on a light trip: a day's busy minutes are also held to this many times its even share of
 * all the places' stays, but never below `EVEN_FLOOR`. Six places over five days put four on one day
 * and left three days empty, all under the 7-hour cap, where the option promises visits "shared evenly
 * between the days". A trip with more to see than its days hold keeps the fixed cap (its even share is
 * above it), and the charge stays the non-strict one: it never costs a place.
 */
export const EVEN_SPREAD = 1.5;
export const EVEN_FLOOR = 3 * 60;

/** Per day: the busy minutes, then the minutes of travel, it holds at `pace` (none for "packed"). */
export function paceCaps(model: Model, pace: Pace): Float64Array | undefined {
  const { minutes, share, travel } = PACE[pace];
  if (!Number.isFinite(minutes)) return undefined;
  const T = model.tours;
  let busy = minutes;
  if (pace === "balanced") {
    let stays = 0;
    for (let v = 0; v < model.places; v++) stays += model.service[v]!;
    busy = Math.min(minutes, Math.max(EVEN_FLOOR, (EVEN_SPREAD * stays) / T));
  }
  return Float64Array.from({ length: 2 * T }, (_, k) =>
    k < T ? Math.min(busy, share * (model.tourEnd[k]! - model.tourStart[k]!)) : travel,
  );
}

/** Busy minutes of day t: its visits' stays (meals aside) and its travel. */
export function busyMinutes(routes: Routes, t: number): number {
  const m = routes.model;
  const base = t * routes.cap;
  let busy = routes.travelSum[t]!;
  for (let i = 1; i <= routes.len[t]!; i++) {
    const v = routes.seq[base + i]!;
    if (v < m.places) busy += m.service[v]!;
  }
  return busy;
}

/**
 * Minutes over the days' caps (busy, and travel) that other days have room for: min(minutes over,
 * minutes free under the caps), for each of the two. A trip whose days are all full pays nothing, so
 * the pace never costs a place there ("relaxed" also pays for the minutes over that no day has room
 * for: `strict`).
 */
export function paceExcess(routes: Routes, caps: Float64Array, strict: boolean): number {
  const T = routes.model.tours;
  let busyOver = 0;
  let busyRoom = 0;
  let travelOver = 0;
  let travelRoom = 0;
  for (let t = 0; t < T; t++) {
    const d = busyMinutes(routes, t) - caps[t]!;
    if (d > 0) busyOver += d;
    else busyRoom -= d;
    const e = routes.travelSum[t]! - caps[T + t]!;
    if (e > 0) travelOver += e;
    else travelRoom -= e;
  }
  return strict ? busyOver + travelOver : Math.min(busyOver, busyRoom) + Math.min(travelOver, travelRoom);
}

/** Travel minutes that inserting place j after slot p of tour t adds (meals are taken where the group is). */
export function addedTravel(routes: Routes, t: number, p: number, j: number): number {
  const m = routes.model;
  const base = t * routes.cap;
  const n = routes.len[t]!;
  let q = p + 1;
  while (q <= n && m.loc[routes.seq[base + q]!]! < 0) q++;
  const from = routes.where[base + p]!;
  const to = q > n ? m.tourTo[t]! : m.loc[routes.seq[base + q]!]!;
  const L = m.locations;
  const jl = m.loc[j]!;
  return m.travel[from * L + jl]! + m.travel[jl * L + to]! - m.travel[from * L + to]!;
}
