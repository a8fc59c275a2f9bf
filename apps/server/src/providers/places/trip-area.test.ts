import { describe, expect, it } from "vitest";
import { kmToNearest, searchBias, tripArea } from "./trip-area";

const KYOTO = { lat: 35.0116, lng: 135.7681 };
const KINKAKUJI = { lat: 35.0394, lng: 135.7292 };
const FUSHIMI_INARI = { lat: 34.9671, lng: 135.7727 };
const SEOUL = { lat: 37.5665, lng: 126.978 };

describe("tripArea", () => {
  it("centres on the places and holds them all, at least 5 km", () => {
    const area = tripArea([KYOTO, KINKAKUJI, FUSHIMI_INARI])!;
    expect(area.centre.lat).toBeCloseTo(35.006, 3);
    expect(area.centre.lng).toBeCloseTo(135.7567, 3);
    expect(area.radiusKm).toBeGreaterThan(4);
    expect(area.radiusKm).toBeLessThan(5.1);
    expect(tripArea([KYOTO])).toMatchObject({ centre: KYOTO, radiusKm: 5 });
    expect(tripArea([])).toBeNull();
  });

  it("leaves out a place picked by mistake far from the others", () => {
    const area = tripArea([KYOTO, KINKAKUJI, FUSHIMI_INARI, SEOUL])!;
    expect(area.centre.lat).toBeCloseTo(35.006, 3);
    expect(area.radiusKm).toBeLessThan(6);
    const [west, south, east, north] = area.box;
    expect(west).toBeGreaterThan(135.6);
    expect(east).toBeLessThan(135.9);
    expect(south).toBeGreaterThan(34.9);
    expect(north).toBeLessThan(35.1);
  });

  it("averages across the antimeridian", () => {
    const area = tripArea([
      { lat: -17.8, lng: 179.9 },
      { lat: -17.8, lng: -179.9 },
    ])!;
    expect(Math.abs(area.centre.lng)).toBeCloseTo(180, 3);
  });
});

describe("searchBias and kmToNearest", () => {
  it("takes the trip over `near`, and `near` alone as a soft 50 km bias", () => {
    expect(searchBias({ trip: [KYOTO], near: SEOUL })).toMatchObject({ centre: KYOTO, fromTrip: true });
    expect(searchBias({ near: SEOUL })).toMatchObject({ centre: SEOUL, radiusKm: 50, fromTrip: false });
    expect(searchBias({ trip: [] })).toBeNull();
  });

  it("measures from the nearest point", () => {
    expect(kmToNearest([KYOTO, SEOUL], 37.57, 126.98)).toBeLessThan(1);
    expect(kmToNearest([KYOTO], SEOUL.lat, SEOUL.lng)).toBeCloseTo(833, -1);
  });
});
