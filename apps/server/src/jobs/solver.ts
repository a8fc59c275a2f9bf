import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Plan, Problem, Stage } from "@tabi/optimizer";

/** The worker script: bundled beside dist/main.js, or the TypeScript source (run through tsx) in dev and tests. */
function workerScript(): { file: URL; execArgv: string[] } {
  const bundled = new URL("./jobs/solver-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { file: bundled, execArgv: [] };
  return { file: new URL("./solver-worker.ts", import.meta.url), execArgv: ["--import", "tsx"] };
}

export class SolveCancelled extends Error {
  override name = "SolveCancelled";
}

export interface SolveJob {
  result: Promise<Plan>;
  cancel(): void;
}

/** Solves in a worker thread, so other requests are answered while it runs (issue 6). */
export function solveInWorker(
  problem: Problem,
  opts: {
    seed: number;
    timeLimitMs: number;
    onProgress(stage: Stage, percent: number, message: string): void;
  },
): SolveJob {
  const { file, execArgv } = workerScript();
  const worker = new Worker(file, {
    workerData: { problem, seed: opts.seed, timeLimitMs: opts.timeLimitMs },
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  const result = new Promise<Plan>((resolve, reject) => {
    worker.on(
      "message",
      (m: { type: string; plan?: Plan; stage?: Stage; percent?: number; message?: string }) => {
        if (m.type === "progress") opts.onProgress(m.stage!, m.percent!, m.message ?? "");
        else if (m.type === "done") resolve(m.plan!);
        else if (m.type === "cancelled") reject(new SolveCancelled("Operation was cancelled"));
        else if (m.type === "failed") reject(new Error(m.message));
      },
    );
    worker.on("error", reject);
    worker.on("exit", (code) => {
      if (code !== 0) reject(new Error(`The optimisation worker stopped (exit code ${code})`));
    });
  });
  result.finally(() => void worker.terminate()).catch(() => {});
  return { result, cancel: () => worker.postMessage({ type: "cancel" }) };
}
