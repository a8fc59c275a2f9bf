import { type FetchLike, PlacesProviderError } from "./types";

export interface HttpOptions {
  fetch?: FetchLike;
  /** Per request; an outside service that hangs must not hold the user's search. */
  timeoutMs?: number;
}

/** One JSON request to an outside service; every failure becomes a PlacesProviderError. */
export async function requestJson(
  provider: string,
  url: string,
  init: RequestInit,
  { fetch = globalThis.fetch, timeoutMs = 8000 }: HttpOptions,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new PlacesProviderError(
      provider,
      "unavailable",
      timedOut
        ? `${provider} did not answer within ${timeoutMs / 1000} s`
        : `${provider} could not be reached`,
    );
  }
  const text = await res.text().catch(() => "");
  if (!res.ok) {
    // 429 and 5xx pass; other 4xx (bad key, bad request) are ours to fix.
    const reason = res.status === 429 || res.status >= 500 ? "unavailable" : "bad_answer";
    throw new PlacesProviderError(provider, reason, `${provider} answered ${res.status}${detail(text)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlacesProviderError(provider, "bad_answer", `${provider} answered something that is not JSON`);
  }
}

/** The provider's own error message, when its error body has one (Google: error.message). */
function detail(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; error_message?: unknown };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.error_message);
    return typeof message === "string" ? `: ${message.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

/**
 * Spaces calls at least intervalMs apart, in arrival order (Nominatim's policy: 1 request/s).
 * A call that would wait longer than maxWaitMs is refused at once rather than queued.
 */
export function throttle(intervalMs: number, maxWaitMs: number, provider: string, now = () => Date.now()) {
  let nextSlot = 0;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    const t = now();
    const wait = Math.max(0, nextSlot - t);
    if (wait > maxWaitMs) {
      throw new PlacesProviderError(
        provider,
        "unavailable",
        `${provider} is busy; please try again in a moment`,
      );
    }
    nextSlot = Math.max(t, nextSlot) + intervalMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return call();
  };
}

/** A small most-recently-used cache (Nominatim asks clients to cache; Photon has no lookup by id). */
export class RecentCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }
}
