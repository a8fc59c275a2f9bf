/**
 * Signed-in users by the exact cookie header that proved them, for a short time: the session lookup
 * is a database read on every request otherwise. Only a user better-auth returned is stored, so a
 * forged cookie is never in here. Sign-out, profile and plan changes clear it (`clear()`), and an
 * entry never outlives its session.
 */
export class SessionCache<U> {
  private readonly entries = new Map<string, { user: U; expires: number }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(cookie: string, now = Date.now()): U | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (entry.expires > now) return entry.user;
    this.entries.delete(cookie);
    return undefined;
  }

  set(cookie: string, user: U, sessionExpires: Date | undefined, now = Date.now()): void {
    const expires = Math.min(now + this.ttlMs, sessionExpires?.getTime() ?? Infinity);
    if (expires <= now) return;
    this.entries.delete(cookie);
    this.entries.set(cookie, { user, expires });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
