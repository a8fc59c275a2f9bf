import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AttractionCity,
  attractionFiles,
  duplicateNames,
  maxKmFor,
  mergeAttractions,
  parseAttractions,
  placeProblems,
} from "./attractions";
import { parseCsv } from "./csv";
import { distanceKm } from "./grid";
import { defaultPaths } from "./load";
import { readCities } from "./read-cities";
import { attractionRecords, type CityNames, cityFinder } from "./sources";

// Every hand-written attractions file (gazetteer/attractions/*.json and the old attractions.json):
// the compiler skips a bad entry rather than failing the search, so this is where bad data is caught.
const { sourcesDir } = defaultPaths();
const files = attractionFiles(sourcesDir);
const cityNames = JSON.parse(readFileSync(join(sourcesDir, "city-names.json"), "utf8")) as CityNames;
const findCity = cityFinder(readCities(), cityNames);
const castles = new Map(
  parseCsv(readFileSync(join(sourcesDir, "castles.csv"), "utf8")).map((c) => [c.qid, c]),
);

describe.each(files.map((f) => [f.slice(sourcesDir.length + 1), f]))("%s", (_name, file) => {
  const parsed = parseAttractions(file, readFileSync(file, "utf8"));

  it("parses, with a city, a country and places in every group", () => {
    expect(parsed.problems).toEqual([]);
    expect(parsed.cities.length).toBeGreaterThan(0);
  });

  it("names GeoNames cities; has valid categories, kinds, hours (opening_hours), visit lengths, sources", () => {
    const problems: string[] = [];
    for (const city of parsed.cities) {
      if (!findCity(city.city, city.country))
        problems.push(`${city.city} (${city.country}): not in GeoNames`);
      for (const p of city.places) {
        const issues = placeProblems(p);
        if (p.castle && !castles.has(p.castle)) issues.push(`no castle ${p.castle}`);
        if (issues.length) problems.push(`${city.city}: ${p.name}: ${issues.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("puts every place within 40 km of its city's GeoNames centre, unless it names its own town", () => {
    const far: string[] = [];
    for (const city of parsed.cities) {
      const centre = findCity(city.city, city.country);
      if (!centre) continue;
      for (const p of city.places) {
        const castle = p.castle ? castles.get(p.castle) : undefined;
        const lat = castle ? Number(castle.lat) : p.lat;
        const lng = castle ? Number(castle.lon) : p.lng;
        if (lat === undefined || lng === undefined) continue; // placeProblems reports it
        const km = distanceKm(centre.lat, centre.lng, lat, lng);
        if (km > maxKmFor(city, p)) far.push(`${city.city}: ${p.name} ${km.toFixed(1)} km`);
      }
    }
    expect(far).toEqual([]);
  });

  it("has no name twice in a city", () => {
    const dups = parsed.cities.flatMap((c) => duplicateNames(c).map((n) => `${c.city}: ${n}`));
    expect(dups).toEqual([]);
  });
});

describe("the city an attractions file names", () => {
  it("is the GeoNames city, through city-names.json or as the start of a longer name", () => {
    expect(findCity("Seville", "ES")?.name).toBe("Sevilla");
    expect(findCity("Frankfurt", "DE")?.name).toBe("Frankfurt am Main");
    expect(findCity("Kyoto", "JP")?.population).toBeGreaterThan(1_000_000);
    expect(findCity("Kyoto", "FR")).toBeUndefined();
  });
});

describe("merging the files", () => {
  const place = (name: string, extra = {}) => ({ name, lat: 35, lng: 135.7, importance: 5, ...extra });

  it("merges a city by name and country; the first file's entry wins, whatever the hyphens or aliases", () => {
    const folder: AttractionCity[] = [
      {
        city: "Kyoto",
        country: "JP",
        places: [place("Tōfuku-ji", { minutes: 60 }), place("Kinkaku-ji", { aliases: ["Golden Pavilion"] })],
      },
    ];
    const old: AttractionCity[] = [
      {
        city: "kyoto",
        country: "JP",
        radiusKm: 30,
        places: [place("Tofukuji"), place("Golden Pavilion"), place("Gion")],
      },
      { city: "Kyoto", country: "US", places: [place("Gion")] },
    ];
    const merged = mergeAttractions([folder, old]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ city: "Kyoto", country: "JP", radiusKm: 30 });
    expect(merged[0]!.places.map((p) => p.name)).toEqual(["Tōfuku-ji", "Kinkaku-ji", "Gion"]);
    expect(merged[0]!.places[0]).toMatchObject({ minutes: 60 });
  });

  it("reports a half-written file instead of failing", () => {
    expect(parseAttractions("asia.json", '{"cities": [{"city": "Kyoto"').problems[0]).toMatch(
      /^asia.json: not JSON/,
    );
    expect(parseAttractions("x.json", '{"cities": [{"city": "Kyoto"}]}').problems).toEqual([
      "x.json: city #1 needs city, country and places",
    ]);
  });

  it("compiles category, visit length and hours; skips what cannot be placed, and says why", () => {
    const { records, problems } = attractionRecords(
      [
        {
          city: "Kyoto",
          country: "JP",
          places: [
            place("Nanzen-ji", {
              lat: 35.0111,
              lng: 135.7936,
              category: "temple",
              minutes: 60,
              hours: "Mo-Su 08:40-17:00",
            }),
            place("Bad Hours", { lat: 35.0, lng: 135.77, category: "temples", hours: "whenever" }),
            place("Osaka Castle", { lat: 34.6873, lng: 135.5259 }),
            place("Uji Bridge", { lat: 34.8936, lng: 135.8074, place: "Uji" }),
          ],
        },
        { city: "Atlantis", country: "JP", places: [place("Gate")] },
      ],
      [],
      findCity,
    );
    expect(records.map((r) => [r.name, r.category, r.stayMinutes, r.openingHours, r.address])).toEqual([
      ["Nanzen-ji", "temple", 60, "Mo-Su 08:40-17:00", "Kyoto, Japan"],
      ["Bad Hours", "tourist_attraction", null, null, "Kyoto, Japan"],
      ["Uji Bridge", "tourist_attraction", null, null, "Uji, Japan"],
    ]);
    expect(problems).toEqual([
      'Kyoto: Bad Hours: category "temples", hours "whenever" do not parse',
      "Kyoto: Osaka Castle: 43 km from Kyoto (set place?)",
      "Atlantis (JP): no such city in GeoNames",
    ]);
  });
});
