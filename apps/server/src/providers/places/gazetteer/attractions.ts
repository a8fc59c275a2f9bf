import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PLACE_CATEGORIES, PLACE_RESULT_KINDS } from "@tabi/contracts";
import { normalizeName } from "../normalize";
import { isOpeningHours } from "../opening-hours";

// The compiled attractions: every gazetteer/attractions/*.json (one per region, written by hand from
// public facts). Cities with the same name and country merge; a place already there (same normalised
// name or alias) keeps the first entry.

export const ATTRACTIONS_DIR = "attractions";
/** Finer than the category, for the usual opening hours (a church vs a museum). */
export const ATTRACTION_KINDS = [
  "church",
  "mosque",
  "palace",
  "castle",
  "garden",
  "market",
  "viewpoint",
  "nightlife",
  "district",
  "street",
  "beach",
  "zoo",
  "aquarium",
  "square",
] as const;
/** A sight further than this from its city's GeoNames centre needs `place` (the town it is in). */
export const DEFAULT_RADIUS_KM = 40;
/** Even with `place`: further than this is a typo in the coordinates (swapped or a sign lost). */
export const PLACE_MAX_KM = 300;

export interface AttractionPlace {
  name: string;
  local?: string | null;
  aliases?: string[];
  category?: string;
  /** A result kind (landmark, city) in the old file; an ATTRACTION_KINDS value in the folder. */
  kind?: string;
  lat?: number;
  lng?: number;
  /** Wikidata id of a castles.csv row: coordinates and id come from there. */
  castle?: string;
  /** The town shown in the address when the sight is outside the city. */
  place?: string;
  country?: string;
  /** Curated 1-10. */
  importance?: number;
  /** Usual visit length. */
  minutes?: number;
  /** Usual opening hours, OSM `opening_hours` syntax. */
  hours?: string;
  /** Where the facts come from: "en:Article title". */
  wiki?: string;
}

export interface AttractionCity {
  city: string;
  country: string;
  radiusKm?: number;
  places: AttractionPlace[];
}

/** The files to compile, sorted by name. */
export function attractionFiles(sourcesDir: string): string[] {
  const dir = join(sourcesDir, ATTRACTIONS_DIR);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => join(dir, f))
    : [];
  return files;
}

/** Parses one file; its problems instead of an exception (a file may be half written). */
export function parseAttractions(
  name: string,
  text: string,
): { cities: AttractionCity[]; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { cities: [], problems: [`${name}: not JSON (${err instanceof Error ? err.message : err})`] };
  }
  const cities = (data as { cities?: unknown })?.cities;
  if (!Array.isArray(cities)) return { cities: [], problems: [`${name}: no "cities" list`] };
  const problems: string[] = [];
  const ok = cities.filter((c: Partial<AttractionCity>, i) => {
    const good = typeof c?.city === "string" && typeof c.country === "string" && Array.isArray(c.places);
    if (!good) problems.push(`${name}: city #${i + 1} needs city, country and places`);
    return good;
  });
  return { cities: ok as AttractionCity[], problems };
}

/** Every key a place answers to: its name with and without hyphens, and its aliases. */
export function placeKeys(p: AttractionPlace): string[] {
  const names = [p.name, ...(p.aliases ?? []), ...(p.local ? [p.local] : [])];
  return [...new Set(names.flatMap((n) => [normalizeName(n), normalizeName(n.replace(/[-‐‑]/g, ""))]))];
}

/** Merges cities by name and country; a place whose name the city already answers to is dropped. */
export function mergeAttractions(files: AttractionCity[][]): AttractionCity[] {
  const byCity = new Map<string, { city: AttractionCity; keys: Set<string> }>();
  for (const cities of files) {
    for (const c of cities) {
      const key = `${normalizeName(c.city)}|${c.country}`;
      let merged = byCity.get(key);
      if (!merged) {
        merged = { city: { city: c.city, country: c.country, places: [] }, keys: new Set() };
        byCity.set(key, merged);
      }
      if (c.radiusKm !== undefined)
        merged.city.radiusKm = Math.max(merged.city.radiusKm ?? c.radiusKm, c.radiusKm);
      for (const p of c.places) {
        const name = normalizeName(p.name ?? "");
        if (!name || merged.keys.has(name) || merged.keys.has(normalizeName(p.name.replace(/[-‐‑]/g, ""))))
          continue;
        merged.city.places.push(p);
        for (const k of placeKeys(p)) merged.keys.add(k);
      }
    }
  }
  return [...byCity.values()].map((m) => m.city);
}

/** Reads and merges every attractions file of a sources folder. */
export function readAttractions(sourcesDir: string): { cities: AttractionCity[]; problems: string[] } {
  const problems: string[] = [];
  const files = attractionFiles(sourcesDir).map((file) => {
    const parsed = parseAttractions(file.slice(sourcesDir.length + 1), readFileSync(file, "utf8"));
    problems.push(...parsed.problems);
    return parsed.cities;
  });
  return { cities: mergeAttractions(files), problems };
}

const CATEGORIES = new Set<string>(PLACE_CATEGORIES);
const KINDS = new Set<string>([...ATTRACTION_KINDS, ...PLACE_RESULT_KINDS]);

/**
 * What is wrong with one place, apart from where it is (that needs the city's centre): bad category,
 * kind, hours, visit length, importance or source. Empty when it is fine.
 */
export function placeProblems(p: AttractionPlace): string[] {
  const out: string[] = [];
  if (p.category !== undefined && !CATEGORIES.has(p.category)) out.push(`category "${p.category}"`);
  if (p.kind !== undefined && !KINDS.has(p.kind)) out.push(`kind "${p.kind}"`);
  if (p.hours !== undefined && !isOpeningHours(p.hours)) out.push(`hours "${p.hours}" do not parse`);
  if (p.minutes !== undefined && !(Number.isInteger(p.minutes) && p.minutes >= 5 && p.minutes <= 1440))
    out.push(`minutes ${p.minutes}`);
  if (typeof p.importance !== "number" || p.importance < 1 || p.importance > 10)
    out.push(`importance ${p.importance}`);
  if (p.wiki !== undefined && !/^[a-z]{2,3}:\S/.test(p.wiki)) out.push(`wiki "${p.wiki}"`);
  if (!p.castle && !(Number.isFinite(p.lat) && Number.isFinite(p.lng))) out.push("no coordinates");
  return out;
}

/** How far a place may be from its city's centre. */
export const maxKmFor = (city: AttractionCity, p: AttractionPlace) =>
  p.place ? PLACE_MAX_KM : (city.radiusKm ?? DEFAULT_RADIUS_KM);

/** Names that appear twice in a city (normalised). */
export function duplicateNames(city: AttractionCity): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const p of city.places) {
    const key = normalizeName(p.name ?? "");
    if (seen.has(key)) dups.push(p.name);
    seen.add(key);
  }
  return dups;
}
