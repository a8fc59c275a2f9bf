/// <reference types="node" />
import { readFileSync } from "node:fs";
import { checkPlan, parseToptw, solveSync, solveToptw } from "../src/index";
import type { Problem } from "../src/types";

const USAGE = `usage:
  tabi-optimizer toptw FILE --tours M [--seed S] [--time-limit-ms T]
      TOPTW benchmark file -> {"score", "tours": [[vertex ids]...], "ms"}
      (without --time-limit-ms the run is deterministic: a fixed iteration budget)
  tabi-optimizer solve FILE.json [--seed S] [--time-limit-ms T] [--wall-time]
      interchange problem -> plan JSON (checked with checkPlan before printing)
      Solves as the app does: paced by iterations, so the same file and seed give the same plan on
      any machine, however busy. --time-limit-ms only stops a run that takes longer (a stopped run
      may differ). --wall-time paces the search by the time limit instead (default: the file's
      timeLimitMs, else 9000): the plan then depends on the machine and its load`;

function option(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = Number(args[i + 1]);
  if (!Number.isFinite(value)) throw new Error(`${name}: expected a number, got "${args[i + 1] ?? ""}"`);
  return value;
}

function main(args: string[]): number {
  const [command, file] = args;
  if (!command || command === "--help" || command === "-h" || !file) {
    console.error(USAGE);
    return command ? 2 : 0;
  }
  const seed = option(args, "--seed");
  const timeLimitMs = option(args, "--time-limit-ms");
  if (command === "toptw") {
    const tours = option(args, "--tours");
    if (!tours || !Number.isInteger(tours) || tours < 1)
      throw new Error("--tours: expected a whole number >= 1");
    const inst = parseToptw(readFileSync(file, "utf8"), file);
    const result = solveToptw(inst, tours, {
      seed: seed ?? 1,
      ...(timeLimitMs !== undefined ? { timeLimitMs, iterations: 1e9 } : {}),
    });
    console.log(JSON.stringify({ score: result.score, tours: result.tours, ms: result.ms }));
    return 0;
  }
  if (command === "solve") {
    const problem = JSON.parse(readFileSync(file, "utf8")) as Problem;
    const wallTime = args.includes("--wall-time");
    const plan = solveSync(problem, {
      ...(seed !== undefined ? { seed } : {}),
      // The app's steady mode (issue 26): iterations alone decide the plan, so anyone reproduces it
      // from the problem file. No time limit unless asked: on a busy machine even the app's generous
      // one can cut a reference solve short (each gets a fraction of it).
      ...(timeLimitMs !== undefined
        ? { timeLimitMs }
        : wallTime
          ? {}
          : { timeLimitMs: Number.POSITIVE_INFINITY }),
      steady: !wallTime,
    });
    const check = checkPlan(problem, plan);
    if (!check.ok) throw new Error(`internal error, the plan fails checkPlan:\n${check.errors.join("\n")}`);
    console.log(JSON.stringify(plan));
    return 0;
  }
  console.error(`unknown command "${command}"\n${USAGE}`);
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`tabi-optimizer: ${(e as Error).message}`);
  process.exitCode = 1;
}
