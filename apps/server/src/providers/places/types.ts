import type { PlaceResult, PlaceSource, Restaurant } from "@tabi/contracts";

export type { PlaceResult, PlaceSource };
/** A restaurant as a provider found it; the caller measures distanceMeters from its own point. */
export type RestaurantCandidate = Omit<Restaurant, "distanceMeters">;
export type LatLng = { lat: number; lng: number };

/** Where a search should look first. */
export interface SearchWhere {
  /** A soft bias towards one point (the departure, when choosing a destination). */
  near?: LatLng;
  /** The trip's destination and places: results near any of them rank first (takes over from near). */
  trip?: readonly LatLng[];
}

/** The sources of place data; contracts' PLACE_SOURCES. */
export type PlacesSourceName = PlaceSource["name"];

/**
 * What one call found and who answered it (issue 25): the sources whose data is in `value` (when it
 * is empty, those that were asked and answered), each with its credit line; `missed`: an online
 * source was asked but failed, so the built-in data answered alone.
 */
export interface Answer<T> {
  value: T;
  sources: PlaceSource[];
  missed?: PlacesProviderError;
}

/**
 * One interface whatever answers behind it: the offline gazetteer, Photon, Nominatim, Google, or
 * "auto" (the default: the gazetteer first, Photon added when it answers; auto.ts).
 */
export interface PlacesProvider {
  readonly name: PlacesSourceName | "auto";
  /** Credit line the app shows under results (data licences); "auto": every source's. */
  readonly attribution: string;
  search(query: string, where?: SearchWhere, limit?: number): Promise<PlaceResult[]>;
  /** A result by the id a search returned; null when unknown. */
  details(id: string): Promise<PlaceResult | null>;
  /** The nearest named place (a city for the gazetteer); null when nothing is close. */
  reverse(lat: number, lng: number): Promise<PlaceResult | null>;
  /**
   * Places to eat around `near` (issue 17, spec 2 s.5 'Restaurant search'); an empty query means
   * "any restaurant near". Roughly within radiusMeters: the caller filters, sorts and cuts to size.
   * Optional so that test doubles need not have it; every real provider does.
   */
  restaurantsNear?(
    query: string,
    near: LatLng,
    radiusMeters: number,
    limit: number,
  ): Promise<RestaurantCandidate[]>;
  /**
   * The same searches saying who answered, for a provider that combines sources ("auto"); the routes
   * ask through answers.ts, which credits a single provider itself.
   */
  readonly answers?: {
    search(query: string, where?: SearchWhere, limit?: number): Promise<Answer<PlaceResult[]>>;
    restaurantsNear(
      query: string,
      near: LatLng,
      radiusMeters: number,
      limit: number,
    ): Promise<Answer<RestaurantCandidate[]>>;
  };
}

/**
 * An outside service failed (network, timeout, bad answer, quota). The route maps it to 502/503
 * with this message; it never becomes a 500.
 */
export class PlacesProviderError extends Error {
  constructor(
    readonly provider: string,
    /** "unavailable": could not reach it or it timed out (503); "bad_answer": it answered wrongly (502). */
    readonly reason: "unavailable" | "bad_answer",
    message: string,
  ) {
    super(message);
    this.name = "PlacesProviderError";
  }
}

/** fetch as the providers need it; tests inject one that replays recorded answers. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;
