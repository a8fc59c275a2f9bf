/// <reference types="node" />
/**
 * A proven upper bound on the worst-off member's raw share of a trip (bench only): a relaxation that
 * keeps each day's time budget and drops the order of the visits. Each visited place costs its stay
 * plus the shortest leg into it from anywhere (every visit has one leg in), a day out also the least
 * extra leg from its start point and the least leg back, each day holds its meals,
 * and a place can go only on a day when it is open long enough for its stay; then the best worst-off
 * share over such choices is solved exactly as a MIP with HiGHS (when the MIP does not finish in
 * time, the lower of its proven dual bound and the LP relaxation; all are upper bounds). Every real
 * plan satisfies these constraints.
 * With `aloneOnly`, a place may also go only on a day where it fits when it is the day's only visit:
 * the places and days the solver's search considers (`Recreate.usable`), so a bound on what the
 * solver can reach, not on every plan.
 */
import highsLoader from "highs";
import { compile } from "../src/build";
import { Routes } from "../src/routes";
import { placeMeals } from "../src/search";
import type { Problem } from "../src/types";

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let highs: Highs | null = null;

export async function worstShareBound(
  problem: Problem,
  aloneOnly = false,
): Promise<{ bound: number; exact: boolean }> {
  highs ??= await highsLoader();
  const c = compile(problem);
  const model = c.relaxed ?? c.model;
  const n = model.places;
  const L = model.locations;
  const empty = new Routes(model);
  placeMeals(empty);
  const pick = { slot: 0, cost: 0 };
  // Shortest leg into each place (from another place's location or a day's start point).
  const inLeg = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const sources = new Set<number>();
  for (let v = 0; v < n; v++) sources.add(model.loc[v]!);
  for (let t = 0; t < model.tours; t++) sources.add(model.tourFrom[t]!);
  for (let v = 0; v < n; v++) {
    for (const s of sources) {
      if (s === model.loc[v]) {
        // Another place at the same spot: a leg of zero.
        let twin = false;
        for (let u = 0; u < n && !twin; u++) twin = u !== v && model.loc[u] === s;
        for (let t = 0; t < model.tours && !twin; t++) twin = model.tourFrom[t] === s;
        if (twin) inLeg[v] = 0;
        continue;
      }
      inLeg[v] = Math.min(inLeg[v]!, model.travel[s * L + model.loc[v]!]!);
    }
  }
  const wished = new Float64Array(model.members);
  for (let k = 0; k < model.wishMember.length; k++)
    wished[model.wishMember[k]!] = wished[model.wishMember[k]!]! + model.wishValue[k]!;
  const rows: string[] = [];
  const cols: string[] = [];
  const byPlace: string[][] = Array.from({ length: n }, () => []);
  const memberTerms: string[][] = Array.from({ length: model.members }, () => []);
  /** Whether each day has a visit. */
  const days: string[] = [];
  // Shortest way from each place back to a location: direct or through one other place.
  const back = (v: number, to: number) => {
    let best = model.travel[model.loc[v]! * L + to]!;
    for (let u = 0; u < n; u++)
      best = Math.min(
        best,
        model.travel[model.loc[v]! * L + model.loc[u]!]! + model.travel[model.loc[u]! * L + to]!,
      );
    return best;
  };
  for (let t = 0; t < model.tours; t++) {
    const start = model.tourStart[t]!;
    const end = model.tourEnd[t]!;
    const dayMeals: { from: number; to: number; minutes: number }[] = [];
    for (let v = n; v < model.nodes; v++) {
      if (model.mealTour[v - n] !== t) continue;
      const w = model.winPtr[t * model.nodes + v]!;
      dayMeals.push({
        from: model.winOpen[w]!,
        to: model.winLatest[w]! + model.service[v]!,
        minutes: model.service[v]!,
      });
    }
    const meals = dayMeals.reduce((a, m) => a + m.minutes, 0);
    const budget = end - start - meals;
    const day: string[] = [];
    // Per place of the day: the earliest its stay can start and the latest it can end.
    const span: { v: number; y: string; from: number; to: number }[] = [];
    for (let v = 0; v < n; v++) {
      if (model.wishPtr[v + 1]! === model.wishPtr[v]!) continue;
      // Open that day for the whole stay (the windows are latest starts), reachable from the start
      // point, with time to get back to the end point by the day's end.
      const arrive = start + model.travel[model.tourFrom[t]! * L + model.loc[v]!]!;
      const home = back(v, model.tourTo[t]!);
      let open = false;
      let from = Number.POSITIVE_INFINITY;
      let to = Number.NEGATIVE_INFINITY;
      for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
        const first = Math.max(arrive, model.winOpen[w]!);
        if (first > model.winLatest[w]! || first + model.service[v]! + home > end) continue;
        open = true;
        from = Math.min(from, first);
        to = Math.max(to, Math.min(model.winLatest[w]! + model.service[v]!, end - home));
      }
      if (!open) continue;
      span.push({ v, y: `y_${t}_${v}`, from, to });
      if (aloneOnly) {
        empty.bestInsert(t, v, pick);
        if (pick.slot < 0) continue;
      }
      const y = `y_${t}_${v}`;
      cols.push(y);
      byPlace[v]!.push(y);
      day.push(`${model.service[v]! + inLeg[v]!} ${y}`);
      for (let k = model.wishPtr[v]!; k < model.wishPtr[v + 1]!; k++)
        memberTerms[model.wishMember[k]!]!.push(`${model.wishValue[k]!} ${y}`);
    }
    // A day out (z) also travels from the start point to its first visit, beyond that visit's
    // shortest leg in, and back from its last: at least the least of each over the day's places.
    const chosenToday = span.filter((x) => cols.includes(x.y));
    if (chosenToday.length) {
      const z = `z_${t}`;
      days.push(z);
      let out = Number.POSITIVE_INFINITY;
      let home = Number.POSITIVE_INFINITY;
      for (const x of chosenToday) {
        out = Math.min(out, model.travel[model.tourFrom[t]! * L + model.loc[x.v]!]! - inLeg[x.v]!);
        home = Math.min(home, back(x.v, model.tourTo[t]!));
      }
      const legs = Math.max(0, out) + home;
      rows.push(`${day.join(" + ")} + ${legs} ${z} <= ${budget}`);
      for (const x of chosenToday) rows.push(`${x.y} - ${z} <= 0`);
    }
    // The visits that must end by X (with their legs in) and the meals whose windows end by X fit
    // between the day's start and X; the stays that cannot start before Y, and the meals that cannot,
    // fit between Y and the day's end.
    const chosen = span.filter((x) => cols.includes(x.y));
    for (const X of new Set(chosen.map((x) => x.to))) {
      const inside = chosen.filter((x) => x.to <= X);
      const room = X - start - dayMeals.filter((m) => m.to <= X).reduce((a, m) => a + m.minutes, 0);
      const used = inside.map((x) => model.service[x.v]! + inLeg[x.v]!);
      if (used.reduce((a, b) => a + b, 0) > room)
        rows.push(`${inside.map((x, i) => `${used[i]} ${x.y}`).join(" + ")} <= ${room}`);
    }
    for (const Y of new Set(chosen.map((x) => x.from))) {
      const inside = chosen.filter((x) => x.from >= Y);
      const room = end - Y - dayMeals.filter((m) => m.from >= Y).reduce((a, m) => a + m.minutes, 0);
      if (inside.reduce((a, x) => a + model.service[x.v]!, 0) > room)
        rows.push(`${inside.map((x) => `${model.service[x.v]} ${x.y}`).join(" + ")} <= ${room}`);
    }
  }
  for (const list of byPlace) if (list.length > 1) rows.push(`${list.join(" + ")} <= 1`);
  for (let p = 0; p < model.members; p++) {
    if (!(wished[p]! > 0)) continue;
    const terms = memberTerms[p]!;
    rows.push(`${terms.length ? `${terms.join(" + ")} - ` : ""}${wished[p]} s >= 0`);
  }
  if (cols.length === 0) return { bound: 0, exact: true };
  const text = (binary: boolean) =>
    `Maximize\n obj: s\nSubject To\n${rows.map((r, i) => ` c${i}: ${r}`).join("\n")}\nBounds\n 0 <= s <= 1\n${
      binary ? "" : [...cols, ...days].map((y) => ` 0 <= ${y} <= 1`).join("\n")
    }\n${binary ? `Binary\n ${[...cols, ...days].join(" ")}\n` : ""}End\n`;
  const mip = mipBound(highs, text(true));
  if (mip?.exact) return mip;
  const lp = highs.solve(text(false), { output_flag: false });
  if (lp.Status !== "Optimal") throw new Error(`bound: LP ${lp.Status}`);
  // The MIP's proven (dual) bound where it stopped at its time limit, when below the LP's.
  return { bound: Math.min(lp.ObjectiveValue, mip?.bound ?? 1), exact: false };
}

/** HiGHS status code of a proven optimum. */
const OPTIMAL = 7;
/**
 * Seconds the MIP may run; a MIP that stops there still proves its dual bound, a looser one
 * (FAIR_BOUND_SECONDS: more time proves more bounds exactly, and a tighter bound is still a bound).
 */
const MIP_SECONDS = Number(process.env.FAIR_BOUND_SECONDS ?? 20);

/** The MIP's optimum, or the bound it proved by its time limit; null when it proved nothing. */
function mipBound(highs: Highs, lp: string): { bound: number; exact: boolean } | null {
  const model = highs.createModel({ format: "lp", data: lp });
  try {
    model.options.set({ time_limit: MIP_SECONDS, mip_rel_gap: 0, output_flag: false });
    const run = model.run();
    if (run.modelStatus === OPTIMAL) return { bound: model.getObjectiveValue(), exact: true };
    const dual = Number(model.info.get("mip_dual_bound"));
    return Number.isFinite(dual) ? { bound: dual, exact: false } : null;
  } finally {
    model.dispose();
  }
}
