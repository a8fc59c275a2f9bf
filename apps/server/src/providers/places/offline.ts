import type { Gazetteer } from "./gazetteer/gazetteer";
import { defaultPaths, type GazetteerPaths, loadGazetteer } from "./gazetteer/load";
import { restaurantFrom } from "./restaurants";
import { type PlacesProvider, PlacesProviderError } from "./types";

export const OFFLINE_ATTRIBUTION =
  "Cities: GeoNames (CC BY 4.0) · Airports: airport-data-js (CC BY 4.0) · Castles: Castlemap, Wikidata (CC0) · Sights: Tabi's own list (CC0)";

export interface OfflineOptions extends Partial<GazetteerPaths> {
  /** Told when the compiled file had to be built (first start, or changed sources). */
  onBuilt?: (ms: number) => void;
}

/**
 * The embedded default: the gazetteer shipped with the app. Loaded on the first call, not at start,
 * so processes that never search (tests of other modules, workers) do not pay its ~20 MiB.
 */
export function offlinePlaces(options: OfflineOptions = {}): PlacesProvider & { load(): Promise<Gazetteer> } {
  let loading: Promise<Gazetteer> | undefined;
  const load = () => {
    loading ??= (async () => {
      const started = performance.now();
      const { gazetteer, built } = await loadGazetteer({ ...defaultPaths(), ...options });
      if (built) options.onBuilt?.(performance.now() - started);
      return gazetteer;
    })().catch((err: unknown) => {
      loading = undefined; // try again on the next call
      throw new PlacesProviderError(
        "offline",
        "unavailable",
        `The place list could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
    return loading;
  };
  return {
    name: "offline",
    attribution: OFFLINE_ATTRIBUTION,
    load,
    search: async (query, where, limit) => (await load()).search(query, where, limit),
    details: async (id) => (await load()).details(id),
    reverse: async (lat, lng) => (await load()).reverse(lat, lng),
    // The shipped list has only a few dozen famous places to eat (food streets, old cafés): all of
    // those in the circle, whatever the query; the caller ranks name matches first.
    restaurantsNear: async (_query, near, radiusMeters) =>
      (await load())
        .near(near.lat, near.lng, radiusMeters / 1000, "restaurant")
        .map((place) => restaurantFrom(place, { types: ["restaurant", "food"] })),
  };
}
