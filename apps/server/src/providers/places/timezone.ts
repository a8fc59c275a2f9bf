import { createRequire } from "node:module";

const tzLookup = createRequire(import.meta.url)("@photostructure/tz-lookup") as (
  lat: number,
  lng: number,
) => string;

/** IANA time zone at a point, from coordinates alone (same answer whatever the provider). */
export function timezoneAt(lat: number, lng: number): string | null {
  try {
    return tzLookup(lat, lng);
  } catch {
    return null;
  }
}
