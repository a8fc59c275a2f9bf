import type {
  Answer,
  LatLng,
  PlaceResult,
  PlaceSource,
  PlacesProvider,
  RestaurantCandidate,
  SearchWhere,
} from "./types";

// What the routes ask: results with the sources that answered (issue 25). A provider that combines
// sources ("auto") says itself; any other is its own single source.

const single = (places: PlacesProvider): PlaceSource[] => [
  { name: places.name === "auto" ? "offline" : places.name, attribution: places.attribution },
];

export async function searchAnswer(
  places: PlacesProvider,
  query: string,
  where: SearchWhere,
  limit: number,
): Promise<Answer<PlaceResult[]>> {
  if (places.answers) return places.answers.search(query, where, limit);
  return { value: await places.search(query, where, limit), sources: single(places) };
}

export async function restaurantsAnswer(
  places: PlacesProvider,
  query: string,
  near: LatLng,
  radiusMeters: number,
  limit: number,
): Promise<Answer<RestaurantCandidate[]>> {
  if (places.answers) return places.answers.restaurantsNear(query, near, radiusMeters, limit);
  const value = places.restaurantsNear ? await places.restaurantsNear(query, near, radiusMeters, limit) : [];
  return { value, sources: single(places) };
}

/** One credit line for the answer's sources (the responses' `attribution`). */
export const creditLine = (sources: readonly PlaceSource[]) => sources.map((s) => s.attribution).join(" · ");
