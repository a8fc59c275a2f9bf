import {
  type Booking,
  type ItineraryDay,
  isTransportBooking,
  routeText,
  SAME_AS_DEPARTURE,
} from "@tabi/contracts";
import type { BookingLeg, BookingNight, LegEnd } from "./types";

// Where the trip's bookings sit on the plan (issue 17 items 1, 2, 4): the leg of a flight or a ride,
// the night of a hotel; and the legs and nights the booking dialogs open on.

/** A visit of the plan: the airport stops of a booked flight carry its booking id and flight number. */
export type PlanVisit = ItineraryDay["visits"][number];

const AIRPORT_ID = /^airport_([A-Z0-9]{3})_/;
/** The IATA code of a plan's airport stop (`airport_NRT_arrival`), else undefined. */
export const iataOf = (placeId: string | null | undefined) => placeId?.match(AIRPORT_ID)?.[1];

/** The hotel booked for the night of `date` (checked in on or before it, out after it). */
export const hotelForNight = (bookings: readonly Booking[], date: string) =>
  bookings.find(
    (b) =>
      b.bookingType === "hotel" &&
      b.checkInDate != null &&
      b.checkInDate <= date &&
      (b.checkOutDate == null ? b.checkInDate === date : date < b.checkOutDate),
  );

/** The transport booking of a leg: same route text ('from → to') and date. */
export const transportForLeg = (bookings: readonly Booking[], from: string, to: string, date: string) => {
  const route = routeText(from, to);
  return bookings.find(
    (b) => isTransportBooking(b.bookingType) && b.route === route && b.departureDate === date,
  );
};

type Point = ItineraryDay["start"];
const pointEnd = (p: Point): LegEnd => ({ name: p.name, lat: p.latitude, lng: p.longitude });
const visitEnd = (v: PlanVisit): LegEnd => {
  const iata = iataOf(v.placeId);
  return { name: v.name, lat: v.latitude, lng: v.longitude, placeId: v.placeId, ...(iata ? { iata } : {}) };
};

/** Every leg of a day: start point → visits → end point, each with its mode and minutes. */
export function dayLegs(day: ItineraryDay): BookingLeg[] {
  const legs: BookingLeg[] = [];
  let prev = pointEnd(day.start);
  for (const v of day.visits) {
    const to = visitEnd(v);
    legs.push({ from: prev, to, date: day.date, mode: v.mode, minutes: v.travelMinutes });
    prev = to;
  }
  legs.push({
    from: prev,
    to: pointEnd(day.end),
    date: day.date,
    mode: day.backMode,
    minutes: day.backTravelMinutes,
  });
  return legs;
}

/** The flight leg that arrives at or leaves from the day's visit `index` (an airport stop), if any. */
export function flightLegAt(day: ItineraryDay, index: number): BookingLeg | null {
  const legs = dayLegs(day);
  // legs[index] arrives at visit `index`; legs[index + 1] leaves it.
  const arriving = legs[index];
  if (arriving?.mode === "flight") return arriving;
  const leaving = legs[index + 1];
  return leaving?.mode === "flight" ? leaving : null;
}

/** The first flight leg of the plan, if it has one. */
export const firstFlightLeg = (days: ItineraryDay[]) =>
  days.flatMap(dayLegs).find((l) => l.mode === "flight") ?? null;

/** A trip's destination as a place to search: not the words meaning "back where it started". */
const destinationCity = (destination: string | null | undefined) => {
  const city = destination?.trim() ?? "";
  return city.toLowerCase() === SAME_AS_DEPARTURE ? "" : city;
};

/**
 * The night after day `dayIndex` (0-based): the evening's date, where the group sleeps, and the town a
 * hotel search asks for: the night's own area (the server names it, issue 25), else, for a plan made
 * before areas, the trip's destination, else the end point's name unless the plan made it up
 * ("Base near your places" is no place a hotel site knows).
 */
export function nightAfter(
  days: ItineraryDay[],
  dayIndex: number,
  destination?: string | null,
): BookingNight | null {
  const d = days[dayIndex];
  if (!d) return null;
  return {
    date: d.date,
    near: { name: d.end.name, lat: d.end.latitude, lng: d.end.longitude },
    city: d.end.area?.trim() || destinationCity(destination) || (d.end.nameKey ? "" : d.end.name),
  };
}

interface TripFacts {
  departureLocation: string;
  departureLatitude: number | null;
  departureLongitude: number | null;
  destination: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  startDate: string;
}

/**
 * The leg 'Add flight' opens on: the plan's first flight; else from the departure to the destination
 * on the start date; without a destination, from the departure to the first day's first stop.
 */
export function tripFlightLeg(days: ItineraryDay[], trip: TripFacts): BookingLeg | null {
  const flight = firstFlightLeg(days);
  if (flight) return flight;
  const first = days[0];
  const hasDestination = trip.destinationLatitude != null && trip.destinationLongitude != null;
  if (first && !hasDestination) return { ...dayLegs(first)[0]!, mode: "flight" };
  if (
    trip.departureLatitude == null ||
    trip.departureLongitude == null ||
    trip.destinationLatitude == null ||
    trip.destinationLongitude == null
  )
    return null;
  return {
    from: { name: trip.departureLocation, lat: trip.departureLatitude, lng: trip.departureLongitude },
    to: { name: trip.destination ?? "", lat: trip.destinationLatitude, lng: trip.destinationLongitude },
    date: trip.startDate,
    mode: "flight",
  };
}

/** The night 'Add hotel' opens on: the plan's first night, else the trip's start date at the destination. */
export function tripFirstNight(days: ItineraryDay[], trip: TripFacts): BookingNight {
  const night = nightAfter(days, 0, trip.destination);
  if (night) return night;
  const near =
    trip.destinationLatitude != null && trip.destinationLongitude != null
      ? { name: trip.destination ?? "", lat: trip.destinationLatitude, lng: trip.destinationLongitude }
      : null;
  return { date: trip.startDate, near, city: destinationCity(trip.destination) };
}

/** The night a hotel booking belongs to (its check-in date), for opening its dialog from a list. */
export function nightOfBooking(b: Booking, days: ItineraryDay[], trip: TripFacts): BookingNight {
  const i = days.findIndex((d) => d.date === b.checkInDate);
  const night = i >= 0 ? nightAfter(days, i, trip.destination) : null;
  if (night) return night;
  const first = tripFirstNight(days, trip);
  return { ...first, date: b.checkInDate ?? first.date };
}

/** The leg a flight or transport booking belongs to (same route and date), else the trip's own leg. */
export function legOfBooking(b: Booking, days: ItineraryDay[], trip: TripFacts): BookingLeg | null {
  const legs = days.flatMap(dayLegs).filter((l) => l.date === b.departureDate);
  // A flight's route is its two IATA codes, or the leg's names when the leg had none (the flight form's rule).
  const found = legs.find((l) =>
    b.bookingType === "flight"
      ? l.mode === "flight" &&
        (b.route === routeText(l.from.iata ?? "", l.to.iata ?? "") ||
          b.route === routeText(l.from.name, l.to.name))
      : b.route === routeText(l.from.name, l.to.name),
  );
  if (found) return found;
  const fallback = tripFlightLeg(days, trip);
  return fallback ? { ...fallback, date: b.departureDate ?? fallback.date } : null;
}

/** A leg as the trip map draws it: its stops, and the plan's ids of its ends. */
interface DrawnLeg {
  from: { name: string; lat: number; lng: number; iata?: string };
  to: { name: string; lat: number; lng: number; iata?: string };
  fromId?: string;
  toId?: string;
  date: string;
  mode: string;
  minutes: number;
}
/** The booking leg of a leg clicked on the map. */
export function legOfDrawn(leg: DrawnLeg): BookingLeg {
  const end = (s: DrawnLeg["from"], id: string | undefined): LegEnd => {
    const iata = iataOf(id) ?? s.iata;
    return {
      name: s.name,
      lat: s.lat,
      lng: s.lng,
      ...(id ? { placeId: id } : {}),
      ...(iata ? { iata } : {}),
    };
  };
  return {
    from: end(leg.from, leg.fromId),
    to: end(leg.to, leg.toId),
    date: leg.date,
    mode: leg.mode,
    minutes: leg.minutes,
  };
}

/** Within this many metres, a night point is the booked hotel itself. */
const SAME_PLACE_M = 300;
const metresBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

/**
 * The evenings whose night point is a booked hotel (the plan was made with the booking): the map
 * draws those with a bed. A booking the plan does not follow yet marks nothing.
 */
export function nightsAtBookedHotels(days: ItineraryDay[], bookings: readonly Booking[]): Set<string> {
  const out = new Set<string>();
  for (const d of days) {
    const hotel = hotelForNight(bookings, d.date);
    if (!hotel) continue;
    const end = { lat: d.end.latitude, lng: d.end.longitude };
    const byPlace = hotel.location ? metresBetween(hotel.location, end) <= SAME_PLACE_M : false;
    const byName = Boolean(hotel.hotelName?.trim()) && hotel.hotelName!.trim() === d.end.name.trim();
    if (byPlace || byName) out.add(d.date);
  }
  return out;
}
