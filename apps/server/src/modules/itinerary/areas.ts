import { haversineKm } from "@tabi/optimizer";
import { planText } from "../../i18n";
import type { FlightLookup } from "./flights";
import type { DayFrame, Point } from "./problem";

type Named = { name: string; latitude: number; longitude: number };

/** The names a plan gives a base of its own (problem.ts): "Base near your places", "Base". */
const BASE_KEYS = new Set([planText("server:plan.baseNearPlaces").key, planText("server:plan.base").key]);

const km = (a: Named | Point, b: Named | Point) =>
  haversineKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude });

/**
 * Each day's start and end with the area it is in (issue 25): the town nearest the point, from the
 * shipped gazetteer (`areaAt`, within 50 km). That is what the hotel dialog searches for a night, and
 * the name of a base the plan chose itself ("Base near your places" is a placeholder no hotel site
 * knows): the base is called after its town. Where no town is that near, a base (or a hotel booked
 * without a name) is in the area of the trip place nearest to it, and a point a member named (home, a
 * hotel) is in its own name's area. A base keeps the placeholder only when the trip has no places.
 */
export async function withAreas(frames: DayFrame[], geo: FlightLookup, places: Named[]): Promise<DayFrame[]> {
  const areas = new Map<string, Promise<string | null>>();
  const keyOf = (p: Point) => `${p.latitude},${p.longitude}`;
  const areaOf = (p: Point) => {
    const key = keyOf(p);
    let area = areas.get(key);
    if (!area) {
      area = (geo.areaAt?.(p.latitude, p.longitude) ?? Promise.resolve(null)).catch(() => null);
      areas.set(key, area);
    }
    return area;
  };
  const nearestPlace = (p: Point) =>
    places.reduce<Named | null>((best, q) => (!best || km(q, p) < km(best, p) ? q : best), null)?.name ??
    null;
  const named = async (p: Point): Promise<Point> => {
    const town = await areaOf(p);
    // A name only the plan gave ("Hotel" for a hotel booked without one) means nothing to a hotel site.
    const area = town ?? (p.nameKey ? nearestPlace(p) : p.name);
    if (!area) return p;
    // The base the plan chose is called after its area; a member's name (home, a hotel) stays.
    if (p.nameKey && BASE_KEYS.has(p.nameKey)) {
      const { nameKey: _key, ...rest } = p;
      return { ...rest, name: area, area };
    }
    return { ...p, area };
  };
  return Promise.all(
    frames.map(async (f) => ({ ...f, start: await named(f.start), end: await named(f.end) })),
  );
}
