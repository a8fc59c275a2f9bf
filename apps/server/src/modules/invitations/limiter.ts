// Failed join attempts per user: with the per-IP route limit, guessing codes stays impractical
// (8.5e11 codes, 10 failures per user per 10 minutes). In memory: one process in embedded mode.
const WINDOW_MS = 10 * 60_000;
const MAX_FAILURES = 10;

export class FailureLimiter {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly max = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
    return recent.length >= this.max;
  }

  fail(key: string, now = Date.now()) {
    this.failures.set(key, [...(this.failures.get(key) ?? []), now]);
  }
}
