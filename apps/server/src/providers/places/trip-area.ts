import { distanceKm } from "./gazetteer/grid";
import type { LatLng, SearchWhere } from "./types";

// A trip's area from its points (the destination and the places): the gazetteer ranks by the
// distance to the nearest point; the online providers get a centre, a radius and a box from it.

/** Points further than this from the centre are strays (a place picked by mistake): not the area. */
const CORE_KM = 150;
/** A trip of one point still covers its town. */
const MIN_RADIUS_KM = 5;

export interface TripArea {
  /** The mean of the core points: the trip's places, less strays far from the others. */
  centre: LatLng;
  /** Distance from the centre to the furthest core point, at least 5 km. */
  radiusKm: number;
  /** The core points' box, grown by the minimum radius: [west, south, east, north]. */
  box: [number, number, number, number];
}

export function tripArea(points: readonly LatLng[]): TripArea | null {
  if (points.length === 0) return null;
  // The medoid (least total distance to the others) finds the core: one stray cannot move it far.
  let medoid = points[0]!;
  let best = Number.POSITIVE_INFINITY;
  for (const p of points) {
    let sum = 0;
    for (const q of points) sum += distanceKm(p.lat, p.lng, q.lat, q.lng);
    if (sum < best) {
      best = sum;
      medoid = p;
    }
  }
  const core = points.filter((p) => distanceKm(medoid.lat, medoid.lng, p.lat, p.lng) <= CORE_KM);
  // Longitudes relative to the medoid, so a trip on the antimeridian (Fiji) averages right.
  const lngs = core.map((p) => medoid.lng + (((p.lng - medoid.lng + 540) % 360) - 180));
  const lats = core.map((p) => p.lat);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const centre = { lat: mean(lats), lng: ((mean(lngs) + 540) % 360) - 180 };
  const radiusKm = Math.max(
    MIN_RADIUS_KM,
    ...core.map((p) => distanceKm(centre.lat, centre.lng, p.lat, p.lng)),
  );
  const padLat = MIN_RADIUS_KM / 111.2;
  const padLng = padLat / Math.max(0.05, Math.cos((centre.lat * Math.PI) / 180));
  return {
    centre,
    radiusKm,
    box: [
      Math.min(...lngs) - padLng,
      Math.max(-90, Math.min(...lats) - padLat),
      Math.max(...lngs) + padLng,
      Math.min(90, Math.max(...lats) + padLat),
    ],
  };
}

/** Kilometres from (lat, lng) to the nearest of the points (great circle). */
export function kmToNearest(points: readonly LatLng[], lat: number, lng: number): number {
  let km = Number.POSITIVE_INFINITY;
  for (const p of points) km = Math.min(km, distanceKm(p.lat, p.lng, lat, lng));
  return km;
}

/**
 * The area the online providers bias towards: the trip's, else a soft one around `near` (1° box,
 * 50 km circle, as before trips had places); null without either.
 */
export function searchBias({ near, trip }: SearchWhere): (TripArea & { fromTrip: boolean }) | null {
  const area = trip?.length ? tripArea(trip) : null;
  if (area) return { ...area, fromTrip: true };
  if (!near) return null;
  return {
    centre: near,
    radiusKm: 50,
    box: [near.lng - 1, near.lat - 1, near.lng + 1, near.lat + 1],
    fromTrip: false,
  };
}
