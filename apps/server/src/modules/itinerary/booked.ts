import { isTransportBooking, type TransportInfo } from "@tabi/contracts";
import { formatHhmm, parseHhmm, travelMinutes } from "@tabi/optimizer";
import { planText } from "../../i18n";
import type { HotelNight, PlaceForProblem, TripForProblem } from "./problem";

// Bookings as the plan reads them (issue 17 'Bookings shape the plan'): pure functions of the rows.

/** The columns of a `bookings` row the plan uses. */
export interface BookingRow {
  id: string;
  bookingType: string;
  flightNumber: string | null;
  route: string | null;
  departureDate: string | null;
  departureTime: string | null;
  arrivalTime: string | null;
  hotelName: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  location: unknown;
  transportInfo: unknown;
}

export type FlightBooking = Pick<
  BookingRow,
  "id" | "flightNumber" | "route" | "departureDate" | "departureTime" | "arrivalTime"
>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const byTime = (a: FlightBooking, b: FlightBooking) =>
  (a.departureTime ?? "").localeCompare(b.departureTime ?? "") || a.id.localeCompare(b.id);

/**
 * The flights that frame the trip: the outbound one is the flight booked on the trip's first day (the
 * earliest of them), the inbound one the flight booked on its last day (the latest, and not the
 * outbound one on a one-day trip). Flights on other dates (a connection the day before) do not shape
 * the plan; a flight without a valid take-off time cannot.
 */
export function flightBookingsFor(
  rows: (FlightBooking & { bookingType: string })[],
  trip: Pick<TripForProblem, "startDate" | "endDate">,
): { outbound?: FlightBooking; inbound?: FlightBooking } {
  const flights = rows.filter((r) => r.bookingType === "flight" && HHMM.test(r.departureTime ?? ""));
  const on = (date: string) => flights.filter((f) => f.departureDate === date).sort(byTime);
  const outbound = on(trip.startDate)[0];
  const inbound = on(trip.endDate ?? trip.startDate)
    .filter((f) => f !== outbound)
    .at(-1);
  return { ...(outbound ? { outbound } : {}), ...(inbound ? { inbound } : {}) };
}

/** The two IATA codes of a flight's route "ICN → NRT" (also "ICN -> NRT"); null where it has none. */
export function routeCodes(route: string | null): [string | null, string | null] {
  const parts = (route ?? "").split(/→|->/).map((s) => s.trim().toUpperCase());
  const code = (s: string | undefined) => (s && /^[A-Z0-9]{3}$/.test(s) ? s : null);
  return parts.length === 2 ? [code(parts[0]), code(parts[1])] : [null, null];
}

/** A booked leg's take-off and landing in minutes of its day; a landing before take-off is the next day. */
export function bookedTimes(booking: FlightBooking, minutesIfNoArrival: number) {
  const takeOff = parseHhmm(booking.departureTime!);
  let landing =
    booking.arrivalTime && HHMM.test(booking.arrivalTime)
      ? parseHhmm(booking.arrivalTime)
      : takeOff + minutesIfNoArrival;
  if (landing < takeOff) landing += 1440;
  return { takeOff, landing };
}

/**
 * Hotel bookings as nights: one per date from check-in to the day before check-out (spec 2 hotel
 * block). A hotel without a location cannot move the night: the plan keeps its base then.
 */
export function hotelNightsOf(rows: BookingRow[]): HotelNight[] {
  const nights: HotelNight[] = [];
  for (const row of rows) {
    if (row.bookingType !== "hotel") continue;
    const at = row.location as { lat?: number; lng?: number; latitude?: number; longitude?: number } | null;
    const latitude = at?.latitude ?? at?.lat;
    const longitude = at?.longitude ?? at?.lng;
    if (!row.checkInDate || typeof latitude !== "number" || typeof longitude !== "number") continue;
    const d = new Date(`${row.checkInDate}T00:00:00Z`);
    // A missing check-out is the next day (spec 2 'Hotel form').
    const out = new Date(`${row.checkOutDate || row.checkInDate}T00:00:00Z`);
    // A hotel booked without a name is "Hotel" in each reader's language.
    const hotel = row.hotelName?.trim();
    const unnamed = hotel ? null : planText("server:plan.hotel");
    const name = unnamed ? { name: unnamed.text, nameKey: unnamed.key } : { name: hotel! };
    do {
      nights.push({ date: d.toISOString().slice(0, 10), ...name, latitude, longitude });
      d.setUTCDate(d.getUTCDate() + 1);
    } while (d < out && nights.length < 400);
  }
  return nights;
}

const MODE_OF: Record<string, "walking" | "car" | "public_transport"> = {
  walking: "walking",
  car: "car",
  taxi: "car",
};

/**
 * Transport bookings fix the time of their leg: both places stay on the booking's date, and the
 * destination starts at the booked arrival (else the take-off plus the travel model's time). A booking
 * whose places are not wished places of the trip (or a plan stop such as an airport), whose date is
 * not a day of the trip, or without a take-off time is left out; an arrival after midnight keeps the
 * date only.
 */
export function transportLocks(
  rows: BookingRow[],
  places: Pick<PlaceForProblem, "id" | "latitude" | "longitude">[],
  dates: string[],
): Map<string, { date: string; start?: string }> {
  const out = new Map<string, { date: string; start?: string }>();
  const byId = new Map(places.map((p) => [p.id, p]));
  for (const row of rows) {
    if (!isTransportBooking(row.bookingType)) continue;
    const info = row.transportInfo as TransportInfo | null;
    const from = byId.get(info?.fromPlaceId ?? "");
    const to = byId.get(info?.toPlaceId ?? "");
    const date = row.departureDate ?? "";
    if (!from || !to || from === to || !dates.includes(date) || !HHMM.test(row.departureTime ?? "")) continue;
    const mode = MODE_OF[row.bookingType] ?? "public_transport";
    const travel = travelMinutes(
      { lat: from.latitude, lng: from.longitude },
      { lat: to.latitude, lng: to.longitude },
      mode,
    );
    const { landing: arrival } = bookedTimes(row, travel);
    out.set(from.id, { date });
    out.set(to.id, arrival < 1440 ? { date, start: formatHhmm(arrival) } : { date });
  }
  return out;
}
