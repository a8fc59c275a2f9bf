/// <reference types="node" />
/**
 * How reliably one TOPTW case reaches a score: runs seeds FROM..TO at a fixed iteration budget (no time
 * limit, so the load of the machine does not decide; or `--time-limit-ms` as the bench runs it), and prints the scores and how many reach the
 * target. `TUNE='{"runs":2}'` overrides search knobs (`src/tuning.ts`) for an experiment.
 *
 *   npm run bench:seeds -w packages/optimizer -- c109 --tours 3 --iterations 36000 --seeds 1-32 --target 970
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseToptw, solveToptw } from "../src/toptw";
import { TUNING } from "../src/tuning";
import { arg, BENCH_DATA } from "./common";

Object.assign(TUNING, JSON.parse(process.env.TUNE ?? "{}"));
const name = process.argv[2];
if (!name || name.startsWith("--")) {
  console.error("usage: seeds.ts CASE --tours M --iterations N [--seeds A-B] [--target SCORE]");
  process.exit(2);
}
const tours = Number(arg("--tours") ?? 1);
const timeLimitMs = Number(arg("--time-limit-ms") ?? 1e9);
const iterations = Number(arg("--iterations") ?? (timeLimitMs < 1e9 ? 1e9 : 20000));
const [from, to] = (arg("--seeds") ?? "1-16").split("-").map(Number) as [number, number];
const target = Number(arg("--target") ?? Number.NaN);
const inst = parseToptw(readFileSync(join(BENCH_DATA, "instances", `${name}.txt`), "utf8"), name);
const scores: number[] = [];
let ms = 0;
for (let seed = from; seed <= to; seed++) {
  const r = solveToptw(inst, tours, { seed, iterations, timeLimitMs });
  scores.push(r.score);
  ms += r.ms;
}
const hit = Number.isNaN(target)
  ? ""
  : ` | ${scores.filter((s) => s >= target).length}/${scores.length} reach ${target}`;
console.log(
  `${name} m=${tours} ${timeLimitMs < 1e9 ? `${timeLimitMs} ms` : `${iterations} iterations`}: ${scores.join(" ")}${hit} | mean ${Math.round(ms / scores.length)} ms`,
);
