import { type HttpOptions, RecentCache, requestJson, throttle } from "./http";
import { readableHours } from "./opening-hours";
import { osmCategory, osmId, shortAddress } from "./osm";
import { boxAround, OSM_FOOD_AMENITIES, osmCuisine, restaurantFrom } from "./restaurants";
import { timezoneAt } from "./timezone";
import { searchBias } from "./trip-area";
import {
  type LatLng,
  type PlaceResult,
  type PlacesProvider,
  PlacesProviderError,
  type RestaurantCandidate,
  type SearchWhere,
} from "./types";

export const NOMINATIM_DEFAULT_URL = "https://nominatim.openstreetmap.org";
export const NOMINATIM_ATTRIBUTION = "Search by Nominatim · Data © OpenStreetMap contributors (ODbL)";

export interface NominatimOptions extends HttpOptions {
  url?: string;
  /** Required by the usage policy: names the application and how to reach its operator. */
  userAgent: string;
  language?: string;
  /** Minimum gap between requests; the public server allows 1 request per second. */
  intervalMs?: number;
  /** A search that would wait longer than this in the queue is refused (busy) instead. */
  maxWaitMs?: number;
}

interface NominatimPlace {
  osm_type?: string;
  osm_id?: number;
  lat?: string;
  lon?: string;
  category?: string;
  type?: string;
  name?: string;
  display_name?: string;
  address?: Record<string, string>;
  /** With extratags=1: more OSM tags, among them opening_hours. */
  extratags?: Record<string, string> | null;
}

/**
 * Nominatim: at most one request per second and no autocomplete (its policy), so the client should
 * search on submit or after a pause in typing, not per keystroke. Answers are cached.
 */
export function nominatimPlaces(options: NominatimOptions): PlacesProvider {
  const base = (options.url ?? NOMINATIM_DEFAULT_URL).replace(/\/$/, "");
  const language = options.language ?? "en";
  const slot = throttle(options.intervalMs ?? 1000, options.maxWaitMs ?? 5000, "Nominatim");
  const cache = new RecentCache<PlaceResult[]>(500);

  const urlOf = (path: string, params: Record<string, string>) =>
    `${base}${path}?${new URLSearchParams({ ...params, format: "jsonv2", addressdetails: "1", extratags: "1", "accept-language": language })}`;
  const fetchJson = (url: string) =>
    slot(() =>
      requestJson(
        "Nominatim",
        url,
        { headers: { "user-agent": options.userAgent, accept: "application/json" } },
        options,
      ),
    );
  const get = async (path: string, params: Record<string, string>) => {
    const url = urlOf(path, params);
    const cached = cache.get(url);
    if (cached) return cached;
    const results = parseNominatim(await fetchJson(url));
    cache.set(url, results);
    return results;
  };
  const eateries = new RecentCache<RestaurantCandidate[]>(200);

  return {
    name: "nominatim",
    attribution: NOMINATIM_ATTRIBUTION,
    async search(query: string, where: SearchWhere = {}, limit = 8) {
      const params: Record<string, string> = { q: query, limit: String(limit) };
      // A viewbox (the trip's box, or 1° around `near`) without bounded=1 prefers, but does not
      // restrict to, that area.
      const bias = searchBias(where);
      if (bias) {
        const [west, south, east, north] = bias.box.map((x) => Math.round(x * 1e4) / 1e4);
        params.viewbox = [west, north, east, south].join(",");
      }
      return get("/search", params);
    },
    async details(id: string) {
      const m = /^osm:([NWR])(\d+)$/.exec(id);
      if (!m) return null;
      const [first] = await get("/lookup", { osm_ids: `${m[1]}${m[2]}` });
      return first ?? null;
    },
    async reverse(lat: number, lng: number) {
      // zoom 10 = city level: the answer names the town, not the nearest house.
      const [first] = await get("/reverse", { lat: String(lat), lon: String(lng), zoom: "10" });
      return first ?? null;
    },
    async restaurantsNear(query: string, near: LatLng, radiusMeters: number, limit: number) {
      // bounded=1 keeps results inside the viewbox; "restaurant" alone is one of Nominatim's special
      // phrases and lists the restaurants there.
      const [west, south, east, north] = boxAround(near.lat, near.lng, radiusMeters);
      const url = urlOf("/search", {
        q: query || "restaurant",
        limit: String(Math.min(40, limit)),
        viewbox: [west, north, east, south].join(","),
        bounded: "1",
      });
      const cached = eateries.get(url);
      if (cached) return cached;
      const results = parseNominatimRestaurants(await fetchJson(url));
      eateries.set(url, results);
      return results;
    },
  };
}

/** Search answers tagged as places to eat, with OSM's cuisine tag. */
export function parseNominatimRestaurants(body: unknown): RestaurantCandidate[] {
  if (!Array.isArray(body))
    throw new PlacesProviderError("Nominatim", "bad_answer", "Nominatim answered without places");
  return (body as NominatimPlace[]).flatMap((p) => {
    const types = p.category === "amenity" ? OSM_FOOD_AMENITIES[p.type ?? ""] : undefined;
    const [place] = parseNominatim([p]);
    if (!types || !place) return [];
    return [restaurantFrom(place, { types, cuisine: osmCuisine(p.extratags?.cuisine) })];
  });
}

/** The OSM opening_hours tag when the `opening_hours` package reads it; a broken tag is dropped. */
const hours = (tag: unknown) => {
  const openingHours = readableHours(tag);
  return openingHours ? { openingHours } : {};
};

export function parseNominatim(body: unknown): PlaceResult[] {
  // /reverse answers one object (or { error } when nothing is there); /search and /lookup a list.
  if (body && typeof body === "object" && !Array.isArray(body) && "error" in body) return [];
  const list = Array.isArray(body) ? body : body && typeof body === "object" ? [body] : null;
  if (!list) throw new PlacesProviderError("Nominatim", "bad_answer", "Nominatim answered without places");
  const out: PlaceResult[] = [];
  for (const p of list as NominatimPlace[]) {
    const lat = Number(p.lat);
    const lng = Number(p.lon);
    const a = p.address ?? {};
    const name = p.name || p.display_name?.split(",")[0]?.trim();
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !name || !p.osm_type || p.osm_id === undefined)
      continue;
    const { kind, category } = osmCategory(p.category ?? "", p.type ?? "");
    const town = a.city ?? a.town ?? a.village ?? a.municipality ?? a.county;
    out.push({
      id: osmId(p.osm_type, p.osm_id),
      name,
      localName: null,
      kind,
      category,
      address:
        kind === "city"
          ? shortAddress([name, a.country])
          : shortAddress([[a.road, a.house_number].filter(Boolean).join(" "), town, a.country]),
      countryCode: a.country_code?.toUpperCase() ?? null,
      lat,
      lng,
      iata: null,
      rating: null,
      photoUrl: null,
      timezone: timezoneAt(lat, lng),
      ...hours(p.extratags?.opening_hours),
    });
  }
  return out;
}
