import {
  type AirportNear,
  type LegFacts,
  MEAL_SEARCH,
  type Restaurant,
  type RestaurantList,
  TRAVEL_ESTIMATES,
} from "@tabi/contracts";
import { haversineKm, type LatLng, TRAVEL_MODEL } from "@tabi/optimizer";
import { type Language, t } from "../../i18n";
import {
  type AirportsNear,
  creditLine,
  type GeoLookup,
  type PlacesProvider,
  type RestaurantCandidate,
  restaurantsAnswer,
} from "../../providers/places";
import { normalizeName } from "../../providers/places/normalize";
import { RESTAURANT_TYPES } from "../../providers/places/restaurants";
import type { RideProvider } from "../../providers/rides";
import type { RoutingProvider } from "../../providers/routing";
import { flightMinutes } from "../itinerary/problem";

// The facts of one leg and the restaurants near a stop (issue 17; spec 2 s.5 'Ride search',
// 'Restaurant search', s.9 'Travel estimates', 'Meals and additions').

/** Shorter legs are not flown (contracts' legFactsSchema). */
const MIN_FLIGHT_KM = 100;
const AIRPORTS = { limit: 3, maxKm: 400 };
/** The local model's products, named in the reader's language. */
const RIDE_NAMES = {
  standard: "server:travel.rides.standard",
  comfort: "server:travel.rides.comfort",
} as const;
/** How many candidates to ask a provider for: more than the cap, since some are filtered out. */
const CANDIDATES = 20;

export interface TravelDeps {
  routing: RoutingProvider;
  geo: GeoLookup & AirportsNear;
  rides: RideProvider;
  places: PlacesProvider;
}

export class TravelService {
  constructor(private readonly deps: TravelDeps) {}

  async leg(from: LatLng, to: LatLng, lng: Language): Promise<LegFacts> {
    const { routing, geo, rides } = this.deps;
    const km = haversineKm(from, to);
    const [matrix, fromCountry, toCountry, fromAirports, toAirports, ride] = await Promise.all([
      routing.matrix([from, to], "car"),
      geo.countryAt(from.lat, from.lng),
      geo.countryAt(to.lat, to.lng),
      airportsNear(geo, from),
      airportsNear(geo, to),
      rides.estimate(from, to, (product) => t(RIDE_NAMES[product], undefined, lng)),
    ]);
    const point = (p: LatLng) => ({ lat: p.lat, lng: p.lng });
    return {
      from: point(from),
      to: point(to),
      distanceKm: round2(km),
      walking: {
        km: round2(km),
        minutes: Math.ceil((km / TRAVEL_ESTIMATES.walkingKmh) * 60 - 1e-9),
      },
      // Minutes from the routing provider (OSRM, or the travel model); it gives no distance, so the km
      // are the model's road length (the great circle times its detour).
      drive: { km: round2(roadKm(km)), minutes: matrix[0]?.[1] ?? 0 },
      flight:
        km < MIN_FLIGHT_KM
          ? null
          : {
              // The plan's own flight time (cruising at 700 km/h plus 30 minutes); it takes named points.
              minutes: flightMinutes(
                { name: "", latitude: from.lat, longitude: from.lng },
                { name: "", latitude: to.lat, longitude: to.lng },
              ),
            },
      fromCountry,
      toCountry,
      fromAirports,
      toAirports,
      rides: ride.rides,
      rideSource: ride.source,
    };
  }

  /**
   * Places to eat within 3,000 m of a stop (spec 2 s.5): of type restaurant, meal_takeaway or food,
   * rated at least 3 or not rated; name matches first, then higher rating, then nearer; at most 15.
   * An empty query lists any restaurant near (the spec's dialog needs a query; ours opens with the
   * nearest ones). A provider failure is thrown as a PlacesProviderError (the route's 502/503); the
   * default provider ("auto") does not throw when Photon fails but answers from the gazetteer, with
   * a notice in the reader's language.
   */
  async restaurants(near: LatLng, query: string, lng: Language): Promise<RestaurantList> {
    const { places } = this.deps;
    const found = await restaurantsAnswer(places, query, near, MEAL_SEARCH.radiusMeters, CANDIDATES);
    return {
      results: rankRestaurants(found.value, query, near),
      source: found.sources.map((s) => s.name).join("+"),
      attribution: creditLine(found.sources),
      sources: found.sources,
      // The default set-up lists the gazetteer's few famous places alone when Photon does not
      // answer (issue 25): say so, rather than a bare "No restaurants found".
      ...(found.missed ? { notice: t("server:travel.restaurantsOnlineMissed", undefined, lng) } : {}),
    };
  }
}

async function airportsNear(geo: AirportsNear, p: LatLng): Promise<AirportNear[]> {
  const found = await geo.nearestAirports(p.lat, p.lng, AIRPORTS.limit, AIRPORTS.maxKm);
  return found.flatMap((a) =>
    a.iata ? [{ iata: a.iata, name: a.name, lat: a.lat, lng: a.lng, km: Math.round(a.km * 10) / 10 }] : [],
  );
}

/** The road length the travel model drives for a great-circle distance (its quickest road band). */
function roadKm(km: number): number {
  let best = { minutes: Number.POSITIVE_INFINITY, detour: 1 };
  for (const band of TRAVEL_MODEL.road) {
    if (km < band.fromKm) continue;
    const minutes = band.overheadMinutes + ((km * band.detour) / band.speedKmh) * 60;
    if (minutes < best.minutes) best = { minutes, detour: band.detour };
  }
  return km * best.detour;
}

/** The spec's filter, order and cap over what a provider found (see TravelService.restaurants). */
export function rankRestaurants(found: RestaurantCandidate[], query: string, near: LatLng): Restaurant[] {
  const words = normalizeName(query).split(" ").filter(Boolean);
  const matches = (name: string) => {
    const n = normalizeName(name);
    return words.length > 0 && words.every((w) => n.includes(w));
  };
  const seen = new Set<string>();
  const results: (Restaurant & { match: boolean })[] = [];
  for (const r of found) {
    if (seen.has(r.placeId)) continue;
    seen.add(r.placeId);
    const distanceMeters = Math.round(haversineKm(near, { lat: r.latitude, lng: r.longitude }) * 1000);
    if (distanceMeters > MEAL_SEARCH.radiusMeters) continue;
    if (r.rating !== null && r.rating < MEAL_SEARCH.minRating) continue;
    if (!r.types.some((type) => (RESTAURANT_TYPES as readonly string[]).includes(type))) continue;
    results.push({ ...r, distanceMeters, match: matches(r.name) });
  }
  results.sort(
    (a, b) =>
      Number(b.match) - Number(a.match) ||
      (b.rating ?? -1) - (a.rating ?? -1) ||
      a.distanceMeters - b.distanceMeters,
  );
  return results.slice(0, MEAL_SEARCH.limit).map(({ match: _, ...r }) => r);
}

const round2 = (x: number) => Math.round(x * 100) / 100;
