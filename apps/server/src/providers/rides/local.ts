import { TRAVEL_ESTIMATES } from "@tabi/contracts";
import { haversineKm } from "@tabi/optimizer";
import type { LatLng, RideEstimate, RideNames, RideOption, RideProvider } from "./types";

const ENGLISH: RideNames = (product) => (product === "standard" ? "Standard" : "Comfort");

/**
 * The spec's local taxi model (spec 2 s.9 'Travel estimates'), on the great-circle distance as the
 * spec's formula is: 40 km/h (whole minutes, at least 1); $2.5-4 per km, Comfort $3-5 and 2 minutes
 * longer; whole dollars.
 */
export function localRides(from: LatLng, to: LatLng, names: RideNames = ENGLISH): RideOption[] {
  const km = haversineKm(from, to);
  const minutes = Math.max(1, Math.ceil((km / TRAVEL_ESTIMATES.taxiKmh) * 60 - 1e-9));
  const option = (
    product: "standard" | "comfort",
    perKm: readonly [number, number],
    durationMinutes: number,
  ): RideOption => {
    const low = Math.round(km * perKm[0]);
    const high = Math.round(km * perKm[1]);
    return {
      productId: `local-${product}`,
      displayName: names(product),
      durationMinutes,
      distanceKm: Math.round(km * 100) / 100,
      priceEstimate: `$${low}-${high}`,
      low,
      high,
      currency: "USD",
      capacity: 4,
      image: null,
    };
  };
  return [
    option("standard", TRAVEL_ESTIMATES.basePerKm, minutes),
    option("comfort", TRAVEL_ESTIMATES.comfortPerKm, minutes + TRAVEL_ESTIMATES.comfortExtraMinutes),
  ];
}

/** The embedded default: no outside service. */
export function localTaxiRides(): RideProvider {
  return {
    name: "estimate",
    estimate: async (from, to, names): Promise<RideEstimate> => ({
      rides: localRides(from, to, names),
      source: "estimate",
    }),
  };
}
