import type { PlaceResult, RestaurantCandidate } from "./types";

// What the providers share for the restaurant search (issue 17, spec 2 s.5 'Restaurant search').

/** The spec's result types: a result must carry one of them. */
export const RESTAURANT_TYPES = ["restaurant", "meal_takeaway", "food"] as const;

/**
 * OSM amenity values that are places to eat, as the spec's types. Bars and pubs are left out: many
 * serve no meals, and the dialog is for breakfast, lunch and dinner.
 */
export const OSM_FOOD_AMENITIES: Record<string, string[]> = {
  restaurant: ["restaurant", "food"],
  fast_food: ["meal_takeaway", "food"],
  food_court: ["food"],
  cafe: ["cafe", "food"],
  biergarten: ["food"],
};

/** The box holding a circle of `radiusMeters` around a point: [west, south, east, north] in degrees. */
export function boxAround(lat: number, lng: number, radiusMeters: number): [number, number, number, number] {
  const dLat = radiusMeters / 111_320;
  const dLng = radiusMeters / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const r = (x: number) => Math.round(x * 1e5) / 1e5;
  return [r(lng - dLng), r(lat - dLat), r(lng + dLng), r(lat + dLat)];
}

/** A place result of a search as a restaurant; the fields a place result lacks come in `extra`. */
export function restaurantFrom(
  place: PlaceResult,
  extra: { types: string[]; cuisine?: string | null; priceLevel?: number | null },
): RestaurantCandidate {
  return {
    placeId: place.id,
    name: place.name,
    address: place.address,
    rating: place.rating,
    priceLevel: extra.priceLevel ?? null,
    cuisine: extra.cuisine || null,
    latitude: place.lat,
    longitude: place.lng,
    photoUrl: place.photoUrl,
    types: extra.types,
    ...(place.openingHours ? { openingHours: place.openingHours } : {}),
  };
}

/** OSM's cuisine tag ("ramen;japanese") as words ("ramen, japanese"). */
export const osmCuisine = (tag: unknown) =>
  typeof tag === "string" && tag.trim()
    ? tag
        .split(";")
        .map((c) => c.trim().replaceAll("_", " "))
        .filter(Boolean)
        .join(", ")
    : null;
