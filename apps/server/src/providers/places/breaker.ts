import { PlacesProviderError } from "./types";

export interface BreakerOptions {
  /** How long the first failure skips the service; each further failure in a row doubles it. */
  baseMs?: number;
  /** The longest skip. */
  maxMs?: number;
  now?: () => number;
}

/**
 * Skips an online service for a while after it failed (issue 25): an unreachable Photon must not
 * cost every keystroke of a search its timeout. The first failure skips it for 30 s, each failure
 * in a row doubles that up to 5 minutes, one answer resets it; after the pause the next call tries.
 */
export class Breaker {
  private failures = 0;
  private until = 0;
  private last: PlacesProviderError | null = null;
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly now: () => number;

  constructor(options: BreakerOptions = {}) {
    this.baseMs = options.baseMs ?? 30_000;
    this.maxMs = options.maxMs ?? 300_000;
    this.now = options.now ?? Date.now;
  }

  /** The error to report while the service is skipped; null when it may be asked. */
  skipped(): PlacesProviderError | null {
    const left = this.until - this.now();
    if (left <= 0 || !this.last) return null;
    return new PlacesProviderError(
      this.last.provider,
      this.last.reason,
      `${this.last.message}; asked again in ${Math.ceil(left / 1000)} s`,
    );
  }

  failed(error: PlacesProviderError): void {
    this.failures += 1;
    this.last = error;
    this.until = this.now() + Math.min(this.maxMs, this.baseMs * 2 ** (this.failures - 1));
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
    this.last = null;
  }
}
