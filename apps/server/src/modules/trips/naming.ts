import tzLookup from "@photostructure/tz-lookup";

/** Spec 1: a blank name becomes the first two comma parts of the departure plus ' Trip'. */
export function defaultTripName(departure: string): string {
  const parts = departure
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 2);
  return `${parts.join(", ") || departure.trim()} Trip`;
}

/** The trip's IANA zone from its departure coordinates; UTC when they are unknown. */
export function timezoneAt(lat: number | null | undefined, lng: number | null | undefined): string {
  if (lat == null || lng == null) return "UTC";
  try {
    return tzLookup(lat, lng);
  } catch {
    return "UTC";
  }
}
