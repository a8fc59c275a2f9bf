import type { OptimizationResult } from "@tabi/contracts";
import ical from "ical-generator";

/**
 * The itinerary as iCalendar: one event per visit, at its local time in the trip's zone.
 * ical-generator writes a Date's UTC fields after TZID=<zone>, so each visit is given as the UTC
 * instant whose fields are the local wall-clock time (09:00 in Kyoto -> 09:00Z -> TZID=Asia/Tokyo:...T090000).
 */
export function itineraryIcs(
  trip: { id: string; name: string; timezone: string },
  result: OptimizationResult,
): string {
  const cal = ical({
    name: trip.name,
    timezone: trip.timezone,
    prodId: { company: "Tabi", product: "trip-planner", language: "EN" },
  });
  const wall = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`);
  for (const day of result.days) {
    for (const v of day.visits) {
      cal.createEvent({
        id: `${trip.id}-${v.placeId}@tabi`,
        start: wall(day.date, v.start),
        end: wall(day.date, v.end),
        timezone: trip.timezone,
        summary: v.name,
        description: `Day ${day.day} of ${trip.name}`,
        location: { title: v.name, geo: { lat: v.latitude, lon: v.longitude } },
      });
    }
  }
  return cal.toString();
}
