/**
 * Milliseconds on a monotonic clock (`performance.now()`, in browsers, workers and Node alike). Time
 * budgets use it, never the wall clock: that one can be set back or forward under a running solve (a
 * resumed virtual machine, NTP), which would end a run early or stretch its cooling.
 */
const perf = (globalThis as unknown as { performance?: { now(): number } }).performance;
export const now: () => number = perf ? () => perf.now() : () => Date.now();
