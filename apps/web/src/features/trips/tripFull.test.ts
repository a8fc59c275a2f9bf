import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTripRead, tripFullQuery, tripOfAddress } from "./tripFull";

// Decision 0026: a trip page's /full read starts from its address, and the trip query takes it.

const TRIP = "5b1f3c2e-1111-4a4a-9999-000000000001";
const full = { trip: { id: TRIP }, members: [], places: [], result: null, bookings: [] };

function answering(...statuses: number[]) {
  const fetch = vi.fn(async () => {
    const status = statuses.shift() ?? 200;
    return new Response(JSON.stringify(status === 200 ? full : { error: "nope", message: "No" }), {
      status,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

describe("the trip an address opens", () => {
  it("is the trip of /trip/{id}, or the current trip on /my-trip", () => {
    expect(tripOfAddress(`/trip/${TRIP}`, null)).toBe(TRIP);
    expect(tripOfAddress(`/trip/${TRIP}/`, "other")).toBe(TRIP);
    expect(tripOfAddress("/my-trip", TRIP)).toBe(TRIP);
    expect(tripOfAddress("/my-trip", null)).toBeNull();
    expect(tripOfAddress("/my-trip/chat", TRIP)).toBeNull();
    expect(tripOfAddress("/", TRIP)).toBeNull();
  });
});

describe("the early read", () => {
  it("is the trip query's first read: one request", async () => {
    const fetch = answering(200);
    startTripRead(TRIP);
    const client = new QueryClient();
    await client.fetchQuery(tripFullQuery(TRIP));
    expect(fetch).toHaveBeenCalledTimes(1);
    // Later reads ask the server.
    await client.fetchQuery({ ...tripFullQuery(TRIP), staleTime: 0 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is dropped on a 401 (nobody signed in yet): the query asks itself", async () => {
    const fetch = answering(401, 200);
    startTripRead(TRIP);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(client.fetchQuery(tripFullQuery(TRIP))).resolves.toMatchObject({ trip: { id: TRIP } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is not taken for another trip", async () => {
    const fetch = answering(200, 200);
    startTripRead(TRIP);
    const client = new QueryClient();
    await client.fetchQuery(tripFullQuery("another"));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
