import { MESSAGES } from "@tabi/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, isUnavailable, onUnauthorized, parseRetryAfter } from "./api";
import { isServiceUnavailable, reportAvailable, subscribeAvailability } from "./availability";
import { probeDelay, queryRetryDelay, shouldRetryQuery } from "./retry";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  reportAvailable();
});

describe("an outage as the client sees it (issue 11)", () => {
  it("turns a 503 into a retryable error with the server's wait, never a 401", async () => {
    const unauthorized = vi.fn();
    const off = onUnauthorized(unauthorized);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        answer(
          503,
          { error: { code: "SERVICE_UNAVAILABLE", message: MESSAGES.serviceUnavailable } },
          { "retry-after": "5" },
        ),
      ),
    );
    const err = await api("/api/trips").catch((e: unknown) => e);
    off();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", retryAfterMs: 5000 });
    expect((err as ApiError).message).toBe(MESSAGES.serviceUnavailable);
    expect(isUnavailable(err)).toBe(true);
    expect(unauthorized).not.toHaveBeenCalled(); // no "Session expired"
  });

  it("shows the banner on a 503, a gateway error or no answer, and hides it at the next answer", async () => {
    const changes: boolean[] = [];
    const off = subscribeAvailability(() => changes.push(isServiceUnavailable()));
    const replies: (() => Promise<Response>)[] = [
      async () => answer(502, null),
      async () => {
        throw new TypeError("Failed to fetch");
      },
      async () => answer(503, null),
      async () => answer(404, { error: { code: "NOT_FOUND", message: "Trip not found" } }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => replies.shift()!()),
    );
    const gateway = await api("/api/trips").catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, message: MESSAGES.serviceUnavailable });
    expect(isServiceUnavailable()).toBe(true);
    expect(await api("/api/trips").catch((e: unknown) => (e as ApiError).status)).toBe(0);
    expect(await api("/api/trips").catch((e: unknown) => (e as ApiError).status)).toBe(503);
    expect(isServiceUnavailable()).toBe(true);
    // Any answer of the server's own, even a 404, means it is back.
    expect(await api("/api/trips/x").catch((e: unknown) => (e as ApiError).status)).toBe(404);
    expect(isServiceUnavailable()).toBe(false);
    off();
    expect(changes).toEqual([true, false]);
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("5", now)).toBe(5000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

describe("query retries", () => {
  const outage = new ApiError(503, "SERVICE_UNAVAILABLE", MESSAGES.serviceUnavailable, 5000);

  it("retries an outage until the service is back, a 4xx never, anything else twice", () => {
    expect(shouldRetryQuery(50, outage)).toBe(true);
    expect(shouldRetryQuery(50, new ApiError(0, "NETWORK_ERROR", "Network error"))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(401, "UNAUTHORIZED", "Authentication required"))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, "NOT_FOUND", "Trip not found"))).toBe(false);
    expect(shouldRetryQuery(1, new ApiError(500, "INTERNAL", "Something went wrong"))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(500, "INTERNAL", "Something went wrong"))).toBe(false);
  });

  it("waits as long as Retry-After asks, else backs off from 1 s to 30 s, spread a little", () => {
    expect(queryRetryDelay(1, outage, () => 0)).toBe(5000);
    expect(queryRetryDelay(1, outage, () => 1)).toBe(6000);
    const noHeader = new ApiError(503, "SERVICE_UNAVAILABLE", MESSAGES.serviceUnavailable);
    expect([1, 2, 3, 10].map((n) => queryRetryDelay(n, noHeader, () => 0))).toEqual([
      1000, 2000, 4000, 30_000,
    ]);
    expect(queryRetryDelay(1, new ApiError(500, "INTERNAL", "x"))).toBeLessThanOrEqual(1000);
    expect(probeDelay(5000)).toBe(5000);
    expect(probeDelay(undefined)).toBe(5000);
    expect(probeDelay(600_000)).toBe(30_000);
  });
});
