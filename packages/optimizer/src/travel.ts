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

/** Speeds, detours and overheads of the embedded model (no routing server). */
export const TRAVEL_MODEL = {
  /** Streets are not straight lines. */
  detour: 1.3,
  speedKmh: { walking: 5, public_transport: 25, car: 40, taxi: 40, flight: 700 } as Record<
    TravelMode,
    number
  >,
  /** Waiting and walking to the stop. */
  boardingMinutes: 10,
  /** Above this, any mode becomes a flight (with check-in and transfers). */
  flightAboveKm: 500,
  airportMinutes: 120,
};

/**
 * Door-to-door minutes from a to b by `mode` (whole minutes, rounded up). Walking beyond a few km is
 * not realistic, but the mode is the group's choice: the estimate only becomes a flight above
 * `flightAboveKm`.
 */
export function travelMinutes(a: LatLng, b: LatLng, mode: TravelMode): number {
  const km = haversineKm(a, b);
  if (km < 1e-6) return 0;
  const effective = km > TRAVEL_MODEL.flightAboveKm ? "flight" : mode;
  let minutes: number;
  if (effective === "flight") {
    minutes = (km / TRAVEL_MODEL.speedKmh.flight) * 60 + TRAVEL_MODEL.airportMinutes;
  } else {
    minutes = ((km * TRAVEL_MODEL.detour) / TRAVEL_MODEL.speedKmh[effective]) * 60;
    if (effective === "public_transport") minutes += TRAVEL_MODEL.boardingMinutes;
  }
  return Math.ceil(minutes - 1e-9);
}

/** The mode actually used on a leg by `travelMinutes` (flights take over above the threshold). */
export function legMode(a: LatLng, b: LatLng, mode: TravelMode): TravelMode {
  return haversineKm(a, b) > TRAVEL_MODEL.flightAboveKm ? "flight" : mode;
}

/** What kind of point an end of a leg is, for the mode guess. */
export type PointKind = "airport" | "departure" | "destination" | "place";

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
