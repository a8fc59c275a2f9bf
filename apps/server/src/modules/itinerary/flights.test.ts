import { describe, expect, it } from "vitest";
import type { GeoLookup, PlaceResult } from "../../providers/places";
import { type FlightLookup, flightsFor } from "./flights";
import { flightMinutes } from "./problem";

// A tiny world: the lookups answer from these lists, nearest first.
const airports = [
  { iata: "HND", name: "Haneda Airport", lat: 35.5523, lng: 139.7798 },
  { iata: "ITM", name: "Osaka International Airport", lat: 34.7855, lng: 135.4382 },
  { iata: "GVA", name: "Geneva Airport", lat: 46.2381, lng: 6.109 },
];
const countries = [
  { code: "JP", lat: 35.0, lng: 137.0, km: 600 },
  { code: "CH", lat: 46.2, lng: 6.14, km: 20 },
  { code: "FR", lat: 45.9, lng: 6.13, km: 20 },
];
const km = (a: number, b: number, c: number, d: number) =>
  Math.hypot(a - c, (b - d) * Math.cos((a * Math.PI) / 180)) * 111;
const geo: GeoLookup = {
  nearestAirport: async (lat, lng) => {
    const a = [...airports].sort((x, y) => km(lat, lng, x.lat, x.lng) - km(lat, lng, y.lat, y.lng))[0]!;
    return { ...a, kind: "airport" } as unknown as PlaceResult;
  },
  countryAt: async (lat, lng) =>
    [...countries]
      .sort((x, y) => km(lat, lng, x.lat, x.lng) - km(lat, lng, y.lat, y.lng))
      .find((c) => km(lat, lng, c.lat, c.lng) <= c.km)?.code ?? null,
};

const trip = (lat: number, lng: number) => ({
  departureLocation: "Home",
  departureLatitude: lat,
  departureLongitude: lng,
  startDate: "2026-12-10",
  endDate: "2026-12-12",
});
const kyotoPlaces = [
  {
    id: "a",
    latitude: 35.04,
    longitude: 135.73,
    stayMinutes: 60,
    preferredTimeOfDay: null,
    wishes: [{ userId: "u", wishLevel: 6 }],
  },
];

describe("flightsFor", () => {
  it("flies from the airport nearest a far departure to the one nearest the places, and back", async () => {
    const plan = await flightsFor(trip(35.6812, 139.7671), kyotoPlaces, geo);
    expect(plan.outbound?.from.iata).toBe("HND");
    expect(plan.outbound?.to.iata).toBe("ITM");
    expect(plan.inbound?.from.iata).toBe("ITM");
    expect(plan.inbound?.to.iata).toBe("HND");
  });

  it("does not fly from a departure near the places", async () => {
    expect(await flightsFor(trip(34.9858, 135.7588), kyotoPlaces, geo)).toEqual({
      outbound: null,
      inbound: null,
    });
  });

  it("does not fly across a border when both sides share the airport", async () => {
    const annecy = [{ ...kyotoPlaces[0]!, latitude: 45.9, longitude: 6.13 }];
    expect(await flightsFor(trip(46.2044, 6.1432), annecy, geo)).toEqual({ outbound: null, inbound: null });
  });

  it("flies home to the destination's airport when the trip ends elsewhere", async () => {
    const oneWay = {
      ...trip(34.9858, 135.7588),
      destination: "Tokyo",
      destinationLatitude: 35.68,
      destinationLongitude: 139.77,
    };
    const plan = await flightsFor(oneWay, kyotoPlaces, geo);
    expect(plan.outbound).toBeNull();
    expect(plan.inbound?.to.iata).toBe("HND");
  });
});

describe("flightsFor with flight bookings", () => {
  const world = [
    ...airports,
    { iata: "ICN", name: "Incheon International Airport", lat: 37.46, lng: 126.44 },
  ];
  const withCodes: FlightLookup = {
    ...geo,
    airport: async (iata) => {
      const a = world.find((x) => x.iata === iata);
      return a ? ({ ...a, kind: "airport" } as unknown as PlaceResult) : null;
    },
  };
  const booking = (over: Record<string, string | null>) => ({
    id: "bk1",
    bookingType: "flight",
    flightNumber: "KE 723",
    route: "ICN → ITM",
    departureDate: "2026-12-10",
    departureTime: "11:00",
    arrivalTime: "12:50",
    ...over,
  });

  it("flies the booked flight between its route's airports at its times, even from a near departure", async () => {
    const plan = await flightsFor(trip(34.9858, 135.7588), kyotoPlaces, withCodes, [booking({})]);
    expect(plan.outbound).toMatchObject({
      from: { iata: "ICN", latitude: 37.46 },
      to: { iata: "ITM" },
      booked: { bookingId: "bk1", flightNumber: "KE 723", takeOff: 11 * 60, landing: 12 * 60 + 50 },
    });
    expect(plan.inbound).toBeNull();
  });

  it("takes the flight home from the last day's booking; a landing before take-off is the next day", async () => {
    const home = booking({
      id: "bk2",
      route: "ITM → ICN",
      departureDate: "2026-12-12",
      departureTime: "23:30",
      arrivalTime: "01:20",
    });
    const plan = await flightsFor(trip(34.9858, 135.7588), kyotoPlaces, withCodes, [home]);
    expect(plan.outbound).toBeNull();
    expect(plan.inbound?.booked).toMatchObject({
      bookingId: "bk2",
      takeOff: 23 * 60 + 30,
      landing: 25 * 60 + 20,
    });
  });

  it("falls back to the nearest airports for an unknown code, and to the flight's model time without an arrival", async () => {
    const plan = await flightsFor(trip(35.6812, 139.7671), kyotoPlaces, withCodes, [
      booking({ route: "ZZZ → ITM", arrivalTime: null }),
    ]);
    const out = plan.outbound!;
    expect([out.from.iata, out.to.iata]).toEqual(["HND", "ITM"]);
    expect(out.booked?.landing).toBe(11 * 60 + flightMinutes(out.from, out.to));
  });

  it("falls back to the nearest airports when the lookup knows no codes at all", async () => {
    const plan = await flightsFor(trip(35.6812, 139.7671), kyotoPlaces, geo, [booking({})]);
    expect([plan.outbound?.from.iata, plan.outbound?.to.iata]).toEqual(["HND", "ITM"]);
    expect(plan.outbound?.booked?.takeOff).toBe(11 * 60);
  });
});
