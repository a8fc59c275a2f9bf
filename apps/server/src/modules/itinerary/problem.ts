import {
  DEFAULT_DAY_END,
  DEFAULT_DAY_START,
  type OptimizationSettings,
  SAME_AS_DEPARTURE,
} from "@tabi/contracts";
import {
  airportLegMode,
  formatHhmm,
  haversineKm,
  legMode,
  type Problem,
  parseHhmm,
  TRAVEL_MODEL,
  type TravelMode,
  travelMinutes,
} from "@tabi/optimizer";
import { planText } from "../../i18n";
import { windowsForDates } from "../places/opening-hours";
import { inDaylight } from "./daylight";

export interface PlaceForProblem {
  id: string;
  latitude: number;
  longitude: number;
  stayMinutes: number;
  preferredTimeOfDay: "morning" | "noon" | "afternoon" | "night" | null;
  wishes: { userId: string; wishLevel: number }[];
  /** OSM opening_hours (the place's own or its category's usual ones); absent: open. */
  openingHours?: string;
  /** Seen in daylight (a park, garden, viewpoint: daylight.ts `isOutdoor`): its hours cut to sunrise-sunset. */
  outdoor?: boolean;
  /** Locked by a member on the current plan: kept on this date (and start time). */
  lock?: { date: string; start?: string };
  /** Its date in the current plan, if any. */
  previousDate?: string;
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
  /** A name the plan gives (a base near the places): its catalogue key, for the reader's language. */
  nameKey?: string;
  /** The town the point is in (areas.ts): what a hotel search for the night there asks for. */
  area?: string;
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

/** A flight the group booked (issue 17): its times in minutes of its day (a landing past midnight > 1440). */
export interface BookedFlight {
  bookingId: string;
  flightNumber?: string;
  takeOff: number;
  landing: number;
}

/** A flight between two airports; `booked` when a flight booking gives its times. */
export interface FlightLeg {
  from: Airport;
  to: Airport;
  booked?: BookedFlight;
}

/** The trip's flights, chosen by `flightsFor` (issue 6: far departures; issue 17: flight bookings). */
export interface FlightPlan {
  outbound: FlightLeg | null;
  inbound: FlightLeg | null;
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
  bookingId?: string;
  flightNumber?: string;
}

/**
 * What the optimiser does not decide about a day: where it starts and ends, and the airport stops
 * before and after the visits. `after` times that depend on the plan are filled in by presentPlan.
 */
export interface DayFrame {
  start: Point;
  end: Point;
  before: SystemVisit[];
  /** When the group leaves the start for the airport, on a day that flies out (HH:MM). */
  depart?: string;
  /** The last day's flight home: airports after the visits, then the ground leg to the return place. */
  home: {
    departAt: number;
    flight: { from: Airport; to: Airport };
    flightMinutes: number;
    booked?: BookedFlight;
    /** How the group gets home from the arrival airport (`airportLegMode`). */
    groundMode: TravelMode;
  } | null;
}

/** Defaults of the day's shape; each trip sets its own in the optimise settings (issue 12). */
export const DAY_START = DEFAULT_DAY_START;
export const DAY_END = DEFAULT_DAY_END;
/** A night wish may run to here; the group is back at its base by then. */
export const NIGHT_END = "23:30";
/** After the day's last visit, time to get back to the base. */
const WAY_BACK_MINUTES = 120;
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

/** The trip's dates, first to last (at most MAX_DAYS). */
export function tripDates(start: string, end: string | null): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end ?? start}T00:00:00Z`);
  while (d <= last && out.length < MAX_DAYS) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * A safety cap only: the plan is decided by the solver's iteration budget (a normal trip takes about a
 * second), so the same trip gives the same plan however busy the machine is (issue 12).
 */
export const timeLimitFor = (places: number) => Math.min(60_000, 20_000 + 40 * places);

/** A seed from the trip's id: the same trip and wishes give the same plan on every press. */
export function seedFor(tripId: string): number {
  let h = 2166136261;
  for (let i = 0; i < tripId.length; i++) h = Math.imul(h ^ tripId.charCodeAt(i), 16777619);
  return (h >>> 0) % 2_147_483_647 || 1;
}

const ll = (p: Point) => ({ lat: p.latitude, lng: p.longitude });
/** The mode a ground leg reports: walking where that is quicker (an airport hotel across the road). */
const legModeAt = (a: Point, b: Point, mode: TravelMode) => legMode(ll(a), ll(b), mode);
export const flightMinutes = (a: Point, b: Point) =>
  Math.ceil((haversineKm(ll(a), ll(b)) / TRAVEL_MODEL.speedKmh.flight) * 60) + FLIGHT_EXTRA_MINUTES;
/**
 * To and from airports the group rides, whatever the trip's mode (`airportLegMode`, the optimiser's
 * rule for every leg with an airport at one end: spec 2 'Transport mode for a leg').
 */
const groundMinutes = (a: Point, b: Point, mode: TravelMode) => travelMinutes(ll(a), ll(b), mode);

/**
 * Where the group sleeps when nobody booked a hotel: the geometric median of the wished places (the
 * point nearest to all of them in sum), not their mean, so one far place does not pull the nights
 * away from the rest (issue 12: a Tokyo trip's nights 55 km out towards a place in Seoul).
 */
export function placesCentre(places: PlaceForProblem[]): Point | null {
  const wished = places.filter((p) => p.wishes.length > 0);
  if (wished.length === 0) return null;
  const pts = wished.map((p) => ({ lat: p.latitude, lng: p.longitude }));
  // Weiszfeld's iteration from the medoid (the place nearest to all others in sum).
  const sum = (c: { lat: number; lng: number }) => pts.reduce((s, q) => s + haversineKm(c, q), 0);
  let at = pts.reduce((best, q) => (sum(q) < sum(best) ? q : best), pts[0]!);
  for (let k = 0; k < 50; k++) {
    let wLat = 0;
    let wLng = 0;
    let wSum = 0;
    for (const q of pts) {
      const d = Math.max(haversineKm(at, q), 0.01);
      wLat += q.lat / d;
      wLng += q.lng / d;
      wSum += 1 / d;
    }
    const next = { lat: wLat / wSum, lng: wLng / wSum };
    if (haversineKm(at, next) < 0.001) break;
    at = sum(next) <= sum(at) ? next : at;
    if (at !== next) break;
  }
  const { text, key } = planText("server:plan.baseNearPlaces");
  return { name: text, nameKey: key, latitude: at.lat, longitude: at.lng };
}

/**
 * Places a day cannot reach from the trip's area by the chosen mode (there, the stay, and back within
 * the day): left out as 'too_far' (issue 12). The area is where the group sleeps: the hotels booked,
 * else the median of the places.
 */
export function tooFarPlaces(
  places: PlaceForProblem[],
  anchors: Point[],
  settings: Pick<OptimizationSettings, "preferredTransport" | "dayStart" | "dayEnd">,
): Set<string> {
  const dayMinutes =
    parseHhmm(settings.dayEnd ?? DAY_END) - parseHhmm(settings.dayStart ?? DAY_START) + WAY_BACK_MINUTES;
  const out = new Set<string>();
  if (anchors.length === 0) return out;
  for (const p of places) {
    const fits = anchors.some(
      (a) =>
        2 * travelMinutes(ll(a), { lat: p.latitude, lng: p.longitude }, settings.preferredTransport) +
          p.stayMinutes <=
        dayMinutes,
    );
    if (!fits) out.add(p.id);
  }
  return out;
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
 * A booked flight (issue 17) keeps its times: day 1's visits start no earlier than its landing plus
 * LANDING_MINUTES, and the last day's visits end by its take-off minus CHECK_IN_MINUTES.
 * A hotel booking's nights are the frames' ends and next starts, named after the hotel (check-in and
 * check-out times do not change the day's hours: the group drops the bags and goes on).
 * Wishes go from the stored 1-10 scale to the optimiser's 1-5.
 */
export function buildProblem(
  trip: TripForProblem,
  places: PlaceForProblem[],
  settings: OptimizationSettings,
  context: { hotels?: HotelNight[]; flights?: FlightPlan; seed?: number } = {},
) {
  // Places no day can reach from where the group sleeps are left out first: they must not pull the
  // nights towards them either.
  const allWished = places.filter((p) => p.wishes.length > 0);
  const hotelPoints = context.hotels?.length ? context.hotels : null;
  const anchors = hotelPoints ?? [placesCentre(allWished)].filter((p): p is Point => p !== null);
  const tooFar = tooFarPlaces(allWished, anchors, settings);
  const wished = allWished.filter((p) => !tooFar.has(p.id));
  const fallback = planText("server:plan.base");
  const centre = placesCentre(wished) ??
    departurePoint(trip) ?? { name: fallback.text, nameKey: fallback.key, latitude: 0, longitude: 0 };
  const departure = departurePoint(trip) ?? centre;
  const back = returnPoint(trip) ?? departure;
  const flights = context.flights ?? { outbound: null, inbound: null };
  const ground = airportLegMode(settings.preferredTransport);
  const home = haversineKm(ll(departure), ll(centre)) <= HOME_KM && !flights.outbound;
  const base = home ? departure : centre;
  const days = tripDates(trip.startDate, trip.endDate);
  const nightAt = (date: string): Point => {
    const hotel = context.hotels?.find((h) => h.date === date);
    if (!hotel) return base;
    const { date: _date, ...point } = hotel;
    return point;
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

  const dayStart = parseHhmm(settings.dayStart ?? DAY_START);
  const dayEnd = parseHhmm(settings.dayEnd ?? DAY_END);
  // The group is back at its base by then; later only when someone wished for a place at night.
  const nightWish = wished.some((p) => p.preferredTimeOfDay === "night");
  const backBy = Math.max(dayEnd + WAY_BACK_MINUTES, nightWish ? parseHhmm(NIGHT_END) : 0);
  const dateSet = tripDates(trip.startDate, trip.endDate);
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
    let end = backBy;
    let visitsEnd = dayEnd;
    let from = locate(frame.start, first ? "departure" : "destination");
    let to = locate(frame.end, "destination");
    if (first && flights.outbound) {
      const { from: dep, to: arr, booked } = flights.outbound;
      const toAirport = groundMinutes(departure, dep, ground);
      // Booked: at the airport CHECK_IN_MINUTES before its take-off; else the earliest flight of the day.
      const atAirport = booked ? Math.max(0, booked.takeOff - CHECK_IN_MINUTES) : dayStart + toAirport;
      const takeOff = booked?.takeOff ?? atAirport + CHECK_IN_MINUTES;
      const landed = booked?.landing ?? takeOff + flightMinutes(dep, arr);
      frame.depart = formatHhmm(Math.max(0, atAirport - toAirport));
      frame.before = [
        systemVisit(
          dep,
          "departure",
          atAirport,
          atAirport,
          takeOff,
          toAirport,
          legModeAt(departure, dep, ground),
          booked,
        ),
        systemVisit(
          arr,
          "arrival",
          landed,
          landed,
          landed + LANDING_MINUTES,
          landed - takeOff,
          "flight",
          booked,
        ),
      ];
      start = Math.max(start, landed + LANDING_MINUTES);
      from = locate(arr, "airport");
    }
    if (last && flights.inbound) {
      const { from: dep, to: arr, booked } = flights.inbound;
      const flight = booked ? booked.landing - booked.takeOff : flightMinutes(dep, arr);
      const departAt =
        booked?.takeOff ??
        Math.max(EARLIEST_FLIGHT_HOME, dayEnd - groundMinutes(arr, back, ground) - LANDING_MINUTES - flight);
      frame.home = {
        departAt,
        flight: { from: dep, to: arr },
        flightMinutes: flight,
        ...(booked ? { booked } : {}),
        groundMode: ground,
      };
      end = departAt - CHECK_IN_MINUTES;
      visitsEnd = Math.min(visitsEnd, end);
      to = locate(dep, "airport");
    }
    // A day with no time left (a long flight) keeps one minute: the optimiser then plans nothing.
    start = Math.min(start, dayEnd - 1);
    end = Math.max(end, start + 1);
    visitsEnd = Math.min(Math.max(visitsEnd, start + 1), end);
    frames.push(frame);
    return {
      date,
      start: formatHhmm(start),
      end: formatHhmm(end),
      visitsEnd: formatHhmm(visitsEnd),
      from,
      to,
    };
  });

  // Sorted, so the same wishes give the same problem whatever order the database returns them in.
  const members = [...new Set(wished.flatMap((p) => p.wishes.map((w) => w.userId)))].sort();
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
      ...openOn(p, dateSet),
      ...(p.lock && dateSet.includes(p.lock.date)
        ? { lock: { date: p.lock.date, ...(p.lock.start ? { start: p.lock.start } : {}) } }
        : {}),
      ...(p.previousDate && dateSet.includes(p.previousDate) ? { previousDate: p.previousDate } : {}),
    })),
    days: problemDays,
    settings: {
      fairnessWeight: settings.fairnessWeight,
      includeMeals: settings.includeMeals,
      // Travel is a cost, so neighbours share a day and days do not zigzag (issue 12).
      travelWeight: TRAVEL_WEIGHT,
      // The group's pace (issue 26); a plan stored before it has none: the optimiser's default.
      ...(settings.pace ? { pace: settings.pace } : {}),
    },
    seed: context.seed ?? 1,
    timeLimitMs: timeLimitFor(wished.length),
  };
  return { problem, frames, tooFar: [...tooFar] };
}

/** See `Settings.travelWeight`: an hour of travel costs about a third of an average visit. */
export const TRAVEL_WEIGHT = 1;

/**
 * The place's windows on each trip date: its hours (month ranges give each date its season), and for
 * an outdoor place only the daylight of that date there, unless someone wished for it at night.
 */
function openOn(p: PlaceForProblem, dates: string[]) {
  const open = p.openingHours ? windowsForDates(p.openingHours, dates) : undefined;
  if (p.outdoor && p.preferredTimeOfDay !== "night") return { open: inDaylight(open, dates, p) };
  return open ? { open } : {};
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
  booked?: BookedFlight,
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
    ...(booked ? { bookingId: booked.bookingId } : {}),
    ...(booked?.flightNumber ? { flightNumber: booked.flightNumber } : {}),
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
    systemVisit(
      home.flight.from,
      "departure",
      at,
      at,
      Math.max(at, home.departAt),
      travel,
      mode,
      home.booked,
    ),
    systemVisit(
      home.flight.to,
      "arrival",
      landed,
      landed,
      landed + LANDING_MINUTES,
      home.flightMinutes,
      "flight",
      home.booked,
    ),
  ];
  const ground = groundMinutes(home.flight.to, frame.end, home.groundMode);
  return {
    visits,
    back: formatHhmm(landed + LANDING_MINUTES + ground),
    backTravelMinutes: ground,
    backMode: legModeAt(home.flight.to, frame.end, home.groundMode),
  };
}
