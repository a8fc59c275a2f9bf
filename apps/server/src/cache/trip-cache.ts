/**
 * Reads of a trip kept in memory until the trip changes: the guard's membership and the trip
 * screen's one read (`/full`). A trip's entries are dropped by `invalidate(tripId)` (every write to
 * the trip, and every event on its channel, see `registerReadCacheInvalidation`), the whole cache by
 * `clear()` (writes that are not about one trip: a profile, a sign-in, a join).
 *
 * A read that raced a write must not store what it read before the write: `token()` is taken before
 * reading the database and `set()` refuses a value whose token is older than the last invalidation.
 */
export class TripCache {
  private readonly entries = new Map<
    string,
    { tripId: string; value: unknown; expires: number; bytes: number }
  >();
  private bytes = 0;
  private readonly keysByTrip = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private counter = 0;

  constructor(
    private readonly maxEntries = 5000,
    private readonly ttlMs = 60_000,
    /** Serialised answers are the big entries: at most this much of them (UTF-16, 2 bytes a character). */
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** Taken before reading the database; hand it back to `set`. */
  token(tripId: string): number {
    return Math.max(this.generations.get(tripId) ?? 0, this.epoch);
  }

  get<T>(tripId: string, key: string, now = Date.now()): T | undefined {
    const full = `${tripId}\u0000${key}`;
    const entry = this.entries.get(full);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.drop(full, tripId);
      return undefined;
    }
    return entry.value as T;
  }

  /** Stores unless the trip changed since `token`; `expiresAt` shortens the default lifetime. */
  set(tripId: string, key: string, value: unknown, token: number, expiresAt?: number): void {
    if (token !== this.token(tripId)) return;
    const full = `${tripId}\u0000${key}`;
    const now = Date.now();
    const bytes = typeof value === "string" ? value.length * 2 : 256;
    this.drop(full, tripId);
    this.entries.set(full, {
      tripId,
      value,
      expires: Math.min(now + this.ttlMs, expiresAt ?? Infinity),
      bytes,
    });
    this.bytes += bytes;
    const keys = this.keysByTrip.get(tripId) ?? new Set<string>();
    this.keysByTrip.set(tripId, keys.add(full));
    // Maps keep insertion order: the first entry is the oldest stored.
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const [oldest, e] = this.entries.entries().next().value as [string, { tripId: string }];
      this.drop(oldest, e.tripId);
    }
  }

  invalidate(tripId: string): void {
    this.generations.set(tripId, ++this.counter);
    for (const key of this.keysByTrip.get(tripId) ?? []) this.drop(key, tripId);
    this.keysByTrip.delete(tripId);
    // Generations of trips with nothing cached are only needed while a read may be in flight.
    if (this.generations.size > this.maxEntries * 2) this.clear();
  }

  clear(): void {
    this.epoch = ++this.counter;
    this.entries.clear();
    this.keysByTrip.clear();
    this.generations.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by serialised answers (approximate). */
  get byteSize(): number {
    return this.bytes;
  }

  private drop(full: string, tripId: string) {
    const entry = this.entries.get(full);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(full);
    this.keysByTrip.get(tripId)?.delete(full);
  }
}
