import type { PlaceResult, Restaurant } from "@tabi/contracts";

export type { PlaceResult };
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

/** One interface whatever answers behind it: the offline gazetteer, Photon, Nominatim or Google. */
export interface PlacesProvider {
  readonly name: "offline" | "photon" | "nominatim" | "google";
  /** Credit line the app shows under results (data licences). */
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
