import type { GazetteerPaths } from "./gazetteer/load";
import { googlePlaces } from "./google";
import { nominatimPlaces } from "./nominatim";
import { offlinePlaces } from "./offline";
import { photonPlaces } from "./photon";
import type { FetchLike, PlaceResult, PlacesProvider } from "./types";

export type { LatLng, PlaceResult, PlacesProvider, RestaurantCandidate, SearchWhere } from "./types";
export { PlacesProviderError } from "./types";

export const PLACES_PROVIDERS = ["offline", "photon", "nominatim", "google"] as const;

/** Plain options, so buildApp can pass config fields straight through. */
export interface PlacesOptions {
  /** Default "offline": the gazetteer shipped with the app. */
  provider?: (typeof PLACES_PROVIDERS)[number];
  photonUrl?: string;
  nominatimUrl?: string;
  googleApiKey?: string;
  /** Sent to Nominatim, whose policy requires an identifying User-Agent, e.g. "Tabi (+https://...)". */
  userAgent?: string;
  /** Where the offline gazetteer's sources and compiled file are (defaults: apps/server/gazetteer). */
  gazetteer?: Partial<GazetteerPaths>;
  /** Told when the offline gazetteer file had to be built at start (log it). */
  onGazetteerBuilt?: (ms: number) => void;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createPlacesProvider(options: PlacesOptions = {}): PlacesProvider {
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs };
  switch (options.provider ?? "offline") {
    case "photon":
      return photonPlaces({ ...http, url: options.photonUrl });
    case "nominatim":
      return nominatimPlaces({
        ...http,
        url: options.nominatimUrl,
        userAgent: options.userAgent ?? "Tabi trip planner (self-hosted)",
      });
    case "google":
      if (!options.googleApiKey) throw new Error("PLACES_PROVIDER=google needs GOOGLE_PLACES_API_KEY");
      return googlePlaces({ ...http, apiKey: options.googleApiKey });
    default:
      return offlinePlaces({ ...options.gazetteer, onBuilt: options.onGazetteerBuilt });
  }
}

/**
 * Airports and countries for the itinerary's flight legs (issue 6): always from the shipped gazetteer,
 * whatever the search provider, since a plan must not wait on an outside service. Shares the search's
 * copy when the search is offline too.
 */
export interface GeoLookup {
  nearestAirport(lat: number, lng: number): Promise<PlaceResult | null>;
  /** ISO country code of the nearest city within 50 km, or null. */
  countryAt(lat: number, lng: number): Promise<string | null>;
}

/** The leg facts' airports (issue 17): a separate interface, so GeoLookup's test doubles stay as they are. */
export interface AirportsNear {
  /** Up to `limit` airports with IATA codes within maxKm, nearest first, with their distance. */
  nearestAirports(
    lat: number,
    lng: number,
    limit: number,
    maxKm: number,
  ): Promise<(PlaceResult & { km: number })[]>;
}

export function createGeoLookup(
  search: PlacesProvider,
  gazetteer?: Partial<GazetteerPaths>,
): GeoLookup & AirportsNear & { airport(iata: string): Promise<PlaceResult | null> } {
  const offline = "load" in search ? (search as ReturnType<typeof offlinePlaces>) : offlinePlaces(gazetteer);
  return {
    nearestAirport: async (lat, lng) => (await offline.load()).nearestAirport(lat, lng),
    // A booked flight's airports by its route's codes (itinerary/flights.ts).
    airport: async (iata) => (await offline.load()).details(`iata:${iata.toUpperCase()}`),
    nearestAirports: async (lat, lng, limit, maxKm) =>
      (await offline.load()).nearestAirports(lat, lng, limit, maxKm),
    countryAt: async (lat, lng) => (await offline.load()).reverse(lat, lng)?.countryCode ?? null,
  };
}
