import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoutingProvider } from "../../providers/routing";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, futureDate, registered } from "../../test/fixtures";
import { legMatrix } from "./service";

// Issue 25 item 5: a leg from or to an airport is a car or public-transport leg whatever the trip's
// mode (spec 2 'Transport mode for a leg'), so a walking trip that lands at 14:00 uses the afternoon.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Eastern Kyoto, within walking distance of each other; Itami is about 40 km away. */
const EASTERN_KYOTO = [
  { name: "Kiyomizu-dera", latitude: 34.9949, longitude: 135.785, stayMinutes: 90 },
  { name: "Yasaka Shrine", latitude: 35.0037, longitude: 135.7785, stayMinutes: 60 },
  { name: "Heian Shrine", latitude: 35.016, longitude: 135.7823, stayMinutes: 60 },
  { name: "Nanzen-ji", latitude: 35.0112, longitude: 135.7944, stayMinutes: 90 },
  { name: "Ginkaku-ji", latitude: 35.027, longitude: 135.7982, stayMinutes: 90 },
  { name: "Sanjusangen-do", latitude: 34.9879, longitude: 135.7717, stayMinutes: 60 },
  { name: "Chion-in", latitude: 35.0056, longitude: 135.7832, stayMinutes: 60 },
  { name: "Shoren-in", latitude: 35.0072, longitude: 135.7819, stayMinutes: 60 },
];

type Visit = { placeId: string; start: string; end: string; mode: string; travelMinutes: number };
type Day = { date: string; visits: Visit[]; backMode: string };

async function waitDone(c: TestClient, tripId: string) {
  for (let i = 0; i < 400; i++) {
    const { progress, running } = (await c.get(`/api/trips/${tripId}/optimizations/progress`)).json();
    if (!running && progress && ["complete", "error", "cancelled"].includes(progress.stage)) return progress;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("optimisation did not finish");
}

describe("a booked flight on a walking trip", () => {
  it("rides from the arrival airport and visits places the afternoon it lands; nothing is left out", async () => {
    const owner = (await registered(t.app, "walk-fly@example.com")) as TestClient & { id: string };
    const startDate = futureDate(60);
    const trip = await createTrip(owner, {
      departureLocation: "Tokyo Station",
      departureLatitude: 35.6812,
      departureLongitude: 139.7671,
      destination: "Kyoto Station",
      destinationLatitude: 34.9858,
      destinationLongitude: 135.7588,
      startDate,
      endDate: futureDate(61),
    });
    for (const p of EASTERN_KYOTO)
      expect((await owner.post(`/api/trips/${trip.id}/places`, { ...p, wishLevel: 8 })).statusCode).toBe(201);
    const flight = await owner.post(`/api/trips/${trip.id}/bookings`, {
      bookingType: "flight",
      flightNumber: "JL 107",
      route: "HND → ITM",
      departureDate: startDate,
      departureTime: "12:50",
      arrivalTime: "14:00",
    });
    expect(flight.statusCode).toBe(201);

    await owner.post(`/api/trips/${trip.id}/optimizations`, {
      fairnessWeight: 0.6,
      includeMeals: true,
      preferredTransport: "walking",
    });
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const { result } = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    const [day1, day2] = result.days as Day[];

    // Landed at 14:00, out of the airport at 14:30; the ground leg to eastern Kyoto is a ride.
    const [departed, landed, ...afternoon] = day1!.visits;
    expect(departed).toMatchObject({ placeId: "airport_HND_departure", mode: "car" });
    expect(landed).toMatchObject({ placeId: "airport_ITM_arrival", start: "14:00", end: "14:30" });
    expect(afternoon.length).toBeGreaterThan(0);
    for (const v of afternoon) expect(v.start >= "14:30").toBe(true);
    // The first leg out of the airport is a car (not a 40 km walk); the ones between temples walk.
    expect(afternoon[0]!.mode).toBe("car");
    expect(afternoon[0]!.travelMinutes).toBeLessThan(120);
    for (const v of afternoon.slice(1)) expect(v.mode).toBe("walking");
    for (const v of day2!.visits) expect(v.mode).toBe("walking");

    // Every place has its visit: none left out for lack of time.
    expect(result.unscheduled).toEqual([]);
    const planned = result.days
      .flatMap((d: Day) => d.visits)
      .filter((v: Visit) => !v.placeId.startsWith("airport_"));
    expect(planned).toHaveLength(EASTERN_KYOTO.length);
  });
});

describe("a routing server's times on a walking trip", () => {
  it("takes the airport legs from the riding matrix and the others from the walking one", async () => {
    const asked: string[] = [];
    const routing: RoutingProvider = {
      name: "osrm",
      matrix: async (points, mode) => {
        asked.push(mode);
        return points.map((_, i) => points.map((_, j) => (i === j ? 0 : mode === "walking" ? 600 : 60)));
      },
    };
    const locations = [
      { id: "itm", lat: 34.7855, lng: 135.4382, kind: "airport" as const },
      { id: "a", lat: 34.9949, lng: 135.785, kind: "place" as const },
      { id: "b", lat: 35.0037, lng: 135.7785, kind: "place" as const },
    ];
    expect(await legMatrix(routing, locations, "walking")).toEqual([
      [0, 60, 60],
      [60, 0, 600],
      [60, 600, 0],
    ]);
    expect(asked).toEqual(["walking", "car"]);
    // Without an airport, or when the group rides anyway, one matrix is enough.
    asked.length = 0;
    await legMatrix(routing, locations.slice(1), "walking");
    await legMatrix(routing, locations, "car");
    expect(asked).toEqual(["walking", "car"]);
  });
});
