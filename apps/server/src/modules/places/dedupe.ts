// The same real-world place proposed twice is one place: the same provider id, or the same name
// within 150 m (issue 4).
const EARTH_M = 6_371_000;
export const SAME_PLACE_METERS = 150;

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(h));
}

export function isSamePlace(
  existing: { name: string; latitude: number; longitude: number; providerPlaceId: string | null },
  candidate: { name: string; latitude: number; longitude: number; providerPlaceId?: string | null },
): boolean {
  if (candidate.providerPlaceId && existing.providerPlaceId === candidate.providerPlaceId) return true;
  return (
    existing.name.trim().toLowerCase() === candidate.name.trim().toLowerCase() &&
    distanceMeters(
      { lat: existing.latitude, lng: existing.longitude },
      { lat: candidate.latitude, lng: candidate.longitude },
    ) <= SAME_PLACE_METERS
  );
}
