import { QueryClient } from "@tanstack/react-query";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { describe, expect, it, vi } from "vitest";
import { activeResultQuery } from "../../features/itinerary/api";
import { placesQuery } from "../../features/places/api";
import { tripDetailQuery } from "../../features/trips/api";
import { tripFullQuery } from "../../features/trips/tripFull";
import { stubLocalStorageEachTest } from "../../test/memoryStorage";
import { lastConfirmedWriteFor, noteConfirmedWrite } from "./confirmed";
import { markKept, showsKeptCopy } from "./kept";
import { withoutOutdated } from "./persist";

// Issue 25 item 1: a reload shows what this device kept at once, then the server's truth; a kept copy
// never wins over a change the server confirmed.

const TRIP = "5b1f3c2e-1111-4a4a-9999-000000000001";
const OTHER = "5b1f3c2e-1111-4a4a-9999-000000000002";

stubLocalStorageEachTest();

const kept = (queries: { key: unknown[]; at: number }[]): PersistedClient => ({
  timestamp: 0,
  buster: "",
  clientState: {
    mutations: [],
    queries: queries.map(({ key, at }) => ({
      queryKey: key,
      queryHash: JSON.stringify(key),
      dehydratedAt: at,
      state: { data: {}, dataUpdatedAt: at, status: "success" } as never,
    })),
  },
});

describe("a change the server confirmed", () => {
  it("is remembered for its trip, and a change outside trips for every query", () => {
    noteConfirmedWrite(`/api/trips/${TRIP}/places/p1`, 1000);
    expect(lastConfirmedWriteFor(["trips", "places", TRIP])).toBe(1000);
    expect(lastConfirmedWriteFor(["trips", "places", OTHER])).toBeNull();
    noteConfirmedWrite("/api/trips", 2000);
    expect(lastConfirmedWriteFor(["trips", "places", OTHER])).toBe(2000);
    expect(lastConfirmedWriteFor(["trips", "places", TRIP])).toBe(2000);
  });

  it("keeps a kept copy older than it off the screen when online, and shows it offline", () => {
    noteConfirmedWrite(`/api/trips/${TRIP}/places/p1`, 5000);
    const saved = kept([
      { key: ["trips", "places", TRIP], at: 4000 }, // from before the delete: left out
      { key: ["trips", "full", TRIP], at: 6000 }, // read again after it: kept
      { key: ["trips", "places", OTHER], at: 1000 }, // another trip: kept
    ]);
    const online = withoutOutdated(saved, true).clientState.queries.map((q) => q.queryKey);
    expect(online).toEqual([
      ["trips", "full", TRIP],
      ["trips", "places", OTHER],
    ]);
    expect(withoutOutdated(saved, false).clientState.queries).toHaveLength(3);
  });
});

describe("the kept copy on screen", () => {
  it("counts as kept until the server's data replaces it", () => {
    const qc = new QueryClient();
    qc.setQueryData(["trips", "places", TRIP], { places: [] });
    const query = qc.getQueryCache().find({ queryKey: ["trips", "places", TRIP] })!;
    markKept([query]);
    expect(showsKeptCopy(query)).toBe(true);
    qc.setQueryData(["trips", "places", TRIP], { places: [] }, { updatedAt: Date.now() + 1 });
    expect(showsKeptCopy(query)).toBe(false);
  });
});

describe("the trip's parts", () => {
  it("read through one /full request however many ask at once, each getting its part", async () => {
    const full = {
      trip: { id: TRIP, my: { canInviteMembers: false } },
      members: [],
      places: { places: [{ id: "p1" }], usage: { mine: 1, limit: 10 }, optimized: false },
      result: null,
      bookings: [],
    };
    const fetch = vi.fn(async (url: string) => {
      expect(url).toBe(`/api/trips/${TRIP}/full`);
      return new Response(JSON.stringify(full), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    const qc = new QueryClient();
    const [places, detail, active, fullAnswer] = await Promise.all([
      qc.fetchQuery(placesQuery(TRIP)),
      qc.fetchQuery(tripDetailQuery(TRIP)),
      qc.fetchQuery(activeResultQuery(TRIP)),
      qc.fetchQuery(tripFullQuery(TRIP)),
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(places).toEqual(full.places);
    expect(detail).toEqual({ trip: full.trip, members: [] });
    expect(active).toBeNull();
    expect(fullAnswer).toEqual(full);
  });
});
