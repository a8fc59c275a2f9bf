/// <reference types="node" />
/**
 * How reliably one TOPTW case reaches a score: runs seeds FROM..TO at a fixed iteration budget (no time
 * limit, so the load of the machine does not decide; or `--time-limit-ms` as the bench runs it), and
 * prints the scores and how many reach the target. `--budgets A-B:STEP` runs each seed at every budget
 * from A to B: one seed's result also flips with the exact iterations it gets, which is what differs
 * between two full bench runs. `TUNE='{"runs":2}'` overrides search knobs (`src/tuning.ts`).
 *
 *   npm run bench:seeds -w packages/optimizer -- c109 --tours 3 --iterations 36000 --seeds 1-32 --target 970
 *   npm run bench:seeds -w packages/optimizer -- rc106 --tours 1 --budgets 30000-45000:1000 --seeds 1-1 --target 245
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseToptw, solveToptw } from "../src/toptw";
import { TUNING } from "../src/tuning";
import { arg, BENCH_DATA } from "./common";

Object.assign(TUNING, JSON.parse(process.env.TUNE ?? "{}"));
const name = process.argv[2];
if (!name || name.startsWith("--")) {
  console.error(
    "usage: seeds.ts CASE --tours M (--iterations N | --budgets A-B:STEP | --time-limit-ms T) [--seeds A-B] [--target SCORE]",
  );
  process.exit(2);
}
const tours = Number(arg("--tours") ?? 1);
const timeLimitMs = Number(arg("--time-limit-ms") ?? 1e9);
const iterations = Number(arg("--iterations") ?? (timeLimitMs < 1e9 ? 1e9 : 20000));
const sweep = /^(\d+)-(\d+):(\d+)$/.exec(arg("--budgets") ?? "");
const budgets: number[] = [];
if (sweep)
  for (let b = Number(sweep[1]); b <= Number(sweep[2]); b += Math.max(1, Number(sweep[3]))) budgets.push(b);
else budgets.push(iterations);
const [from, to] = (arg("--seeds") ?? "1-16").split("-").map(Number) as [number, number];
const target = Number(arg("--target") ?? Number.NaN);
const inst = parseToptw(readFileSync(join(BENCH_DATA, "instances", `${name}.txt`), "utf8"), name);
const scores: number[] = [];
let ms = 0;
for (let seed = from; seed <= to; seed++) {
  for (const budget of budgets) {
    const r = solveToptw(inst, tours, { seed, iterations: budget, timeLimitMs });
    scores.push(r.score);
    ms += r.ms;
  }
}
const hit = Number.isNaN(target)
  ? ""
  : ` | ${scores.filter((s) => s >= target).length}/${scores.length} reach ${target}`;
const what = sweep
  ? `budgets ${budgets[0]}-${budgets.at(-1)} (${budgets.length})`
  : timeLimitMs < 1e9
    ? `${timeLimitMs} ms`
    : `${iterations} iterations`;
console.log(
  `${name} m=${tours} ${what}: ${scores.join(" ")}${hit} | mean ${Math.round(ms / scores.length)} ms`,
);
