import { placeResultSchema } from "@tabi/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import type { Gazetteer } from "./gazetteer";
import { loadGazetteer } from "./load";

// The real data: builds apps/server/gazetteer/data/places.bin first when it is missing or stale.
let g: Gazetteer;
beforeAll(async () => {
  g = (await loadGazetteer()).gazetteer;
}, 120_000);

const top = (q: string, near?: { lat: number; lng: number }) => g.search(q, { near }, 8)[0];

describe("search", () => {
  it.each([
    ["tokyo", "Tokyo", "Tokyo, Japan"],
    ["Kyoto", "Kyoto", "Kyoto, Japan"],
    ["kyoto station", "Kyoto Station", "Kyoto, Japan"],
    ["NRT", "Narita International Airport", "Narita, Japan"],
    ["eiffel", "Eiffel Tower", "Paris, France"],
    ["sagrada", "Sagrada Família", "Barcelona, Spain"],
    ["new york", "New York City", "New York City, NY, United States"],
    ["ソウル", "Seoul", "Seoul, South Korea"],
    ["münchen", "Munich", "Munich, Germany"],
    ["sydney opera", "Sydney Opera House", "Sydney, Australia"],
  ])("%s -> %s", (q, name, address) => {
    expect(top(q)).toMatchObject({ name, address });
  });

  it("matches local scripts and exonyms", () => {
    expect(top("東京")?.name).toBe("Tokyo");
    expect(top("浅草寺")).toMatchObject({ name: "Senso-ji", localName: "浅草寺" });
    expect(top("경복궁")?.name).toBe("Gyeongbokgung");
    expect(top("서울")?.name).toBe("Seoul");
    expect(top("Москва")?.name).toBe("Moscow");
    expect(top("wien")?.name).toBe("Vienna");
  });

  it("tolerates a typo in words of five letters or more", () => {
    expect(top("kyotto")?.name).toBe("Kyoto");
    expect(top("londn")?.name).toBe("London");
    expect(top("sydny opera")?.name).toBe("Sydney Opera House");
    expect(top("barcelna cathedral")?.name).toBe("Barcelona Cathedral");
  });

  it("finds words in any order, against the address too", () => {
    expect(top("opera sydney")?.name).toBe("Sydney Opera House");
    expect(top("kyoto japan")?.name).toBe("Kyoto");
  });

  it("puts the large airport first for its IATA code, and the code is on the result", () => {
    expect(top("hnd")).toMatchObject({
      name: "Haneda Airport",
      iata: "HND",
      kind: "airport",
      category: "airport",
    });
    expect(top("JFK")?.iata).toBe("JFK");
  });

  it("finds the airport a group would fly from: a large one when there is one nearby", () => {
    expect(g.nearestAirport(35.0116, 135.7681)?.iata).toBe("ITM"); // Kyoto: Osaka Itami (large)
    expect(g.nearestAirport(36.2048, 138.2529)?.iata).toBeTruthy(); // central Japan: within 400 km
    expect(g.nearestAirport(48.8566, 2.3522)?.iata).toMatch(/^(CDG|ORY)$/);
    expect(g.nearestAirport(-33.8688, 151.2093)?.iata).toBe("SYD");
    expect(g.nearestAirport(0, -30)).toBeNull(); // mid-Atlantic
  });

  it("lists up to three airports a group would fly from, large ones first, nearest first", () => {
    const tokyo = g.nearestAirports(35.6812, 139.7671, 3, 400);
    expect(tokyo.map((a) => a.iata)).toEqual(expect.arrayContaining(["HND", "NRT"]));
    expect(tokyo).toHaveLength(3);
    expect(tokyo.map((a) => a.km)).toEqual(tokyo.map((a) => a.km).sort((a, b) => a - b));
    expect(tokyo[0]!.km).toBeCloseTo(15, 0);
    expect(g.nearestAirports(0, -30, 3, 400)).toEqual([]);
    expect(g.nearestAirports(35.6812, 139.7671, 3, 5)).toEqual([]);
  });

  it("prefers the place near `near` among equal names", () => {
    expect(top("springfield", { lat: 41.88, lng: -87.63 })?.address).toBe("Springfield, IL, United States");
    expect(top("springfield", { lat: 42.36, lng: -71.06 })?.address).toBe("Springfield, MA, United States");
    expect(top("paris")?.countryCode).toBe("FR");
  });

  it("returns results that satisfy the contract, with a time zone, and at most `limit`", () => {
    for (const q of ["to", "s", "kyo", "palace", "museum", "airport"]) {
      const results = g.search(q, {}, 5);
      expect(results.length).toBeLessThanOrEqual(5);
      for (const r of results) expect(placeResultSchema.parse(r).timezone).toBeTruthy();
    }
    expect(g.search("kyoto", {}, 20).length).toBe(20);
  });

  it("survives any input without throwing", () => {
    for (const q of [
      "",
      " ",
      "x".repeat(120),
      "🙂",
      "\u0301",
      "'; DROP TABLE x; --",
      "%00",
      "a\x1fb",
      "\uffff\ud800",
    ]) {
      expect(() => g.search(q)).not.toThrow();
    }
    expect(g.search("🙂")).toEqual([]);
  });
});

describe("details and reverse", () => {
  it("finds each kind of result again by its id", () => {
    for (const q of ["tokyo", "NRT", "eiffel", "versailles", "gyeongbokgung", "neuschwanstein"]) {
      const r = top(q)!;
      expect(g.details(r.id)).toEqual(r);
    }
    expect(g.details("geonames:0")).toBeNull();
    expect(g.details("")).toBeNull();
  });

  it("gives the castles' Wikidata ids and the attractions' merged local names", () => {
    expect(g.details("wikidata:Q2946")).toMatchObject({
      name: "Palace of Versailles",
      localName: "Château de Versailles",
    });
    expect(g.details("wikidata:Q4152")).toMatchObject({ name: "Neuschwanstein Castle", countryCode: "DE" });
  });

  it("reverse-geocodes to the nearest city within 50 km, and nothing at sea", () => {
    expect(g.reverse(35.0116, 135.7681)).toMatchObject({
      kind: "city",
      countryCode: "JP",
      timezone: "Asia/Tokyo",
    });
    expect(g.reverse(0, -30)).toBeNull();
  });
});
