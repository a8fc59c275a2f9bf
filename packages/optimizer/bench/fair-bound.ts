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
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import highsLoader from "highs";
import { compile } from "../src/build";
import { Routes } from "../src/routes";
import { placeMeals } from "../src/search";
import type { Problem } from "../src/types";
import { RESULTS } from "./common";

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let highs: Highs | null = null;

/** A bound and how the MIP ended: proven optimal, or stopped by its node limit or (safety) time limit. */
export interface Bound {
  bound: number;
  exact: boolean;
  /** "optimal", "nodes" (the deterministic node limit), "time" (the safety time limit: load-dependent). */
  stop: "optimal" | "nodes" | "time";
  nodes: number;
  /** The node limit it was solved with. */
  limit: number;
}

/**
 * The bound of a trip (`key`: set and seed, e.g. "H:9003"), read from the committed cache
 * (bench/results/fair-bounds.json) when the MIP there is the same (a hash of its LP text: a changed
 * generator, compile or bound model recomputes) and was proven optimal or stopped at no fewer nodes
 * than asked now (more nodes give a bound at least as tight, as deterministically), else solved and
 * written back.
 */
export async function cachedBound(problem: Problem, key: string, aloneOnly = false): Promise<Bound> {
  const text = boundMip(problem, aloneOnly);
  if (text === null) return { bound: 0, exact: true, stop: "optimal", nodes: 0, limit: 0 };
  const hash = mipHash(text);
  const cache = readCache();
  const id = aloneOnly ? `${key}:reach` : key;
  const hit = cache[id];
  if (hit && hit.hash === hash && (hit.exact || hit.limit >= MIP_NODES)) return hit;
  const fresh = await solveBound(text);
  // Read again: another entry may have been written since (a bench split over processes).
  cache[id] = { hash, ...fresh };
  writeCache({ ...readCache(), [id]: cache[id]! });
  return fresh;
}

/** The cache's key of a bound MIP. */
export function mipHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

type Cache = Record<string, Bound & { hash: string }>;
const CACHE = join(RESULTS, "fair-bounds.json");
export function readCache(): Cache {
  return existsSync(CACHE) ? (JSON.parse(readFileSync(CACHE, "utf8")) as Cache) : {};
}
export function writeCache(cache: Cache): void {
  const sorted = Object.fromEntries(
    Object.entries(cache).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })),
  );
  writeFileSync(CACHE, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** The bound of a trip, solved now (no cache). */
export async function worstShareBound(problem: Problem, aloneOnly = false): Promise<Bound> {
  const text = boundMip(problem, aloneOnly);
  return text === null ? { bound: 0, exact: true, stop: "optimal", nodes: 0, limit: 0 } : solveBound(text);
}

/**
 * The MIP's LP-format text (without its Binary section: the LP relaxation); null when no place can go
 * anywhere.
 */
export function boundMip(problem: Problem, aloneOnly: boolean): string | null {
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
  if (cols.length === 0) return null;
  const vars = [...cols, ...days];
  return `Maximize\n obj: s\nSubject To\n${rows.map((r, i) => ` c${i}: ${r}`).join("\n")}\nBounds\n 0 <= s <= 1\n${vars
    .map((y) => ` 0 <= ${y} <= 1`)
    .join("\n")}\nBinary\n ${vars.join(" ")}\nEnd\n`;
}

async function solveBound(mipText: string): Promise<Bound> {
  highs ??= await highsLoader();
  const mip = mipBound(highs, mipText);
  if (mip.exact) return mip;
  const lp = highs.solve(mipText.replace(/\nBinary\n[^\n]*\n/, "\n"), { output_flag: false });
  if (lp.Status !== "Optimal") throw new Error(`bound: LP ${lp.Status}`);
  // The MIP's proven (dual) bound where it stopped at its limit, when below the LP's.
  return lp.ObjectiveValue < mip.bound ? { ...mip, bound: lp.ObjectiveValue } : mip;
}

/** HiGHS status code of a proven optimum. */
const OPTIMAL = 7;
/**
 * The MIP's limits. Nodes (FAIR_BOUND_NODES, default 12000) stop it deterministically, so a bound
 * does not depend on the machine's load; the wall-time limit (FAIR_BOUND_SECONDS, default 600) is only
 * a safety stop, and a bound it cut says so ("time"). A MIP stopped early still proves its dual bound,
 * a looser one (more nodes prove more bounds exactly; a tighter bound is still a bound).
 */
const MIP_NODES = Number(process.env.FAIR_BOUND_NODES ?? 12_000);
const MIP_SECONDS = Number(process.env.FAIR_BOUND_SECONDS ?? 600);

/** The MIP's optimum, or the bound it proved by its limit (1, the bound on s, when it proved none). */
function mipBound(highs: Highs, lp: string): Bound {
  const model = highs.createModel({ format: "lp", data: lp });
  try {
    model.options.set({
      time_limit: MIP_SECONDS,
      mip_max_nodes: MIP_NODES,
      mip_rel_gap: 0,
      output_flag: false,
    });
    const run = model.run();
    const nodes = Number(model.info.get("mip_node_count"));
    if (run.modelStatus === OPTIMAL)
      return { bound: model.getObjectiveValue(), exact: true, stop: "optimal", nodes, limit: MIP_NODES };
    const dual = Number(model.info.get("mip_dual_bound"));
    return {
      bound: Number.isFinite(dual) ? Math.min(1, dual) : 1,
      exact: false,
      stop: run.modelStatus === TIME_LIMIT ? "time" : "nodes",
      nodes,
      limit: MIP_NODES,
    };
  } finally {
    model.dispose();
  }
}
/** HiGHS status code of a run stopped by its time limit. */
const TIME_LIMIT = 13;
