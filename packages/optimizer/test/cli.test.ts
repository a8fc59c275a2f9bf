import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { solveSync } from "../src/solve";
import type { Plan } from "../src/types";
import { generateTrip } from "./generate";

const CLI = fileURLToPath(new URL("../bin/tabi-optimizer.mjs", import.meta.url));
/** The run's own duration is the one field that may differ. */
const withoutMs = (plan: Plan) => ({ ...plan, ms: 0 });

// Issue 26 item 6: the command line solves in the app's steady mode, so a problem file reproduces a plan.
it("solve gives the app's plan, the same on every run for the same file and seed", () => {
  const problem = generateTrip({ members: 3, places: 18, days: 2, seed: 7 });
  const file = join(mkdtempSync(join(tmpdir(), "tabi-cli-")), "problem.json");
  writeFileSync(file, JSON.stringify(problem));
  const run = () =>
    JSON.parse(execFileSync(process.execPath, [CLI, "solve", file, "--seed", "5"], { encoding: "utf8" }));
  const first = run();
  const second = run();
  expect(withoutMs(second)).toEqual(withoutMs(first));
  // As the app's worker solves it (steady, same seed), uncut by a time limit.
  const app = solveSync(problem, { seed: 5, steady: true, timeLimitMs: Number.POSITIVE_INFINITY });
  expect(withoutMs(first)).toEqual(withoutMs(app));
}, 120_000);
