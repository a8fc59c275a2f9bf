import { type OptimizationResult, zonedToUtc } from "@tabi/contracts";
import ical from "ical-generator";
import { type Language, t } from "../../i18n";
import { zoneAt } from "../trips/zone";

/**
 * The itinerary as iCalendar: one event per visit, at its local time in the zone of the place itself
 * (a plan's times are the wall clock where the group is), the calendar in the trip's zone (where its
 * places are: trips/zone.ts). ical-generator writes a Date's UTC fields after TZID=<zone>, so each
 * visit is given as the UTC instant whose fields are the local wall-clock time (09:00 in Kyoto ->
 * 09:00Z -> TZID=Asia/Tokyo:...T090000). A flight takes off on one clock and lands on another: its
 * event is in the departure's zone, the landing turned into that zone's wall clock.
 */
export function itineraryIcs(
  trip: { id: string; name: string; timezone: string },
  result: OptimizationResult,
  lng: Language = "en",
): string {
  // The calendar's name is the trip's own; the words around the visits are the reader's language.
  const cal = ical({
    name: trip.name,
    timezone: trip.timezone,
    prodId: { company: "Tabi", product: "trip-planner", language: lng.toUpperCase() },
  });
  const wall = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00Z`);
  const zoneOf = (v: { latitude: number; longitude: number }) => zoneAt(v) ?? trip.timezone;
  // An end at or before its start is past midnight (a late landing).
  const span = (date: string, from: string, to: string) => {
    const start = wall(date, from);
    const end = wall(date, to);
    if (end <= start) end.setUTCDate(end.getUTCDate() + 1);
    return { start, end };
  };
  for (const day of result.days) {
    for (const [i, v] of day.visits.entries()) {
      const before = day.visits[i - 1];
      if (v.mode === "flight" && before) {
        const from = zoneOf(before);
        const start = wall(day.date, before.end);
        const end = new Date(start.getTime() + flightMs(day.date, before.end, from, v.arrive, zoneOf(v)));
        cal.createEvent({
          id: `${trip.id}-${day.day}-flight-${i}@tabi`,
          start,
          end,
          timezone: from,
          summary: [
            v.flightNumber,
            t(
              "server:calendar.flight",
              { from: iataOf(before.placeId) ?? before.name, to: iataOf(v.placeId) ?? v.name },
              lng,
            ),
          ]
            .filter(Boolean)
            .join(" · "),
          // A booked flight's times are the booking's, not an estimate.
          description: v.bookingId
            ? t(
                "server:plan.bookedFlightDescription",
                {
                  flight: v.flightNumber ?? `${iataOf(before.placeId) ?? ""} → ${iataOf(v.placeId) ?? ""}`,
                  from: before.name,
                  to: v.name,
                  day: day.day,
                  trip: trip.name,
                },
                lng,
              )
            : t(
                "server:calendar.flightDescription",
                { from: before.name, to: v.name, day: day.day, trip: trip.name },
                lng,
              ),
          location: { title: before.name, geo: { lat: before.latitude, lon: before.longitude } },
        });
      }
      cal.createEvent({
        id: `${trip.id}-${v.placeId}@tabi`,
        ...span(day.date, v.start, v.end),
        timezone: zoneOf(v),
        summary: v.name,
        description: t("server:calendar.visitDescription", { day: day.day, trip: trip.name }, lng),
        location: { title: v.name, geo: { lat: v.latitude, lon: v.longitude } },
      });
    }
  }
  return cal.toString();
}

/**
 * How long a flight is: from take-off on the departure's clock to landing on the arrival's, the
 * landing being the first such wall-clock time after take-off (the next day after a night flight; the
 * day before on the clock of a zone far behind, Tokyo to Honolulu).
 */
function flightMs(date: string, takeOff: string, fromZone: string, landing: string, toZone: string) {
  const up = zonedToUtc(date, takeOff, fromZone).getTime();
  const down = zonedToUtc(date, landing, toZone).getTime();
  const day = 86_400_000;
  return [down - day, down, down + day].find((t) => t > up)! - up;
}

/** System airport ids are airport_<IATA>_<role> (problem.ts). */
const iataOf = (placeId: string) => /^airport_([A-Z0-9]{3})_/.exec(placeId)?.[1];
