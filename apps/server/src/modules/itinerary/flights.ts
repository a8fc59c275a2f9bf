import { haversineKm } from "@tabi/optimizer";
import type { GeoLookup, PlaceResult } from "../../providers/places";
import { bookedTimes, type FlightBooking, flightBookingsFor, routeCodes } from "./booked";
import {
  type Airport,
  departurePoint,
  type FlightLeg,
  type FlightPlan,
  flightMinutes,
  isFar,
  type PlaceForProblem,
  type Point,
  placesCentre,
  returnPoint,
  type TripForProblem,
} from "./problem";

const NO_FLIGHTS: FlightPlan = { outbound: null, inbound: null };

/**
 * The gazetteer's airport of an IATA code (its record `iata:NRT`), and the town nearest a point (what a
 * night is named after: areas.ts), where the lookup offers them.
 */
export type FlightLookup = GeoLookup & {
  airport?(iata: string): Promise<PlaceResult | null>;
  areaAt?(lat: number, lng: number): Promise<string | null>;
};

/**
 * Enclaved micro-states count as the country around them: the nearest town of half of Rome is
 * Vatican City, and a trip from Naples to Rome does not cross a border that calls for a flight.
 */
const ENCLAVES: Record<string, string> = { VA: "IT", SM: "IT", MC: "FR" };

/**
 * The flights of a trip whose departure (or return point) is far from its places (issue 6): from the
 * airport nearest the departure to the one nearest the places, and back from there to the airport
 * nearest the return point. No flight when both ends share an airport or one has none within 400 km.
 *
 * A flight booked on the first (or last) day is the flight, far or not (the group booked it: trust
 * it), at its booked times, between the airports of its route's IATA codes; a code the gazetteer does
 * not know (or no route) falls back to the nearest airport as above (bookings.ts: which bookings).
 */
export async function flightsFor(
  trip: TripForProblem,
  places: PlaceForProblem[],
  geo: FlightLookup,
  bookings: (FlightBooking & { bookingType: string })[] = [],
): Promise<FlightPlan> {
  const centre = placesCentre(places);
  const departure = departurePoint(trip);
  if (!centre) return NO_FLIGHTS;
  const back = returnPoint(trip) ?? departure;
  const booked = flightBookingsFor(bookings, trip);
  // The centre can be at sea (a coast, islands): the wished place nearest to it stands for the places.
  const wished = places.filter((p) => p.wishes.length > 0);
  const anchor = wished.reduce((best, p) =>
    distance(p, centre) < distance(best, centre) ? p : best,
  ) as PlaceForProblem;
  const countryOf = async (p: { latitude: number; longitude: number }) => {
    const code = await geo.countryAt(p.latitude, p.longitude);
    return code ? (ENCLAVES[code] ?? code) : null;
  };
  // The places' country is the one most of them are in: a trip to Rome is in Italy even when its
  // centre lies nearest to a record in the Vatican.
  const placesCountry = async () => {
    const counts = new Map<string, number>();
    for (const code of await Promise.all(wished.map(countryOf)))
      if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
  };
  const countries = (p: Point) => () => Promise.all([countryOf(p), placesCountry()]);
  const airportNear = async (p: Point): Promise<Airport | null> => {
    const hit = await geo.nearestAirport(p.latitude, p.longitude);
    return hit?.iata ? { name: hit.name, latitude: hit.lat, longitude: hit.lng, iata: hit.iata } : null;
  };
  const leg = async (from: Point, to: Point) => {
    const [a, b] = await Promise.all([airportNear(from), airportNear(to)]);
    return a && b && a.iata !== b.iata ? { from: a, to: b } : null;
  };
  const here: Point = { name: "", latitude: anchor.latitude, longitude: anchor.longitude };
  const byCode = async (code: string | null): Promise<Airport | null> => {
    const hit = code && geo.airport ? await geo.airport(code).catch(() => null) : null;
    return hit?.iata ? { name: hit.name, latitude: hit.lat, longitude: hit.lng, iata: hit.iata } : null;
  };
  const bookedLeg = async (
    b: FlightBooking,
    near: [Point | null, Point | null],
  ): Promise<FlightLeg | null> => {
    const codes = routeCodes(b.route);
    const [from, to] = await Promise.all(
      codes.map(async (code, i) => (await byCode(code)) ?? (near[i] ? await airportNear(near[i]!) : null)),
    );
    if (!from || !to) return null;
    const { takeOff, landing } = bookedTimes(b, flightMinutes(from, to));
    const flightNumber = b.flightNumber?.trim();
    return {
      from,
      to,
      booked: { bookingId: b.id, ...(flightNumber ? { flightNumber } : {}), takeOff, landing },
    };
  };
  const outbound =
    (booked.outbound ? await bookedLeg(booked.outbound, [departure, here]) : null) ??
    (departure && (await isFar(departure, centre, countries(departure))) ? await leg(departure, here) : null);
  const inbound =
    (booked.inbound ? await bookedLeg(booked.inbound, [here, back]) : null) ??
    (back && (await isFar(back, centre, countries(back))) ? await leg(here, back) : null);
  return { outbound, inbound };
}

const distance = (p: { latitude: number; longitude: number }, q: Point) =>
  haversineKm({ lat: p.latitude, lng: p.longitude }, { lat: q.latitude, lng: q.longitude });
