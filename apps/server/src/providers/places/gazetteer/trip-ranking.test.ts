import { beforeAll, describe, expect, it } from "vitest";
import { isOpeningHours } from "../opening-hours";
import { kmToNearest } from "../trip-area";
import type { LatLng } from "../types";
import type { Gazetteer } from "./gazetteer";
import { loadGazetteer } from "./load";
import { tripPenalty } from "./ranking";

// Ranking near the trip (issue 12 item 9), on the real compiled data (attractions/asia.json's Kyoto).
let g: Gazetteer;
beforeAll(async () => {
  g = (await loadGazetteer()).gazetteer;
}, 120_000);

/** A Kyoto trip as the web sends it: the destination, then the places' coordinates. */
const KYOTO_TRIP: LatLng[] = [
  { lat: 35.0116, lng: 135.7681 }, // Kyoto (GeoNames centre)
  { lat: 35.0394, lng: 135.7292 }, // Kinkaku-ji
  { lat: 34.9671, lng: 135.7727 }, // Fushimi Inari Taisha
  { lat: 35.0037, lng: 135.7788 }, // Gion
  { lat: 35.027, lng: 135.7982 }, // Ginkaku-ji
];
const inKyoto = (q: string, limit = 8) => g.search(q, { trip: KYOTO_TRIP }, limit);

describe("the rule (ranking.ts)", () => {
  it("grows with distance and stops at the cap", () => {
    expect(tripPenalty(0)).toBe(0);
    expect(tripPenalty(3)).toBeCloseTo(0.23, 2);
    expect(tripPenalty(700)).toBeCloseTo(3.7, 1);
    expect(tripPenalty(3200)).toBe(4.5);
    expect(tripPenalty(20_000)).toBe(4.5);
    for (let km = 0; km < 5000; km += 50)
      expect(tripPenalty(km + 50)).toBeGreaterThanOrEqual(tripPenalty(km));
  });
});

describe("search in a Kyoto trip", () => {
  it("finds Nanzen-ji first for 'Nanzen', not Nangen in South Korea (the issue's case)", () => {
    const results = inKyoto("Nanzen");
    expect(results[0]).toMatchObject({ name: "Nanzen-ji", countryCode: "JP" });
    expect(kmToNearest(KYOTO_TRIP, results[0]!.lat, results[0]!.lng)).toBeLessThan(5);
    // Nangen is still a result (the query may mean it), below the sight.
    expect(results.map((r) => r.name)).toContain("Nangen");
  });

  it.each([
    ["Tofuku", "Tōfuku-ji"],
    ["Tōfuku-ji", "Tōfuku-ji"],
    ["tofukuji", "Tōfuku-ji"],
    ["Tofuku ji", "Tōfuku-ji"],
    ["Philosopher's Path", "Philosopher's Path"],
    ["Philosophers Path", "Philosopher's Path"],
    ["philosopher’s path", "Philosopher's Path"],
    ["Pontocho", "Pontochō"],
    ["Pontochō", "Pontochō"],
    ["Chion-in", "Chion-in"],
    ["Chionin", "Chion-in"],
    ["chion in", "Chion-in"],
    ["Kyoto National Museum", "Kyoto National Museum"],
  ])("%s -> %s first (diacritics, apostrophes and hyphens do not matter)", (q, name) => {
    expect(inKyoto(q)[0]).toMatchObject({ name, countryCode: "JP" });
  });

  it("still finds a far place the query names: Osaka Castle (40 km), Seoul, Tokyo, Paris", () => {
    const names = (q: string) => inKyoto(q, 3).map((r) => r.name);
    expect(names("Osaka Castle")).toContain("Osaka Castle");
    expect(inKyoto("Seoul")[0]).toMatchObject({ name: "Seoul", countryCode: "KR" });
    expect(inKyoto("Tokyo")[0]).toMatchObject({ name: "Tokyo", kind: "city" });
    expect(inKyoto("Paris")[0]).toMatchObject({ name: "Paris", countryCode: "FR" });
  });

  it("puts the trip's own sights first for a short prefix", () => {
    for (const r of inKyoto("k", 5)) expect(kmToNearest(KYOTO_TRIP, r.lat, r.lng)).toBeLessThan(10);
  });

  it("one stray place far away does not pull results there for other queries", () => {
    const withSeoul = [...KYOTO_TRIP, { lat: 37.5665, lng: 126.978 }];
    expect(g.search("Nanzen", { trip: withSeoul }, 8)[0]?.name).toBe("Nanzen-ji");
    // ... but near that place, its own sights rank as near ones do.
    expect(g.search("Gyeongbok", { trip: withSeoul }, 8)[0]?.name).toBe("Gyeongbokgung");
  });

  it("carries the compiled category, usual visit length and opening hours", () => {
    const nanzen = inKyoto("Nanzen-ji")[0]!;
    expect(nanzen.category).toBe("temple");
    expect(nanzen.stayMinutes).toBeGreaterThan(0);
    expect(isOpeningHours(nanzen.openingHours ?? "")).toBe(true);
    expect(g.details(nanzen.id)).toEqual(nanzen);
    // A city has neither.
    expect(inKyoto("Kyoto")[0]).not.toHaveProperty("openingHours");
  });
});
