// Runs one optimisation off the server's event loop. Messages: in {type:"cancel"}; out progress,
// done (the plan) or failed (a message).
import { parentPort, workerData } from "node:worker_threads";
import { type Problem, solve } from "@tabi/optimizer";

const { problem, seed, timeLimitMs } = workerData as { problem: Problem; seed: number; timeLimitMs: number };
const controller = new AbortController();
parentPort!.on("message", (m: { type: string }) => {
  if (m.type === "cancel") controller.abort();
});

solve(problem, {
  seed,
  timeLimitMs,
  // The same trip gives the same plan whatever the load (issue 12): iterations pace the search.
  steady: true,
  signal: controller.signal,
  onProgress: (stage, percent, message) =>
    parentPort!.postMessage({ type: "progress", stage, percent, message }),
})
  .then((plan) => parentPort!.postMessage({ type: "done", plan }))
  .catch((err: Error) =>
    parentPort!.postMessage({
      type: err.name === "AbortError" ? "cancelled" : "failed",
      message: err.message,
    }),
  );
