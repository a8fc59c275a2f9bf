import { autoPlaces } from "./auto";
import type { GazetteerPaths } from "./gazetteer/load";
import { googlePlaces } from "./google";
import { nominatimPlaces } from "./nominatim";
import { offlinePlaces } from "./offline";
import { photonPlaces } from "./photon";
import type { FetchLike, PlaceResult, PlacesProvider, PlacesProviderError } from "./types";

export { creditLine, restaurantsAnswer, searchAnswer } from "./answers";
export type {
  Answer,
  LatLng,
  PlaceResult,
  PlaceSource,
  PlacesProvider,
  RestaurantCandidate,
  SearchWhere,
} from "./types";
export { PlacesProviderError } from "./types";

/** "auto" (the default): the shipped gazetteer first, Photon added when it answers (auto.ts). */
export const PLACES_PROVIDERS = ["auto", "offline", "photon", "nominatim", "google"] as const;
export type PlacesProviderName = (typeof PLACES_PROVIDERS)[number];

/** Photon's timeout in "auto": the gazetteer has answered by then, and a search is being typed. */
export const AUTO_ONLINE_TIMEOUT_MS = 4000;

/** Plain options, so buildApp can pass config fields straight through. */
export interface PlacesOptions {
  /** Default "auto": the gazetteer shipped with the app, and Photon when it answers. */
  provider?: PlacesProviderName;
  photonUrl?: string;
  nominatimUrl?: string;
  googleApiKey?: string;
  /** Sent to Nominatim, whose policy requires an identifying User-Agent, e.g. "Tabi (+https://...)". */
  userAgent?: string;
  /** Where the offline gazetteer's sources and compiled file are (defaults: apps/server/gazetteer). */
  gazetteer?: Partial<GazetteerPaths>;
  /** Told when the offline gazetteer file had to be built at start (log it). */
  onGazetteerBuilt?: (ms: number) => void;
  /** "auto": told when Photon fails, so the gazetteer answers alone for a while (log it). */
  onOnlineFailed?: (error: PlacesProviderError) => void;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createPlacesProvider(options: PlacesOptions = {}): PlacesProvider {
  const http = { fetch: options.fetch, timeoutMs: options.timeoutMs };
  const offline = () => offlinePlaces({ ...options.gazetteer, onBuilt: options.onGazetteerBuilt });
  switch (options.provider ?? "auto") {
    case "offline":
      return offline();
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
      return autoPlaces({
        offline: offline(),
        online: photonPlaces({
          fetch: options.fetch,
          timeoutMs: options.timeoutMs ?? AUTO_ONLINE_TIMEOUT_MS,
          url: options.photonUrl,
        }),
        onOnlineFailed: options.onOnlineFailed,
      });
  }
}

/**
 * Airports and countries for the itinerary's flight legs (issue 6): always from the shipped gazetteer,
 * whatever the search provider, since a plan must not wait on an outside service. Shares the search's
 * copy when the search has one ("offline", "auto").
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
): GeoLookup &
  AirportsNear & {
    airport(iata: string): Promise<PlaceResult | null>;
    /** The name of the nearest town within 50 km (a plan's night is named after it), or null. */
    areaAt(lat: number, lng: number): Promise<string | null>;
  } {
  const offline = "load" in search ? (search as ReturnType<typeof offlinePlaces>) : offlinePlaces(gazetteer);
  return {
    nearestAirport: async (lat, lng) => (await offline.load()).nearestAirport(lat, lng),
    // A booked flight's airports by its route's codes (itinerary/flights.ts).
    airport: async (iata) => (await offline.load()).details(`iata:${iata.toUpperCase()}`),
    nearestAirports: async (lat, lng, limit, maxKm) =>
      (await offline.load()).nearestAirports(lat, lng, limit, maxKm),
    countryAt: async (lat, lng) => (await offline.load()).reverse(lat, lng)?.countryCode ?? null,
    areaAt: async (lat, lng) => (await offline.load()).reverse(lat, lng)?.name ?? null,
  };
}
