/// <reference types="node" />
/**
 * Stability bench (issue 26 item 4): each group trip (`test/generate.ts` `groupTrip`, as the app
 * solves it: travel weight 1, steady) is solved, then solved again with no change but the plan's days
 * as `previousDate`, as the app re-optimises. Prints per trip the share of the first plan's visits that
 * stay on their day, and the lowest and mean share (bar: at least 0.9 on every trip).
 *
 *   npm run bench:stability -w packages/optimizer [-- --first 1000] [--trips 10] [--mixed]
 *
 * `--mixed`: the trips of `mixedTrip` (far places, some wished for the night) instead.
 */
import { checkPlan } from "../src/check";
import { solveSync } from "../src/solve";
import type { Plan, Problem } from "../src/types";
import { groupTrip, mixedTrip } from "../test/generate";
import { arg } from "./common";

function run(problem: Problem): Plan {
  const plan = solveSync(problem, { steady: true });
  const check = checkPlan(problem, plan);
  if (!check.ok) throw new Error(`infeasible plan: ${check.errors.slice(0, 3).join("; ")}`);
  return plan;
}

/** Date of each visited place. */
const datesOf = (plan: Plan) =>
  new Map(plan.days.flatMap((d) => d.visits.map((v) => [v.placeId, d.date] as const)));

const first = Number(arg("--first") ?? 1000);
const count = Number(arg("--trips") ?? 10);
console.log("| trip | visits | kept on their day | ms of the re-run |\n|---|---|---|---|");
const shares: number[] = [];
for (let seed = first; seed < first + count; seed++) {
  const trip = process.argv.includes("--mixed") ? mixedTrip(seed) : groupTrip(seed);
  const problem = { ...trip, settings: { ...trip.settings, travelWeight: 1 } };
  const before = datesOf(run(problem));
  const again = run({
    ...problem,
    places: problem.places.map((p) => (before.has(p.id) ? { ...p, previousDate: before.get(p.id)! } : p)),
  });
  const after = datesOf(again);
  let kept = 0;
  for (const [id, date] of before) if (after.get(id) === date) kept++;
  const share = before.size ? kept / before.size : 1;
  shares.push(share);
  console.log(`| ${seed} | ${before.size} | ${share.toFixed(3)} | ${again.ms} |`);
}
const mean = shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length);
const lowest = Math.min(...shares);
console.log(
  `\nKept on their day: lowest ${lowest.toFixed(3)}, mean ${mean.toFixed(3)} (bar: at least 0.9 on every trip): ${lowest >= 0.9 ? "met" : "NOT met"}`,
);
