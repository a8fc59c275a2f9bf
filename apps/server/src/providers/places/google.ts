import { type HttpOptions, requestJson } from "./http";
import { type GooglePeriod, googlePeriodsToOsm } from "./opening-hours";
import { shortAddress } from "./osm";
import { restaurantFrom } from "./restaurants";
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

export const GOOGLE_ATTRIBUTION = "Search by Google";
const PLACES_URL = "https://places.googleapis.com/v1";
const GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";
/**
 * Only what PlaceResult needs: Google bills by the fields asked for. rating already puts a request
 * in the Enterprise tier, where regularOpeningHours is too, so the hours cost nothing more.
 */
const FIELDS = [
  "id",
  "displayName",
  "formattedAddress",
  "location",
  "types",
  "rating",
  "addressComponents",
  "regularOpeningHours",
];
/** The restaurant search's fields: the place's, its price level and its main type (the cuisine). */
const RESTAURANT_FIELDS = [...FIELDS, "priceLevel", "primaryType"];
/** The most results one Nearby or Text Search page holds. */
const MAX_PAGE = 20;
/** Google's price levels, as the 0-4 of the spec's price_level. */
const PRICE_LEVELS: Record<string, number> = {
  PRICE_LEVEL_FREE: 0,
  PRICE_LEVEL_INEXPENSIVE: 1,
  PRICE_LEVEL_MODERATE: 2,
  PRICE_LEVEL_EXPENSIVE: 3,
  PRICE_LEVEL_VERY_EXPENSIVE: 4,
};
/** The largest circle Text Search takes as a location bias. */
const MAX_BIAS_METRES = 50_000;

export interface GoogleOptions extends HttpOptions {
  apiKey: string;
  language?: string;
  /** Override for tests or a proxy. */
  placesUrl?: string;
  geocodeUrl?: string;
}

interface GooglePlace {
  id?: string;
  displayName?: { text?: string };
  formattedAddress?: string;
  location?: { latitude?: number; longitude?: number };
  types?: string[];
  rating?: number;
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
  regularOpeningHours?: { periods?: GooglePeriod[] };
  priceLevel?: string;
  primaryType?: string;
}

/**
 * Google Places API (New): Text Search and Place Details; reverse geocoding through the Geocoding
 * API (the New API has no reverse). The key stays on the server: no photo URLs carrying it.
 */
export function googlePlaces(options: GoogleOptions): PlacesProvider {
  const placesUrl = options.placesUrl ?? PLACES_URL;
  const language = options.language ?? "en";
  const headers = (mask: string) => ({
    "content-type": "application/json",
    "x-goog-api-key": options.apiKey,
    "x-goog-fieldmask": mask,
  });

  const post = async (path: string, mask: string[], body: object) => {
    const answer = await requestJson(
      "Google Places",
      `${placesUrl}/${path}`,
      {
        method: "POST",
        headers: headers(mask.map((f) => `places.${f}`).join(",")),
        body: JSON.stringify(body),
      },
      options,
    );
    const places = (answer as { places?: unknown }).places ?? [];
    if (!Array.isArray(places))
      throw new PlacesProviderError("Google Places", "bad_answer", "Google Places answered without places");
    return places as GooglePlace[];
  };

  return {
    name: "google",
    attribution: GOOGLE_ATTRIBUTION,
    async search(query: string, where: SearchWhere = {}, limit = 8) {
      const body: Record<string, unknown> = { textQuery: query, pageSize: limit, languageCode: language };
      const bias = searchBias(where);
      if (bias) {
        const { lat, lng } = bias.centre;
        const radius = Math.min(MAX_BIAS_METRES, Math.round(bias.radiusKm * 1000));
        body.locationBias = { circle: { center: { latitude: lat, longitude: lng }, radius } };
      }
      return (await post("places:searchText", FIELDS, body)).flatMap((p) => parseGooglePlace(p) ?? []);
    },
    async restaurantsNear(query: string, near: LatLng, radiusMeters: number, limit: number) {
      const circle = { center: { latitude: near.lat, longitude: near.lng }, radius: radiusMeters };
      const size = Math.min(MAX_PAGE, limit);
      // No name: Nearby Search, restricted to the circle. A name: Text Search, biased to it (Text
      // Search restricts to rectangles only); the caller drops what lies outside.
      const places = query
        ? await post("places:searchText", RESTAURANT_FIELDS, {
            textQuery: query,
            includedType: "restaurant",
            pageSize: size,
            languageCode: language,
            locationBias: { circle },
          })
        : await post("places:searchNearby", RESTAURANT_FIELDS, {
            includedTypes: ["restaurant", "meal_takeaway"],
            maxResultCount: size,
            languageCode: language,
            locationRestriction: { circle },
          });
      return places.flatMap((p) => googleRestaurant(p) ?? []);
    },
    async details(id: string) {
      const m = /^google:([\w-]+)$/.exec(id);
      if (!m) return null;
      const answer = await requestJson(
        "Google Places",
        `${placesUrl}/places/${m[1]}?languageCode=${language}`,
        { headers: headers(FIELDS.join(",")) },
        options,
      ).catch((err: unknown) => {
        // An id Google does not know (or no longer knows) is "not found", not an outage.
        if (err instanceof PlacesProviderError && /answered (400|404)/.test(err.message)) return null;
        throw err;
      });
      return answer ? parseGooglePlace(answer as GooglePlace) : null;
    },
    async reverse(lat: number, lng: number) {
      const params = new URLSearchParams({
        latlng: `${lat},${lng}`,
        result_type: "locality",
        language,
        key: options.apiKey,
      });
      const answer = (await requestJson(
        "Google Geocoding",
        `${options.geocodeUrl ?? GEOCODE_URL}?${params}`,
        {},
        options,
      )) as {
        status?: string;
        results?: unknown[];
        error_message?: string;
      };
      if (answer.status === "ZERO_RESULTS") return null;
      if (answer.status !== "OK") {
        const reason =
          answer.status === "OVER_QUERY_LIMIT" || answer.status === "UNKNOWN_ERROR"
            ? "unavailable"
            : "bad_answer";
        throw new PlacesProviderError(
          "Google Geocoding",
          reason,
          `Google Geocoding answered ${answer.status}${answer.error_message ? `: ${answer.error_message}` : ""}`,
        );
      }
      return parseGeocodeResult(answer.results?.[0]);
    },
  };
}

const CATEGORY_BY_TYPE: [string, string][] = [
  ["airport", "airport"],
  ["amusement_park", "amusement_park"],
  ["museum", "museum"],
  ["art_gallery", "museum"],
  ["park", "park"],
  ["national_park", "park"],
  ["restaurant", "restaurant"],
  ["cafe", "restaurant"],
  ["food", "restaurant"],
  ["lodging", "accommodation"],
  ["hospital", "hospital"],
  ["gas_station", "gas_station"],
  ["train_station", "transportation"],
  ["transit_station", "transportation"],
  ["subway_station", "transportation"],
  ["bus_station", "transportation"],
  ["shopping_mall", "shopping"],
  ["store", "shopping"],
  ["market", "shopping"],
  ["tourist_attraction", "tourist_attraction"],
  ["place_of_worship", "tourist_attraction"],
];
const CITY_TYPES = [
  "locality",
  "administrative_area_level_1",
  "administrative_area_level_2",
  "country",
  "colloquial_area",
];

export function googleCategory(types: string[]): { kind: PlaceResult["kind"]; category: string } {
  if (types.some((t) => CITY_TYPES.includes(t))) return { kind: "city", category: "destination_point" };
  if (types.includes("airport")) return { kind: "airport", category: "airport" };
  const hit = CATEGORY_BY_TYPE.find(([type]) => types.includes(type));
  if (hit) return { kind: "landmark", category: hit[1] };
  if (types.includes("street_address") || types.includes("premise") || types.includes("route"))
    return { kind: "address", category: "other" };
  return { kind: "landmark", category: "other" };
}

export function parseGooglePlace(p: GooglePlace): PlaceResult | null {
  const lat = p.location?.latitude;
  const lng = p.location?.longitude;
  const name = p.displayName?.text;
  if (!p.id || !name || typeof lat !== "number" || typeof lng !== "number") return null;
  const country = p.addressComponents?.find((c) => c.types?.includes("country"));
  return {
    id: `google:${p.id}`,
    name,
    localName: null,
    ...googleCategory(p.types ?? []),
    address: p.formattedAddress ?? shortAddress([country?.longText]),
    countryCode: country?.shortText ?? null,
    lat,
    lng,
    iata: null,
    rating: typeof p.rating === "number" ? p.rating : null,
    photoUrl: null,
    timezone: timezoneAt(lat, lng),
    ...hours(p.regularOpeningHours?.periods),
  };
}

export function googleRestaurant(p: GooglePlace): RestaurantCandidate | null {
  const place = parseGooglePlace(p);
  if (!place) return null;
  // "ramen_restaurant" -> "ramen"; the plain "restaurant" says nothing about the cuisine.
  const cuisineType = [p.primaryType, ...(p.types ?? [])].find(
    (t) => t?.endsWith("_restaurant") && t !== "fast_food_restaurant",
  );
  return restaurantFrom(place, {
    types: p.types ?? [],
    cuisine: cuisineType?.replace(/_restaurant$/, "").replaceAll("_", " ") ?? null,
    priceLevel: p.priceLevel !== undefined ? (PRICE_LEVELS[p.priceLevel] ?? null) : null,
  });
}

const hours = (periods: GooglePeriod[] | undefined) => {
  const openingHours = googlePeriodsToOsm(periods);
  return openingHours ? { openingHours } : {};
};

interface GeocodeResult {
  place_id?: string;
  formatted_address?: string;
  geometry?: { location?: { lat?: number; lng?: number } };
  types?: string[];
  address_components?: { long_name?: string; short_name?: string; types?: string[] }[];
}

export function parseGeocodeResult(raw: unknown): PlaceResult | null {
  const r = raw as GeocodeResult | undefined;
  const lat = r?.geometry?.location?.lat;
  const lng = r?.geometry?.location?.lng;
  if (!r?.place_id || typeof lat !== "number" || typeof lng !== "number") return null;
  const part = (type: string) => r.address_components?.find((c) => c.types?.includes(type));
  const country = part("country");
  const name = part("locality")?.long_name ?? r.formatted_address?.split(",")[0] ?? "";
  return {
    id: `google:${r.place_id}`,
    name,
    localName: null,
    ...googleCategory(r.types ?? []),
    address: shortAddress([name, country?.long_name]),
    countryCode: country?.short_name ?? null,
    lat,
    lng,
    iata: null,
    rating: null,
    photoUrl: null,
    timezone: timezoneAt(lat, lng),
  };
}
