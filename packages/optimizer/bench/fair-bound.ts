/// <reference types="node" />
/**
 * A proven upper bound on the worst-off member's raw share of a trip (bench only): a relaxation that
 * keeps each day's time budget and drops the order of the visits. Each visited place costs its stay
 * plus the shortest leg into it from anywhere (every visit has one leg in), each day holds its meals,
 * and a place can go only on a day when it is open long enough for its stay; then the best worst-off
 * share over such choices is solved exactly as a MIP with HiGHS (its LP relaxation when the MIP does
 * not finish in time; both are upper bounds). Every real plan satisfies these constraints.
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
  for (let t = 0; t < model.tours; t++) {
    let meals = 0;
    for (let v = n; v < model.nodes; v++) if (model.mealTour[v - n] === t) meals += model.service[v]!;
    const budget = model.tourEnd[t]! - model.tourStart[t]! - meals;
    const day: string[] = [];
    for (let v = 0; v < n; v++) {
      if (model.wishPtr[v + 1]! === model.wishPtr[v]!) continue;
      // Open that day for the whole stay (the windows are latest starts), reachable from the start point.
      let open = false;
      for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++)
        if (
          model.winLatest[w]! >=
          model.tourStart[t]! + model.travel[model.tourFrom[t]! * L + model.loc[v]!]!
        )
          open = true;
      if (!open) continue;
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
    if (day.length) rows.push(`${day.join(" + ")} <= ${budget}`);
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
      binary ? "" : cols.map((y) => ` 0 <= ${y} <= 1`).join("\n")
    }\n${binary ? `Binary\n ${cols.join(" ")}\n` : ""}End\n`;
  const mip = highs.solve(text(true), { time_limit: 2, mip_rel_gap: 0, output_flag: false });
  if (mip.Status === "Optimal") return { bound: mip.ObjectiveValue, exact: true };
  const lp = highs.solve(text(false), { output_flag: false });
  if (lp.Status !== "Optimal") throw new Error(`bound: LP ${lp.Status}`);
  return { bound: lp.ObjectiveValue, exact: false };
}
