// Zod-free: screens that need only these values load no schema (decision 0026). Exported by the
// package's index as before; place-search.ts keeps the schemas.
// Place search (server providers/places): one shape whatever the provider behind it.
export const PLACE_RESULT_KINDS = ["city", "airport", "landmark", "address"] as const;
/** Most points a search may send for its trip (the destination and the places, deduplicated). */
export const MAX_TRIP_POINTS = 40;
/** Where place data comes from: the gazetteer shipped with the app, or an online service. */
export const PLACE_SOURCES = ["offline", "photon", "nominatim", "google"] as const;
