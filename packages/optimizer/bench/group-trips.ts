/// <reference types="node" />
/**
 * Group-trip bench (seeded): the efficiency-fairness front at w = 0, 0.3, 0.6, 1 (for "uniform" and
 * "interests" wishes, see test/generate.ts) and the time series.
 *   npx tsx bench/group-trips.ts [--quick] [--front-only]
 * Writes bench/results/front.csv and bench/results/scaling.csv. Every plan goes through checkPlan.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkPlan } from "../src/check";
import { score } from "../src/score";
import { solveSync } from "../src/solve";
import type { Plan, Problem } from "../src/types";
import { generateTrip, type TripShape } from "../test/generate";
import { median, RESULTS } from "./common";

const quick = process.argv.includes("--quick");

function run(problem: Problem): Plan {
  const plan = solveSync(problem);
  const check = checkPlan(problem, plan);
  if (!check.ok) throw new Error(`infeasible plan: ${check.errors.slice(0, 3).join("; ")}`);
  return plan;
}

// 1. The front: trips where wishes exceed the time available, so choices matter. Two kinds of wishes:
// "uniform" (every member wishes for a random subset, independently) and "interests" (members wish
// mostly for places of their one or two favourite kinds, which cluster in districts).
const shapes: TripShape[] = [
  { members: 2, places: 20, days: 1, seed: 101 },
  { members: 3, places: 40, days: 2, seed: 102 },
  { members: 4, places: 60, days: 2, seed: 103 },
  { members: 4, places: 120, days: 3, seed: 104 },
  { members: 5, places: 100, days: 4, seed: 105 },
  { members: 6, places: 150, days: 5, seed: 106 },
  { members: 8, places: 200, days: 7, seed: 107 },
  { members: 8, places: 300, days: 14, seed: 108 },
].slice(0, quick ? 4 : undefined);
const weights = [0, 0.3, 0.6, 1];
const styles = ["uniform", "interests"] as const;
const rows: string[] = [
  "wishes,trip,members,places,days,w,E,min_share,min_share_ceiling,jain,G,fewest_wishes_share,visits,ms",
];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const style of styles) {
  const byWeight = new Map<
    number,
    { e: number[]; min: number[]; jain: number[]; g: number[]; few: number[]; ms: number[] }
  >();
  const ceilings: number[] = [];
  for (const shape of shapes) {
    const base = generateTrip({ ...shape, wishes: style });
    const problems = weights.map((w) => ({ ...base, settings: { ...base.settings, fairnessWeight: w } }));
    const plans = problems.map(run);
    // One reference for the trip: the best efficiency and member values any of the runs reached, so
    // E and the shares at different w are measured against the same yardstick.
    const reference = {
      efficiencyBest: Math.max(...plans.map((p) => p.scores.reference.efficiencyBest)),
      memberBest: Object.fromEntries(
        base.members.map((m) => [m, Math.max(...plans.map((p) => p.scores.reference.memberBest[m] ?? 0))]),
      ),
    };
    // No plan gives everyone more than this share: sum_p s_p * best_p is what the plan collects, at most
    // the efficiency-only best (itself found by the solver, so up to its own small gap).
    const ceiling =
      reference.efficiencyBest / base.members.reduce((sum, m) => sum + (reference.memberBest[m] ?? 0), 0);
    ceilings.push(ceiling);
    const wishCount = (m: string) => base.places.filter((p) => (p.wishes[m] ?? 0) > 0).length;
    const fewest = [...base.members].sort((a, b) => wishCount(a) - wishCount(b))[0]!;
    plans.forEach((plan, i) => {
      const w = weights[i]!;
      const s = score(problems[i]!, plan.days, reference);
      const visits = plan.days.reduce((n, d) => n + d.visits.length, 0);
      const agg = byWeight.get(w) ?? { e: [], min: [], jain: [], g: [], few: [], ms: [] };
      agg.e.push(s.efficiency);
      agg.min.push(s.min_share);
      agg.jain.push(s.details.wish_satisfaction_balance);
      agg.g.push(s.fairness);
      agg.few.push(s.shares[fewest]!);
      agg.ms.push(plan.ms);
      byWeight.set(w, agg);
      rows.push(
        [
          style,
          shape.seed,
          shape.members,
          shape.places,
          shape.days,
          w,
          s.efficiency,
          s.min_share,
          ceiling,
          s.details.wish_satisfaction_balance,
          s.fairness,
          s.shares[fewest]!,
          visits,
          plan.ms,
        ]
          .map((x) => (typeof x === "number" && !Number.isInteger(x) ? x.toFixed(4) : x))
          .join(","),
      );
      console.log(
        `${style} trip ${shape.seed} (${shape.members} members, ${shape.places} places, ${shape.days} days) w=${w}: E ${s.efficiency.toFixed(3)} min_share ${s.min_share.toFixed(3)} Jain ${s.details.wish_satisfaction_balance.toFixed(3)} G ${s.fairness.toFixed(3)} fewest-wishes member (${wishCount(fewest)} wishes) ${s.shares[fewest]!.toFixed(3)} ${plan.ms} ms`,
      );
    });
  }
  console.log(`\nEfficiency-fairness front, "${style}" wishes (${shapes.length} seeded trips, means)\n`);
  console.log("| w | E | min_share | Jain | G | share of the member with fewest wishes | median ms |");
  console.log("|---|---|---|---|---|---|---|");
  for (const w of weights) {
    const a = byWeight.get(w)!;
    console.log(
      `| ${w} | ${mean(a.e).toFixed(3)} | ${mean(a.min).toFixed(3)} | ${mean(a.jain).toFixed(3)} | ${mean(a.g).toFixed(3)} | ${mean(a.few).toFixed(3)} | ${median(a.ms)} |`,
    );
  }
  const e0 = mean(byWeight.get(0)!.e);
  const e6 = mean(byWeight.get(0.6)!.e);
  const m0 = mean(byWeight.get(0)!.min);
  const m6 = mean(byWeight.get(0.6)!.min);
  console.log(
    `\nCeiling on min_share (no plan can give every member more; mean over the trips): ${mean(ceilings).toFixed(3)}, that is ${(mean(ceilings) - m0).toFixed(3)} above w = 0`,
  );
  console.log(
    `\n${style}: w=0.6 vs w=0: min_share ${m6 - m0 >= 0 ? "+" : ""}${(m6 - m0).toFixed(3)} (bar: >= 0.15), E ${(((e6 - e0) / e0) * 100).toFixed(2)}% (bar: within 5%)\n`,
  );
}
writeFileSync(join(RESULTS, "front.csv"), `${rows.join("\n")}\n`);

if (process.argv.includes("--front-only")) process.exit(0);

// 2. Time: the two named trips, then a series over the number of places (8 members, 7 days, w = 0.6).
console.log("\nTime (w = 0.6, one thread)\n");
console.log("| trip | ms | visits |");
console.log("|---|---|---|");
for (const shape of [
  { members: 8, places: 60, days: 7, seed: 201 },
  { members: 20, places: 1000, days: 14, seed: 202 },
]) {
  const plan = run(generateTrip(shape));
  const visits = plan.days.reduce((n, d) => n + d.visits.length, 0);
  console.log(
    `| ${shape.places} places, ${shape.members} members, ${shape.days} days | ${plan.ms} | ${visits} |`,
  );
}
const series = quick ? [50, 100, 200] : [50, 100, 200, 400, 700, 1000];
const scaling: string[] = ["places,ms,exponent_vs_previous"];
console.log("\n| places (8 members, 7 days) | ms | growth exponent vs previous |");
console.log("|---|---|---|");
let previous: [number, number] | null = null;
for (const places of series) {
  const plan = run(generateTrip({ members: 8, places, days: 7, seed: 300 + places }));
  const ms = Math.max(1, plan.ms);
  const exponent = previous ? Math.log(ms / previous[1]) / Math.log(places / previous[0]) : Number.NaN;
  console.log(`| ${places} | ${ms} | ${previous ? exponent.toFixed(2) : "-"} |`);
  scaling.push(`${places},${ms},${previous ? exponent.toFixed(3) : ""}`);
  previous = [places, ms];
}
writeFileSync(join(RESULTS, "scaling.csv"), `${scaling.join("\n")}\n`);
console.log(`\nwrote ${join(RESULTS, "front.csv")} and scaling.csv`);
