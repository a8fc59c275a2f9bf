import { type HttpOptions, RecentCache, requestJson } from "./http";
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

export const PHOTON_DEFAULT_URL = "https://photon.komoot.io";
export const PHOTON_ATTRIBUTION = "Search by Photon (komoot) · Data © OpenStreetMap contributors (ODbL)";

export interface PhotonOptions extends HttpOptions {
  /** Base URL, e.g. https://photon.komoot.io or a self-hosted instance. */
  url?: string;
  language?: string;
}

interface PhotonFeature {
  geometry?: { coordinates?: [number, number] };
  properties?: Record<string, string | number | undefined>;
}

/** Photon: made for search as you type (no rate limit of its own, but be fair to the public one). */
export function photonPlaces(options: PhotonOptions = {}): PlacesProvider {
  const base = (options.url ?? PHOTON_DEFAULT_URL).replace(/\/$/, "");
  const language = options.language ?? "en";
  // Photon has no lookup by id: details() answers from what a search or reverse returned lately.
  const recent = new RecentCache<PlaceResult>(2000);

  const get = async (path: string, params: Record<string, string>) => {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    const body = await requestJson("Photon", url, { headers: { accept: "application/json" } }, options);
    const results = parsePhoton(body);
    for (const r of results) recent.set(r.id, r);
    return results;
  };

  return {
    name: "photon",
    attribution: PHOTON_ATTRIBUTION,
    async search(query: string, where: SearchWhere = {}, limit = 8) {
      const params: Record<string, string> = { q: query, limit: String(limit), lang: language };
      const bias = searchBias(where);
      if (bias) {
        Object.assign(params, { lat: round(bias.centre.lat), lon: round(bias.centre.lng) });
        // A trip also sets how wide the bias is (Photon's zoom, a map zoom: lower is wider).
        if (bias.fromTrip) params.zoom = String(photonZoom(bias.radiusKm));
      }
      return get("/api", params);
    },
    async details(id: string) {
      return recent.get(id) ?? null;
    },
    async reverse(lat: number, lng: number) {
      const [first] = await get("/reverse", {
        lat: String(lat),
        lon: String(lng),
        limit: "1",
        lang: language,
      });
      return first ?? null;
    },
    async restaurantsNear(query: string, near: LatLng, radiusMeters: number, limit: number) {
      const params: [string, string][] = [
        ["lat", round(near.lat)],
        ["lon", round(near.lng)],
        ["limit", String(limit)],
        ["lang", language],
        ...Object.keys(OSM_FOOD_AMENITIES).map((v): [string, string] => ["osm_tag", `amenity:${v}`]),
      ];
      // A name: search in the circle's box. No name: Photon's reverse with tag filters lists the
      // nearest places to eat (its /api needs a query).
      if (query) params.push(["q", query], ["bbox", boxAround(near.lat, near.lng, radiusMeters).join(",")]);
      else params.push(["radius", String(radiusMeters / 1000)]);
      const url = `${base}${query ? "/api" : "/reverse"}?${new URLSearchParams(params)}`;
      const body = await requestJson("Photon", url, { headers: { accept: "application/json" } }, options);
      return parsePhotonRestaurants(body);
    },
  };
}

/** Features tagged as places to eat, with their cuisine when Photon passes it on (`extra`). */
export function parsePhotonRestaurants(body: unknown): RestaurantCandidate[] {
  const features = parsePhotonFeatures(body);
  return features.flatMap((f) => {
    const p = f.properties ?? {};
    const types = p.osm_key === "amenity" ? OSM_FOOD_AMENITIES[String(p.osm_value)] : undefined;
    const [place] = parsePhoton({ features: [f] });
    if (!types || !place) return [];
    const extra = (p as Record<string, unknown>).extra as Record<string, unknown> | undefined;
    return [restaurantFrom(place, { types, cuisine: osmCuisine(extra?.cuisine) })];
  });
}

function parsePhotonFeatures(body: unknown): PhotonFeature[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features))
    throw new PlacesProviderError("Photon", "bad_answer", "Photon answered without features");
  return features as PhotonFeature[];
}

/** Map zoom whose view holds about radiusKm around the centre: 5 km 14, 10 km 13, 40 km 11. */
export const photonZoom = (radiusKm: number) =>
  Math.max(8, Math.min(15, Math.round(15 - Math.log2(Math.max(1, radiusKm) / 2.5))));

const round = (x: number) => String(Math.round(x * 1e4) / 1e4);

export function parsePhoton(body: unknown): PlaceResult[] {
  const out: PlaceResult[] = [];
  for (const f of parsePhotonFeatures(body)) {
    const [lng, lat] = f.geometry?.coordinates ?? [];
    const p = f.properties ?? {};
    const str = (k: string) => (typeof p[k] === "string" ? (p[k] as string) : undefined);
    const name = str("name") ?? str("street");
    if (typeof lat !== "number" || typeof lng !== "number" || !name || p.osm_id === undefined) continue;
    const { kind, category } = osmCategory(str("osm_key") ?? "", str("osm_value") ?? "");
    const street = [str("street"), str("housenumber")].filter(Boolean).join(" ");
    const town = str("city") ?? str("town") ?? str("village") ?? str("district") ?? str("county");
    const countryCode = str("countrycode")?.toUpperCase() ?? null;
    out.push({
      id: osmId(str("osm_type") ?? "N", p.osm_id),
      name,
      localName: null,
      kind,
      category,
      address:
        kind === "city" ? shortAddress([name, str("country")]) : shortAddress([street, town, str("country")]),
      countryCode,
      lat,
      lng,
      iata: kind === "airport" ? (str("iata") ?? null) : null,
      rating: null,
      photoUrl: null,
      timezone: timezoneAt(lat, lng),
    });
  }
  return out;
}
