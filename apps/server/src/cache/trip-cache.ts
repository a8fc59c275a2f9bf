/**
 * Reads of a trip kept in memory until the trip changes: the guard's membership, the trip screen's
 * one read (`/full`) and the parts it is made of. A trip's entries are dropped by `invalidate(tripId)`
 * (every write to the trip, and every event on its channel, see `registerReadCacheInvalidation`;
 * a change to places only keeps what it cannot have touched), the whole cache by `clear()` (writes
 * that are not about one trip: a profile, a sign-in, a join).
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
  private readonly loading = new Map<string, { token: number; value: Promise<unknown> }>();

  constructor(
    private readonly maxEntries = 5000,
    private readonly ttlMs = 60_000,
    /** Serialised answers and read parts are the big entries: at most this much of them (UTF-16 strings
     * count 2 bytes a character, other values what their caller estimates). */
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

  /**
   * The kept value, or one read shared by every caller that misses at once (after a change, each
   * member's screen asks together): a caller joins a read in flight only if the trip has not changed
   * since it started, so it never gets what was read before a write it has seen end.
   */
  async load<T>(
    tripId: string,
    key: string,
    read: () => Promise<T>,
    bytes?: (value: T) => number,
  ): Promise<T> {
    const hit = this.get<{ value: T }>(tripId, key);
    if (hit) return hit.value;
    const token = this.token(tripId);
    const full = `${tripId}\u0000${key}`;
    const inFlight = this.loading.get(full);
    if (inFlight?.token === token) return inFlight.value as Promise<T>;
    const value = read().then((v) => {
      this.set(tripId, key, { value: v }, token, undefined, bytes?.(v));
      return v;
    });
    this.loading.set(full, { token, value });
    const forget = () => {
      if (this.loading.get(full)?.value === value) this.loading.delete(full);
    };
    value.then(forget, forget);
    return value;
  }

  /**
   * Stores unless the trip changed since `token`; `expiresAt` shortens the default lifetime; `size`
   * is the value's approximate bytes when it is not a string.
   */
  set(tripId: string, key: string, value: unknown, token: number, expiresAt?: number, size?: number): void {
    if (token !== this.token(tripId)) return;
    const full = `${tripId}\u0000${key}`;
    const now = Date.now();
    const bytes = typeof value === "string" ? value.length * 2 : (size ?? 256);
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

  /** Drops the trip's entries, except those `keep` names (what the change cannot have touched). */
  invalidate(tripId: string, keep?: (key: string) => boolean): void {
    this.generations.set(tripId, ++this.counter);
    const keys = this.keysByTrip.get(tripId);
    for (const full of keys ?? []) {
      if (keep?.(full.slice(tripId.length + 1))) continue;
      this.drop(full, tripId);
    }
    if (keys?.size === 0) this.keysByTrip.delete(tripId);
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
