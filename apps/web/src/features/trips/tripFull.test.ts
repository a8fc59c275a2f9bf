import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tripKeys } from "./api";
import { startTripRead, tripFullQuery, tripOfAddress } from "./tripFull";

// Decision 0026: a trip page's /full read starts from its address, and the trip query takes it.

const TRIP = "5b1f3c2e-1111-4a4a-9999-000000000001";
const full = (canInviteMembers = false) => ({
  trip: { id: TRIP, my: { canInviteMembers } },
  members: [],
  places: [],
  result: null,
  bookings: [],
});
const INVITATION = { code: "ABCD2345", usesLeft: 10 };

function answering(...statuses: number[]) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url).endsWith("/invitation")) return new Response(JSON.stringify(INVITATION));
    const status = statuses.shift() ?? 200;
    return new Response(JSON.stringify(status === 200 ? full() : { error: "nope", message: "No" }), {
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

describe("the invitation", () => {
  // Another trip than the early reads' above (one of them is left untaken on purpose).
  const OTHER = "5b1f3c2e-1111-4a4a-9999-000000000002";
  it("is read with the trip's answer when the caller may invite, once", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(String(url));
        return new Response(JSON.stringify(String(url).endsWith("/invitation") ? INVITATION : full(true)));
      }),
    );
    const client = new QueryClient();
    await client.fetchQuery(tripFullQuery(OTHER));
    await vi.waitFor(() => expect(client.getQueryData(tripKeys.invitation(OTHER))).toEqual(INVITATION));
    await client.fetchQuery({ ...tripFullQuery(OTHER), staleTime: 0 });
    expect(urls.filter((u) => u.endsWith("/invitation"))).toHaveLength(1);
  });

  it("is not read for a member who may not invite", async () => {
    const fetch = answering(200);
    const client = new QueryClient();
    await client.fetchQuery(tripFullQuery(OTHER));
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(tripKeys.invitation(OTHER))).toBeUndefined();
  });
});
