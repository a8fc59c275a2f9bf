import { type OptimizationSettings, SAME_AS_DEPARTURE } from "@tabi/contracts";
import {
  formatHhmm,
  haversineKm,
  type Problem,
  parseHhmm,
  TRAVEL_MODEL,
  travelMinutes,
} from "@tabi/optimizer";

export interface PlaceForProblem {
  id: string;
  latitude: number;
  longitude: number;
  stayMinutes: number;
  preferredTimeOfDay: "morning" | "noon" | "afternoon" | "night" | null;
  wishes: { userId: string; wishLevel: number }[];
}

export interface TripForProblem {
  departureLocation: string;
  departureLatitude: number | null;
  departureLongitude: number | null;
  destination?: string | null;
  destinationLatitude?: number | null;
  destinationLongitude?: number | null;
  startDate: string;
  endDate: string | null;
}

export interface Point {
  name: string;
  latitude: number;
  longitude: number;
}

export interface Airport extends Point {
  iata: string;
}

/** Where the group sleeps the night after `date` (a hotel booking; spec 2 'hotel block'). */
export interface HotelNight extends Point {
  date: string;
}

/** A flight between two airports, chosen by `flightsFor` (issue 6: far departures). */
export interface FlightPlan {
  outbound: { from: Airport; to: Airport } | null;
  inbound: { from: Airport; to: Airport } | null;
}

/** A stop the plan adds itself, in the shape of a visit (contracts `visitSchema`, `system` set). */
export interface SystemVisit {
  placeId: string;
  name: string;
  arrive: string;
  start: string;
  end: string;
  travelMinutes: number;
  mode: string;
  latitude: number;
  longitude: number;
  category: string;
  system: "airport";
}

/**
 * What the optimiser does not decide about a day: where it starts and ends, and the airport stops
 * before and after the visits. `after` times that depend on the plan are filled in by presentPlan.
 */
export interface DayFrame {
  start: Point;
  end: Point;
  before: SystemVisit[];
  /** The last day's flight home: airports after the visits, then the ground leg to the return place. */
  home: { departAt: number; flight: { from: Airport; to: Airport }; flightMinutes: number } | null;
}

export const DAY_START = "08:00";
export const DAY_END = "22:00";
const MAX_DAYS = 31;
/** Beyond this (or in another country) the departure is another city: the plan flies (issue 6). */
export const FAR_KM = 300;
/** Within this the departure is home: nights there when there is no hotel booking. */
export const HOME_KM = 50;
/** At the airport before a flight (check-in, security) and after landing (baggage). */
export const CHECK_IN_MINUTES = 90;
export const LANDING_MINUTES = 30;
/** Taxi, climb and descent on top of the cruising time. */
const FLIGHT_EXTRA_MINUTES = 30;
/** The flight home leaves no earlier than this, so a long flight still leaves the last morning free. */
const EARLIEST_FLIGHT_HOME = 14 * 60;

function dates(start: string, end: string | null): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end ?? start}T00:00:00Z`);
  while (d <= last && out.length < MAX_DAYS) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Time budget: about a second for a normal trip, more for large ones. */
export const timeLimitFor = (places: number) => Math.min(8000, Math.max(800, 300 + 15 * places));

const ll = (p: Point) => ({ lat: p.latitude, lng: p.longitude });
export const flightMinutes = (a: Point, b: Point) =>
  Math.ceil((haversineKm(ll(a), ll(b)) / TRAVEL_MODEL.speedKmh.flight) * 60) + FLIGHT_EXTRA_MINUTES;
/** To and from airports the group takes a car or taxi (spec 2 section 4: a leg to an airport is a car). */
const groundMinutes = (a: Point, b: Point) => travelMinutes(ll(a), ll(b), "car");

/** The centre of the wished places (the night base when nobody booked a hotel). */
export function placesCentre(places: PlaceForProblem[]): Point | null {
  const wished = places.filter((p) => p.wishes.length > 0);
  if (wished.length === 0) return null;
  return {
    name: "Base near your places",
    latitude: wished.reduce((s, p) => s + p.latitude, 0) / wished.length,
    longitude: wished.reduce((s, p) => s + p.longitude, 0) / wished.length,
  };
}

export function departurePoint(trip: TripForProblem): Point | null {
  if (trip.departureLatitude == null || trip.departureLongitude == null) return null;
  return {
    name: trip.departureLocation,
    latitude: trip.departureLatitude,
    longitude: trip.departureLongitude,
  };
}

/** The last day ends at the destination when the trip has one, else back at the departure. */
export function returnPoint(trip: TripForProblem): Point | null {
  const roundTrip = trip.destination?.toLowerCase() === SAME_AS_DEPARTURE;
  if (!roundTrip && trip.destination && trip.destinationLatitude != null && trip.destinationLongitude != null)
    return {
      name: trip.destination,
      latitude: trip.destinationLatitude,
      longitude: trip.destinationLongitude,
    };
  return departurePoint(trip);
}

/** Below this nobody flies, border or not. */
export const NEAR_KM = 100;

/**
 * Far: more than 300 km from the places, or more than 100 km and in another country (when both
 * countries are known; `countries` is only asked then, since it loads the gazetteer).
 */
export async function isFar(
  a: Point,
  b: Point,
  countries: () => Promise<[string | null, string | null]>,
): Promise<boolean> {
  const km = haversineKm(ll(a), ll(b));
  if (km > FAR_KM) return true;
  if (km <= NEAR_KM) return false;
  const [countryA, countryB] = await countries();
  return countryA != null && countryB != null && countryA !== countryB;
}

/**
 * The trip as the optimiser's problem, and each day's frame. Days run 08:00-22:00. Day 1 starts at
 * the departure, the last day ends at the return point; each night is at that night's hotel booking,
 * else at home when the departure is near the places, else at a base at the centre of the places.
 * A flight replaces the start (or the end) when the departure (or return) is far: the optimiser's day
 * then starts at the arrival airport after landing, or ends at the airport before the flight home.
 * Wishes go from the stored 1-10 scale to the optimiser's 1-5.
 */
export function buildProblem(
  trip: TripForProblem,
  places: PlaceForProblem[],
  settings: OptimizationSettings,
  context: { hotels?: HotelNight[]; flights?: FlightPlan } = {},
) {
  const wished = places.filter((p) => p.wishes.length > 0);
  const centre = placesCentre(places) ?? departurePoint(trip) ?? { name: "Base", latitude: 0, longitude: 0 };
  const departure = departurePoint(trip) ?? centre;
  const back = returnPoint(trip) ?? departure;
  const flights = context.flights ?? { outbound: null, inbound: null };
  const home = haversineKm(ll(departure), ll(centre)) <= HOME_KM && !flights.outbound;
  const base = home ? departure : centre;
  const days = dates(trip.startDate, trip.endDate);
  const nightAt = (date: string): Point => {
    const hotel = context.hotels?.find((h) => h.date === date);
    return hotel ? { name: hotel.name, latitude: hotel.latitude, longitude: hotel.longitude } : base;
  };

  // Every distinct point a day starts or ends at is one location of the problem.
  const locations: Problem["locations"][number][] = [];
  const idOf = new Map<string, string>();
  const locate = (p: Point, kind: "departure" | "destination" | "airport") => {
    const key = `${p.latitude},${p.longitude}`;
    let id = idOf.get(key);
    if (!id) {
      id = `p${idOf.size}`;
      idOf.set(key, id);
      locations.push({ id, lat: p.latitude, lng: p.longitude, kind });
    }
    return id;
  };

  const dayStart = parseHhmm(DAY_START);
  const dayEnd = parseHhmm(DAY_END);
  const frames: DayFrame[] = [];
  const problemDays: Problem["days"] = days.map((date, i) => {
    const first = i === 0;
    const last = i === days.length - 1;
    const frame: DayFrame = {
      start: first ? departure : nightAt(days[i - 1]!),
      end: last ? back : nightAt(date),
      before: [],
      home: null,
    };
    let start = dayStart;
    let end = dayEnd;
    let from = locate(frame.start, first ? "departure" : "destination");
    let to = locate(frame.end, "destination");
    if (first && flights.outbound) {
      const { from: dep, to: arr } = flights.outbound;
      const atAirport = dayStart + groundMinutes(departure, dep);
      const takeOff = atAirport + CHECK_IN_MINUTES;
      const landed = takeOff + flightMinutes(dep, arr);
      frame.before = [
        systemVisit(dep, "departure", atAirport, atAirport, takeOff, groundMinutes(departure, dep), "car"),
        systemVisit(
          arr,
          "arrival",
          landed,
          landed,
          landed + LANDING_MINUTES,
          flightMinutes(dep, arr),
          "flight",
        ),
      ];
      start = landed + LANDING_MINUTES;
      from = locate(arr, "airport");
    }
    if (last && flights.inbound) {
      const { from: dep, to: arr } = flights.inbound;
      const flight = flightMinutes(dep, arr);
      const departAt = Math.max(
        EARLIEST_FLIGHT_HOME,
        dayEnd - groundMinutes(arr, back) - LANDING_MINUTES - flight,
      );
      frame.home = { departAt, flight: { from: dep, to: arr }, flightMinutes: flight };
      end = departAt - CHECK_IN_MINUTES;
      to = locate(dep, "airport");
    }
    // A day with no time left (a long flight) keeps one minute: the optimiser then plans nothing.
    start = Math.min(start, dayEnd - 1);
    end = Math.max(end, start + 1);
    frames.push(frame);
    return { date, start: formatHhmm(start), end: formatHhmm(end), from, to };
  });

  const members = [...new Set(wished.flatMap((p) => p.wishes.map((w) => w.userId)))];
  const problem: Problem = {
    members,
    locations: [
      ...locations,
      ...wished.map((p) => ({ id: p.id, lat: p.latitude, lng: p.longitude, kind: "place" as const })),
    ],
    mode: settings.preferredTransport,
    places: wished.map((p) => ({
      id: p.id,
      location: p.id,
      stayMinutes: p.stayMinutes,
      wishes: Object.fromEntries(p.wishes.map((w) => [w.userId, w.wishLevel / 2])),
      ...(p.preferredTimeOfDay ? { preferred: p.preferredTimeOfDay } : {}),
    })),
    days: problemDays,
    settings: { fairnessWeight: settings.fairnessWeight, includeMeals: settings.includeMeals },
    seed: 1,
    timeLimitMs: timeLimitFor(wished.length),
  };
  return { problem, frames };
}

/** Spec 2: system place ids begin with airport_, return_ or departure_. */
export function systemVisit(
  airport: Airport,
  role: "departure" | "arrival",
  arrive: number,
  start: number,
  end: number,
  travel: number,
  mode: string,
): SystemVisit {
  return {
    placeId: `airport_${airport.iata}_${role}`,
    name: airport.name,
    arrive: formatHhmm(arrive),
    start: formatHhmm(start),
    end: formatHhmm(end),
    travelMinutes: travel,
    mode,
    latitude: airport.latitude,
    longitude: airport.longitude,
    category: "airport",
    system: "airport",
  };
}

/** The flight home after the last day's visits: the two airports and the ground leg to the return point. */
export function homeStops(frame: DayFrame, arriveAtAirport: string, travel: number, mode: string) {
  const home = frame.home!;
  const landed = home.departAt + home.flightMinutes;
  // With nothing left to visit the group could reach the airport hours early: the stop shows check-in
  // time, and the hours before it are free.
  const at = Math.max(parseHhmm(arriveAtAirport), home.departAt - CHECK_IN_MINUTES);
  const visits = [
    systemVisit(home.flight.from, "departure", at, at, Math.max(at, home.departAt), travel, mode),
    systemVisit(
      home.flight.to,
      "arrival",
      landed,
      landed,
      landed + LANDING_MINUTES,
      home.flightMinutes,
      "flight",
    ),
  ];
  const ground = groundMinutes(home.flight.to, frame.end);
  return {
    visits,
    back: formatHhmm(landed + LANDING_MINUTES + ground),
    backTravelMinutes: ground,
    backMode: "car",
  };
}
