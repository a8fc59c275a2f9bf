import type { OptimizationSettings } from "@tabi/contracts";
import { haversineKm, type Problem } from "@tabi/optimizer";

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
  startDate: string;
  endDate: string | null;
}

export const DAY_START = "08:00";
export const DAY_END = "22:00";
const MAX_DAYS = 31;
/** Beyond this the departure is another city: days start from a base among the places instead. */
export const FAR_KM = 300;

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

/**
 * The trip as the optimiser's problem. Every day runs 08:00-22:00 from and back to the base: the
 * departure when it is near the places, else the centre of the places (a hotel booking will replace
 * it once bookings exist). Wishes go from the stored 1-10 scale to the optimiser's 1-5.
 */
export function buildProblem(
  trip: TripForProblem,
  places: PlaceForProblem[],
  settings: OptimizationSettings,
) {
  const wished = places.filter((p) => p.wishes.length > 0);
  const lat = wished.reduce((s, p) => s + p.latitude, 0) / Math.max(1, wished.length);
  const lng = wished.reduce((s, p) => s + p.longitude, 0) / Math.max(1, wished.length);
  const hasDeparture = trip.departureLatitude != null && trip.departureLongitude != null;
  const nearDeparture =
    hasDeparture &&
    haversineKm({ lat, lng }, { lat: trip.departureLatitude!, lng: trip.departureLongitude! }) <= FAR_KM;
  const base = nearDeparture
    ? { name: trip.departureLocation, latitude: trip.departureLatitude!, longitude: trip.departureLongitude! }
    : { name: "Base near your places", latitude: lat, longitude: lng };

  const members = [...new Set(wished.flatMap((p) => p.wishes.map((w) => w.userId)))];
  const problem: Problem = {
    members,
    locations: [
      { id: "base", lat: base.latitude, lng: base.longitude, kind: "departure" },
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
    days: dates(trip.startDate, trip.endDate).map((date) => ({
      date,
      start: DAY_START,
      end: DAY_END,
      from: "base",
      to: "base",
    })),
    settings: { fairnessWeight: settings.fairnessWeight, includeMeals: settings.includeMeals },
    seed: 1,
    timeLimitMs: timeLimitFor(wished.length),
  };
  return { problem, base };
}
