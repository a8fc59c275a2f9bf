import { createHmac, timingSafeEqual } from "node:crypto";
import type { Counters } from "../limits/counters";

/** Wrong passwords an account takes freely before each further attempt must wait. */
const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60_000;
/** Cookie a browser gets on a successful sign-in: it lets the owner past the account's delay. */
export const KNOWN_BROWSER_COOKIE = "tabi_known";
const KNOWN_BROWSER_DAYS = 90;
/** A run of wrong passwords is forgotten a day after it started. */
const FAILURE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Per-account sign-in throttle (decision 0006): after 5 wrong passwords, from any number of
 * addresses, each further attempt waits 1 s, 2 s, 4 s ... up to 15 min. A browser that signed in
 * to that account before carries a signed cookie and is never held back, so an attacker can slow
 * the guessing down but cannot lock the owner out. Counted in the app's `Counters` (shared by every
 * process in scaled mode), under a keyed hash of the address rather than the address itself.
 */
export class AccountThrottle {
  constructor(
    private readonly secret: string,
    private readonly counters: Counters,
    private readonly now = () => Date.now(),
  ) {}

  private key = (email: string) => email.trim().toLowerCase();

  private counterKey(email: string): string {
    return `signin:${createHmac("sha256", this.secret)
      .update(`failures:${this.key(email)}`)
      .digest("base64url")}`;
  }

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
  async waitMs(email: string): Promise<number> {
    const now = this.now();
    const entry = await this.counters.peek(this.counterKey(email), now);
    if (!entry || entry.count < FREE_FAILURES) return 0;
    const delay = Math.min(1000 * 2 ** (entry.count - FREE_FAILURES), MAX_DELAY_MS);
    return Math.max(0, entry.lastAt + delay - now);
  }

  async failed(email: string): Promise<void> {
    await this.counters.hit(this.counterKey(email), FAILURE_WINDOW_MS, this.now());
  }

  /** A correct password: the account's count starts again; returns the cookie value to set. */
  async succeeded(email: string, cookieValue: string | undefined): Promise<string> {
    await this.counters.reset(this.counterKey(email));
    const marks = new Set((cookieValue ?? "").split(".").filter(Boolean));
    marks.add(this.mark(email));
    return [...marks].slice(-5).join(".");
  }

  cookie(value: string, secure: boolean): string {
    return `${KNOWN_BROWSER_COOKIE}=${value}; Path=/api/auth; Max-Age=${KNOWN_BROWSER_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  }
}
