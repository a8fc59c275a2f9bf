import { z } from "zod";
import { placeSourceSchema } from "./place-search";
import { MEAL_KINDS } from "./plain/travel";

export const airportNearSchema = z.object({
  iata: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Straight-line distance from the leg's end it is near. */
  km: z.number(),
});
export type AirportNear = z.infer<typeof airportNearSchema>;

/** Spec 2 s.3 'Ride option', with the price as a range in `currency`. */
export const rideOptionSchema = z.object({
  productId: z.string(),
  displayName: z.string(),
  durationMinutes: z.number(),
  distanceKm: z.number(),
  /** "$12-19": the provider's text, or ours from the local model. */
  priceEstimate: z.string(),
  low: z.number(),
  high: z.number(),
  currency: z.string(),
  capacity: z.number(),
  image: z.string().nullable(),
  /** Minutes until a car can pick up (Uber's time estimate); absent for the local model. */
  pickupMinutes: z.number().optional(),
});
export type RideOption = z.infer<typeof rideOptionSchema>;

const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
/** GET /api/trips/:tripId/travel/leg?fromLat&fromLng&toLat&toLng */
export const legQuerySchema = z.object({
  fromLat: z.coerce.number().min(-90).max(90),
  fromLng: z.coerce.number().min(-180).max(180),
  toLat: z.coerce.number().min(-90).max(90),
  toLng: z.coerce.number().min(-180).max(180),
});
export const legFactsSchema = z.object({
  from: point,
  to: point,
  /** Great-circle distance. */
  distanceKm: z.number(),
  walking: z.object({ km: z.number(), minutes: z.number() }),
  /** Road estimate (the routing provider's, else the travel model's). */
  drive: z.object({ km: z.number(), minutes: z.number() }),
  /** Gate to gate plus taxi, climb and descent; null when the leg is too short to fly (< 100 km). */
  flight: z.object({ minutes: z.number() }).nullable(),
  /** ISO 3166 alpha-2 from the offline gazetteer; null at sea or when unknown. */
  fromCountry: z.string().nullable(),
  toCountry: z.string().nullable(),
  /** Up to 3 airports with IATA codes within 400 km of each end, nearest first. */
  fromAirports: z.array(airportNearSchema),
  toAirports: z.array(airportNearSchema),
  rides: z.array(rideOptionSchema),
  /** "estimate": the spec's local taxi model; "uber": the ride provider answered. */
  rideSource: z.enum(["estimate", "uber"]),
});
export type LegFacts = z.infer<typeof legFactsSchema>;

/** GET /api/trips/:tripId/restaurants?lat&lng&q&meal */
export const restaurantQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  q: z.string().trim().max(200).default(""),
  meal: z.enum(MEAL_KINDS).optional(),
});
/** Spec 2 s.3 'Restaurant search result'. */
export const restaurantSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  rating: z.number().nullable(),
  priceLevel: z.number().nullable(),
  cuisine: z.string().nullable(),
  distanceMeters: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  photoUrl: z.string().nullable(),
  types: z.array(z.string()),
  openingHours: z.string().optional(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;
export const restaurantListSchema = z.object({
  results: z.array(restaurantSchema),
  /** Which provider answered ("offline+photon" when both did), and every source's credit line joined. */
  source: z.string(),
  attribution: z.string(),
  /** The sources whose data is in the results, each with its credit line (placeSearchResponseSchema). */
  sources: z.array(placeSourceSchema),
  /** In the reader's language: online restaurant search did not answer; only the built-in data's are listed. */
  notice: z.string().optional(),
});
export type RestaurantList = z.infer<typeof restaurantListSchema>;
