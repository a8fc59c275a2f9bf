import { legFactsSchema, restaurantListSchema } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest } from "../../test/fixtures";

// Through the real app: guards, the offline gazetteer, the travel model and the local taxi model.
let t: TestApp;
let member: Awaited<ReturnType<typeof guest>>;
let tripId: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await guest(t.app, "Traveller");
  tripId = (await createTrip(member)).id;
}, 120_000);
afterAll(() => t.close());

const tokyoStation = "fromLat=35.6812&fromLng=139.7671";
const shinjuku = "toLat=35.6896&toLng=139.7006";

describe("leg facts", () => {
  it("gives Tokyo Station -> Shinjuku: distance, walking, drive, rides by the spec's model, airports, country", async () => {
    const res = await member.get(`/api/trips/${tripId}/travel/leg?${tokyoStation}&${shinjuku}`);
    expect(res.statusCode).toBe(200);
    const leg = legFactsSchema.parse(res.json());
    // 6.08 km on the great circle: 73 min on foot at 5 km/h; the taxi at 40 km/h 10 min.
    expect(leg.distanceKm).toBe(6.08);
    expect(leg.walking).toEqual({ km: leg.distanceKm, minutes: 73 });
    expect(leg.drive.minutes).toBeGreaterThan(10);
    expect(leg.drive.km).toBeGreaterThan(leg.distanceKm);
    expect(leg.flight).toBeNull();
    expect(leg.rideSource).toBe("estimate");
    expect(leg.rides).toEqual([
      expect.objectContaining({ displayName: "Standard", durationMinutes: 10, priceEstimate: "$15-24" }),
      expect.objectContaining({ displayName: "Comfort", durationMinutes: 12, priceEstimate: "$18-30" }),
    ]);
    expect([leg.fromCountry, leg.toCountry]).toEqual(["JP", "JP"]);
    const codes = leg.fromAirports.map((a) => a.iata);
    expect(codes).toContain("HND");
    expect(codes).toContain("NRT");
    expect(codes.length).toBeLessThanOrEqual(3);
    const km = leg.fromAirports.map((a) => a.km);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(leg.fromAirports[0]).toMatchObject({ iata: "HND", name: "Haneda Airport" });
  });

  it("gives a flight time over 100 km, and names the rides in the reader's language", async () => {
    const osaka = "toLat=34.7025&toLng=135.4959";
    const res = await member.request(
      "GET",
      `/api/trips/${tripId}/travel/leg?${tokyoStation}&${osaka}`,
      undefined,
      {
        "accept-language": "ja",
      },
    );
    const leg = legFactsSchema.parse(res.json());
    // 403 km at 700 km/h is 35 min, plus 30.
    expect(leg.flight).toEqual({ minutes: 65 });
    expect(leg.toAirports.map((a) => a.iata)).toContain("ITM");
    expect(leg.rides.map((r) => r.displayName)).toEqual(["スタンダード", "コンフォート"]);
  });

  it("says null for a country at sea and lists no airports there", async () => {
    const res = await member.get(
      `/api/trips/${tripId}/travel/leg?fromLat=0&fromLng=-30&toLat=0.01&toLng=-30`,
    );
    const leg = legFactsSchema.parse(res.json());
    expect([leg.fromCountry, leg.fromAirports]).toEqual([null, []]);
  });

  it("refuses a bad query with 400 and a non-member with the generic 404", async () => {
    for (const query of [
      "",
      `${tokyoStation}`,
      `fromLat=91&fromLng=0&${shinjuku}`,
      `fromLat=x&fromLng=0&${shinjuku}`,
    ])
      expect((await member.get(`/api/trips/${tripId}/travel/leg?${query}`)).statusCode).toBe(400);
    const stranger = await guest(t.app, "Stranger");
    const res = await stranger.get(`/api/trips/${tripId}/travel/leg?${tokyoStation}&${shinjuku}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Tokyo");
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/trips/${tripId}/travel/leg?${tokyoStation}&${shinjuku}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("restaurants", () => {
  it("finds Omoide Yokochō near it offline, first for its name", async () => {
    const res = await member.get(`/api/trips/${tripId}/restaurants?lat=35.693&lng=139.6995&q=&meal=lunch`);
    expect(res.statusCode).toBe(200);
    const list = restaurantListSchema.parse(res.json());
    expect(list.source).toBe("offline");
    expect(list.results[0]).toMatchObject({ name: "Omoide Yokochō", rating: null });
    expect(list.results[0]!.distanceMeters).toBeLessThan(5);
    expect(list.results.every((r) => r.distanceMeters <= 3000)).toBe(true);
    const named = restaurantListSchema.parse(
      (await member.get(`/api/trips/${tripId}/restaurants?lat=35.69&lng=139.70&q=omoide`)).json(),
    );
    expect(named.results[0]?.name).toBe("Omoide Yokochō");
  });

  it("answers an empty list far from any, 400 for a bad query and 404 for a non-member", async () => {
    const far = await member.get(`/api/trips/${tripId}/restaurants?lat=0&lng=-30&q=ramen`);
    expect(far.json()).toMatchObject({ results: [] });
    expect((await member.get(`/api/trips/${tripId}/restaurants?lat=35&q=x`)).statusCode).toBe(400);
    expect((await member.get(`/api/trips/${tripId}/restaurants?lat=35&lng=139&meal=brunch`)).statusCode).toBe(
      400,
    );
    const stranger = await guest(t.app, "Stranger 2");
    expect((await stranger.get(`/api/trips/${tripId}/restaurants?lat=35.693&lng=139.6995`)).statusCode).toBe(
      404,
    );
  });
});
