import type { Counters } from "./counters";

/**
 * Failed attempts per key in a window (join codes per user, share-link passwords per client and per
 * link): once `max` failures are counted, the key is refused until the window ends. Counted in the
 * app's `Counters`, so every process of a scaled deployment sees the same count.
 */
export class FailureLimiter {
  constructor(
    private readonly counters: Counters,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async blocked(key: string): Promise<boolean> {
    const count = await this.counters.peek(`${this.name}:${key}`);
    return (count?.count ?? 0) >= this.max;
  }

  async fail(key: string): Promise<void> {
    await this.counters.hit(`${this.name}:${key}`, this.windowMs);
  }
}
