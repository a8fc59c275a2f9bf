import type { Executor } from "../../db/connect";
import { timezoneAt } from "../../providers/places/timezone";
import { setTripZone, zoneInputs } from "./queries";

type At = { latitude: number | null | undefined; longitude: number | null | undefined };

/** The IANA zone at a point, from its coordinates alone; null when they are unknown. */
export function zoneAt(p: At): string | null {
  return p.latitude == null || p.longitude == null ? null : timezoneAt(p.latitude, p.longitude);
}

/**
 * The trip's time zone: where its places are, not where it departs from (issue 25: a trip from Seoul
 * with every place in Kyoto is on Kyoto's clock). The zone most of its places are in, a tie going to
 * the zone of the earliest of them (`places` in the order they were added); with no places, the
 * departure's zone; with neither, UTC.
 *
 * The one rule for every clock of the trip: the plan's wall-clock times (the shared page says "Times
 * are local to the trip (...)"), the add-place deadline's presets, limit and display, the reminders,
 * and the .ics export's calendar. Stored in `trips.timezone` and kept by `syncTripZone` when places
 * come and go or the departure moves.
 */
export function tripZone(
  trip: { departureLatitude?: number | null; departureLongitude?: number | null },
  places: readonly At[],
): string {
  // Maps keep insertion order: the first zone counted is the one of the earliest place.
  const counts = new Map<string, number>();
  for (const p of places) {
    const zone = zoneAt(p);
    if (zone) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [zone, n] of counts) if (best === null || n > counts.get(best)!) best = zone;
  return best ?? zoneAt({ latitude: trip.departureLatitude, longitude: trip.departureLongitude }) ?? "UTC";
}

/**
 * Brings the trip's stored zone in line with its places and departure; true when it changed (the
 * caller then tells the trip's channel, so screens and every server's caches read the trip again).
 */
export async function syncTripZone(db: Executor, tripId: string): Promise<boolean> {
  const inputs = await zoneInputs(db, tripId);
  if (!inputs) return false;
  const zone = tripZone(inputs, inputs.places);
  return zone !== inputs.timezone && (await setTripZone(db, tripId, zone));
}
