/** The default travel model and the spec's transport-mode rules (spec 2, sections 4 and 9). */

export type TravelMode = "walking" | "public_transport" | "car" | "taxi" | "flight";

export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * One way of covering a leg: door-to-door minutes are `overheadMinutes + km * detour / speedKmh * 60`
 * on the great-circle km. A band serves legs of at least `fromKm`.
 */
export interface TravelBand {
  name: string;
  fromKm: number;
  /** Average speed while moving, stops and lights included. */
  speedKmh: number;
  /** Route length over the great-circle distance. */
  detour: number;
  /** Fixed minutes per leg: getting to and from the vehicle, waiting, transfers. */
  overheadMinutes: number;
}

const WALK: TravelBand = { name: "walk", fromKm: 0, speedKmh: 4.8, detour: 1.3, overheadMinutes: 0 };

/**
 * The embedded model (no routing server). A leg takes the quickest band open to it, walking included:
 * nobody boards a tram or fetches the car for a few hundred metres. Each band's overhead is set so that
 * it never starts below what the shorter bands already give at its `fromKm`: a longer leg is then never
 * quicker, and no detour through a third place is quicker than going straight. Longer bands carry more
 * overhead because their stations are farther apart and need a transfer.
 */
export const TRAVEL_MODEL = {
  /**
   * Tourists walk at about 4.8 km/h (lights, crowds, finding the way); streets add ~30% to the straight
   * line (circuity studies find 1.2-1.4 in cities). 1 km of map distance is 17 minutes.
   */
  walking: WALK,
  /**
   * Public transport by distance band. Below ~1.2 km walking wins (a tram for 500 m is slower once the
   * walk to the stop and the wait are counted), which the city band's 15 min overhead gives by itself.
   */
  publicTransport: [
    // Bus, tram or a few metro stops: ~5 min to the stop, ~5 min wait, ~4 min from the stop; buses and
    // trams average 15-20 km/h in traffic, a short metro ride more.
    { name: "city", fromKm: 1.2, speedKmh: 20, detour: 1.3, overheadMinutes: 15 },
    // Metro and suburban rail (Tokyo Metro ~33 km/h, RER/S-Bahn 45-50): deeper stations, often a
    // transfer. 10 km is about 42 minutes door to door.
    { name: "metro", fromKm: 4, speedKmh: 40, detour: 1.2, overheadMinutes: 24 },
    // Regional and rapid trains (60-80 km/h between main stations): first a ride to a main station,
    // trains every 15-30 minutes. Kyoto-Nara (35 km) is about 72 minutes door to door.
    { name: "regional", fromKm: 15, speedKmh: 70, detour: 1.15, overheadMinutes: 37 },
  ] as readonly TravelBand[],
  /**
   * Car and taxi: city streets at ~25 km/h, arterial roads beyond 10 km, motorways beyond 40 km. The
   * overheads of the longer bands stand for the city streets at both ends.
   */
  road: [
    { name: "urban", fromKm: 0, speedKmh: 25, detour: 1.3, overheadMinutes: 0 },
    { name: "arterial", fromKm: 10, speedKmh: 55, detour: 1.25, overheadMinutes: 18 },
    { name: "motorway", fromKm: 40, speedKmh: 90, detour: 1.2, overheadMinutes: 41 },
  ] as readonly TravelBand[],
  /** On top of the road bands: walking from a car park; hailing or calling a taxi (no parking). */
  roadOverheadMinutes: { car: 8, taxi: 5 },
  /** Only when the mode asked is "flight" (booked flights are planned elsewhere). */
  speedKmh: { flight: 700 },
  /** Check-in, security, boarding and baggage around a flight. */
  airportMinutes: 120,
};

const bandMinutes = (band: TravelBand, km: number, extra = 0) =>
  band.overheadMinutes + extra + ((km * band.detour) / band.speedKmh) * 60;

/** Every way open to `mode`, each with the mode reported for a leg that takes it. */
function optionsFor(mode: TravelMode): { band: TravelBand; extra: number; mode: TravelMode }[] {
  const walk = { band: WALK, extra: 0, mode: "walking" as const };
  switch (mode) {
    case "walking":
      return [walk];
    case "public_transport":
      return [walk, ...TRAVEL_MODEL.publicTransport.map((band) => ({ band, extra: 0, mode }))];
    case "car":
    case "taxi": {
      const extra = TRAVEL_MODEL.roadOverheadMinutes[mode];
      return [walk, ...TRAVEL_MODEL.road.map((band) => ({ band, extra, mode }))];
    }
    default:
      return [];
  }
}

/** The quickest way over `km` by `mode`: fractional minutes and the mode it actually uses. */
export function quickestLeg(km: number, mode: TravelMode): { minutes: number; mode: TravelMode } {
  if (mode === "flight")
    return { minutes: (km / TRAVEL_MODEL.speedKmh.flight) * 60 + TRAVEL_MODEL.airportMinutes, mode };
  let best: { minutes: number; mode: TravelMode } = { minutes: Number.POSITIVE_INFINITY, mode };
  for (const option of optionsFor(mode)) {
    if (km < option.band.fromKm) continue;
    const minutes = bandMinutes(option.band, km, option.extra);
    if (minutes < best.minutes) best = { minutes, mode: option.mode };
  }
  return best;
}

/**
 * Door-to-door minutes from a to b by `mode` (whole minutes, rounded up). Only the "flight" mode flies:
 * a walking or transit leg of 700 km is simply very long (the server leaves such places out).
 */
export function travelMinutes(a: LatLng, b: LatLng, mode: TravelMode): number {
  const km = haversineKm(a, b);
  if (km < 1e-6) return 0;
  return Math.ceil(quickestLeg(km, mode).minutes - 1e-9);
}

/** The mode actually used on a leg by `travelMinutes`: walking where it is quicker than `mode`. */
export function legMode(a: LatLng, b: LatLng, mode: TravelMode): TravelMode {
  const km = haversineKm(a, b);
  return km < 1e-6 ? mode : quickestLeg(km, mode).mode;
}

/**
 * The great-circle km reachable one way within `minutes` by `mode`: `travelMinutes` is at most
 * `minutes` for any leg up to this distance and above it beyond (it never falls with distance).
 */
export function maxReachKm(mode: TravelMode, minutes: number): number {
  if (!(minutes > 0)) return 0;
  if (mode === "flight")
    return Math.max(0, ((minutes - TRAVEL_MODEL.airportMinutes) / 60) * TRAVEL_MODEL.speedKmh.flight);
  let reach = 0;
  for (const { band, extra } of optionsFor(mode)) {
    const km = ((minutes - band.overheadMinutes - extra) / 60) * (band.speedKmh / band.detour);
    if (km >= band.fromKm) reach = Math.max(reach, km);
  }
  return reach;
}

/** What kind of point an end of a leg is, for the mode guess. */
export type PointKind = "airport" | "departure" | "destination" | "place";

/**
 * How the group gets to or from an airport: by car or public transport whatever the trip's mode
 * (spec 2 'Transport mode for a leg': a leg with an airport at one end is a car). Public transport,
 * car and taxi trips keep their own mode; a walking trip rides (nobody walks the 40 km from Itami to
 * Kyoto with the bags, issue 25).
 */
export function airportLegMode(mode: TravelMode): TravelMode {
  return mode === "walking" ? "car" : mode;
}

/**
 * The mode a leg between two points is travelled by when the group's mode is `mode`: that mode, except
 * on a leg from or to an airport (`airportLegMode`). The one rule for the optimiser's travel times, the
 * mode each leg of a plan reports, and the server's ground legs to and from its flights.
 */
export function legTravelMode(
  mode: TravelMode,
  a: { kind?: PointKind },
  b: { kind?: PointKind },
): TravelMode {
  return a.kind === "airport" || b.kind === "airport" ? airportLegMode(mode) : mode;
}

export interface GuessEnd extends LatLng {
  kind?: PointKind;
}

/** Thresholds in degrees: the map uses the defaults; the leg dialog 0.01 for car (spec 2 section 4). */
export interface GuessThresholds {
  carDegrees: number;
  flightDegrees: number;
}

export const MAP_THRESHOLDS: GuessThresholds = { carDegrees: 0.1, flightDegrees: 5 };
export const DIALOG_THRESHOLDS: GuessThresholds = { carDegrees: 0.01, flightDegrees: 5 };

const SYSTEM_ENDS: readonly PointKind[] = ["airport", "departure", "destination"];

/**
 * The spec's guess: flight if both ends are airports or departure/destination points, or the gap is above
 * the flight threshold; car if the gap is above the car threshold or an airport is involved; else walking.
 * The gap is the larger of the latitude and longitude differences, in degrees.
 */
export function guessMode(
  a: GuessEnd,
  b: GuessEnd,
  thresholds: GuessThresholds = MAP_THRESHOLDS,
): TravelMode {
  const gap = Math.max(Math.abs(a.lat - b.lat), Math.abs(a.lng - b.lng));
  const bothSystem = SYSTEM_ENDS.includes(a.kind ?? "place") && SYSTEM_ENDS.includes(b.kind ?? "place");
  if (bothSystem || gap > thresholds.flightDegrees) return "flight";
  if (gap > thresholds.carDegrees || a.kind === "airport" || b.kind === "airport") return "car";
  return "walking";
}

/** Keyword detection on a free mode text: flight/plane/air, car/drive/taxi, walk/foot; else null. */
export function modeFromText(text: string | null | undefined): TravelMode | null {
  const t = (text ?? "").toLowerCase();
  if (/flight|plane|air/.test(t)) return "flight";
  if (/car|drive|taxi/.test(t)) return "car";
  if (/walk|foot/.test(t)) return "walking";
  return null;
}

/**
 * Mode of the leg into a place: the later place's explicit mode, else the earlier's, else the guess.
 */
export function modeForLeg(
  earlier: GuessEnd & { mode?: TravelMode | null },
  later: GuessEnd & { mode?: TravelMode | null },
  thresholds: GuessThresholds = MAP_THRESHOLDS,
): TravelMode {
  return later.mode ?? earlier.mode ?? guessMode(earlier, later, thresholds);
}
