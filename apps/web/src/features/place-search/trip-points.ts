import { MAX_TRIP_POINTS } from "@tabi/contracts";

// The trip's points for place search and the add-place distance warning (issue 12 items 5 and 9):
// its destination and the places already proposed.

export type LatLng = { lat: number; lng: number };

/** The add-place screen warns past this distance from every trip point (the plan leaves such places out). */
export const FAR_FROM_TRIP_KM = 100;

interface TripLike {
  destinationLatitude: number | null;
  destinationLongitude: number | null;
}

/**
 * The destination first, then the places, rounded to ~100 m and without repeats; at most
 * MAX_TRIP_POINTS, every n-th place kept when there are more, so the whole trip stays covered.
 */
export function tripPoints(trip: TripLike, places: { latitude: number; longitude: number }[]): LatLng[] {
  const all: LatLng[] = [];
  if (trip.destinationLatitude != null && trip.destinationLongitude != null)
    all.push({ lat: trip.destinationLatitude, lng: trip.destinationLongitude });
  for (const p of places) all.push({ lat: p.latitude, lng: p.longitude });
  const seen = new Set<string>();
  const unique = all
    .map((p) => ({ lat: round3(p.lat), lng: round3(p.lng) }))
    .filter((p) => {
      const key = `${p.lat},${p.lng}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (unique.length <= MAX_TRIP_POINTS) return unique;
  const step = unique.length / MAX_TRIP_POINTS;
  return Array.from({ length: MAX_TRIP_POINTS }, (_, i) => unique[Math.floor(i * step)]!);
}

/** "35.012,135.768;34.967,135.773": the search's `trip` parameter. */
export const tripParam = (points: LatLng[]) => points.map((p) => `${p.lat},${p.lng}`).join(";");

/** Kilometres to the nearest trip point; null when the trip has none. */
export function kmFromTrip(point: LatLng, points: LatLng[]): number | null {
  if (!points.length) return null;
  return Math.min(...points.map((p) => haversineKm(point, p)));
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
