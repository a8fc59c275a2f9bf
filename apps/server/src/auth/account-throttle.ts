import { createHmac, timingSafeEqual } from "node:crypto";

/** Wrong passwords an account takes freely before each further attempt must wait. */
const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60_000;
/** Cookie a browser gets on a successful sign-in: it lets the owner past the account's delay. */
export const KNOWN_BROWSER_COOKIE = "tabi_known";
const KNOWN_BROWSER_DAYS = 90;

interface Entry {
  failures: number;
  blockedUntil: number;
}

/**
 * Per-account sign-in throttle (decision 0006): after 5 wrong passwords, from any number of
 * addresses, each further attempt waits 1 s, 2 s, 4 s ... up to 15 min. A browser that signed in
 * to that account before carries a signed cookie and is never held back, so an attacker can slow
 * the guessing down but cannot lock the owner out. Counters live in memory (embedded mode).
 */
export class AccountThrottle {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly secret: string,
    private readonly now = () => Date.now(),
  ) {}

  private key = (email: string) => email.trim().toLowerCase();

  private mark(email: string): string {
    return createHmac("sha256", this.secret)
      .update(`known-browser:${this.key(email)}`)
      .digest("base64url");
  }

  /** Whether the cookie value proves this browser signed in to the account before. */
  isKnownBrowser(email: string, cookieValue: string | undefined): boolean {
    if (!cookieValue) return false;
    const expected = Buffer.from(this.mark(email));
    return cookieValue
      .split(".")
      .some((v) => v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
  }

  /** Milliseconds until the account takes another attempt from an unknown browser (0: now). */
  waitMs(email: string): number {
    const entry = this.entries.get(this.key(email));
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  failed(email: string): void {
    const key = this.key(email);
    const entry = this.entries.get(key) ?? { failures: 0, blockedUntil: 0 };
    entry.failures++;
    if (entry.failures >= FREE_FAILURES)
      entry.blockedUntil = this.now() + Math.min(1000 * 2 ** (entry.failures - FREE_FAILURES), MAX_DELAY_MS);
    this.entries.set(key, entry);
    if (this.entries.size > 100_000) this.entries.delete(this.entries.keys().next().value!); // memory bound
  }

  /** A correct password: the account's count starts again; returns the cookie value to set. */
  succeeded(email: string, cookieValue: string | undefined): string {
    this.entries.delete(this.key(email));
    const marks = new Set((cookieValue ?? "").split(".").filter(Boolean));
    marks.add(this.mark(email));
    return [...marks].slice(-5).join(".");
  }

  cookie(value: string, secure: boolean): string {
    return `${KNOWN_BROWSER_COOKIE}=${value}; Path=/api/auth; Max-Age=${KNOWN_BROWSER_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  }
}
