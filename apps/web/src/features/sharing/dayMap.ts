import type { ItineraryDay } from "@tabi/contracts";
import { isSystemVisit } from "../itinerary/edits";

// A day of the plan drawn as a small SVG for the printable page: the day's start, its stops in order
// and its end, projected into a box (equirectangular, longitude scaled by the cosine of the latitude,
// so a city's streets keep their shape), with numbered dots and a line between them. No tiles: paper
// and "Save as PDF" need nothing from the network.

export interface DayMapBox {
  width: number;
  height: number;
  /** Room kept around the points for the dots and their numbers. */
  padding: number;
}
export const DEFAULT_DAY_MAP_BOX: DayMapBox = { width: 320, height: 200, padding: 18 };

export type DayMapKind = "start" | "end" | "startEnd" | "visit" | "system";
export interface DayMapPoint {
  x: number;
  y: number;
  kind: DayMapKind;
  /** The visit's number in the day (1, 2, ...), as the printed list numbers it; null for other points. */
  order: number | null;
  name: string;
}
export interface DayMap {
  width: number;
  height: number;
  /** Start, stops and end, in the order travelled (a start and end at one place drawn once). */
  points: DayMapPoint[];
  /** The route: every point in order, end included even when it is the start. */
  line: [number, number][];
}

interface GeoPoint {
  lat: number;
  lng: number;
  kind: DayMapKind;
  order: number | null;
  name: string;
}

const round = (n: number) => Math.round(n * 10) / 10;
const samePlace = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;

/** The day's route as points in order: start, visits (numbered unless a system stop), end. */
export function dayRoute(day: ItineraryDay, tripPlaceIds?: ReadonlySet<string>): GeoPoint[] {
  const route: GeoPoint[] = [
    { lat: day.start.latitude, lng: day.start.longitude, kind: "start", order: null, name: day.start.name },
  ];
  let n = 0;
  for (const v of day.visits) {
    const system = isSystemVisit(v, tripPlaceIds);
    route.push({
      lat: v.latitude,
      lng: v.longitude,
      kind: system ? "system" : "visit",
      order: system ? null : ++n,
      name: v.name,
    });
  }
  route.push({ lat: day.end.latitude, lng: day.end.longitude, kind: "end", order: null, name: day.end.name });
  return route;
}

/**
 * Projects a day into the box. The points fill it as far as the box's shape allows and are centred;
 * a day at one spot sits in the middle. Longitudes are taken within 180° of the start, so a day across
 * the antimeridian stays in one piece.
 */
export function projectDay(
  day: ItineraryDay,
  box: DayMapBox = DEFAULT_DAY_MAP_BOX,
  tripPlaceIds?: ReadonlySet<string>,
): DayMap {
  const route = dayRoute(day, tripPlaceIds);
  const lng0 = route[0]!.lng;
  const unwrap = (lng: number) => lng0 + ((((lng - lng0 + 180) % 360) + 360) % 360) - 180;
  const lats = route.map((p) => p.lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.max(Math.cos((midLat * Math.PI) / 180), 0.01);
  // Plane coordinates: x east, y north (flipped for the SVG below).
  const plane = route.map((p) => ({ ...p, px: unwrap(p.lng) * k, py: p.lat }));
  const minX = Math.min(...plane.map((p) => p.px));
  const maxX = Math.max(...plane.map((p) => p.px));
  const minY = Math.min(...plane.map((p) => p.py));
  const maxY = Math.max(...plane.map((p) => p.py));
  const innerW = Math.max(box.width - 2 * box.padding, 0);
  const innerH = Math.max(box.height - 2 * box.padding, 0);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(
          spanX ? innerW / spanX : Number.POSITIVE_INFINITY,
          spanY ? innerH / spanY : Number.POSITIVE_INFINITY,
        );
  const offsetX = box.padding + (innerW - spanX * scale) / 2;
  const offsetY = box.padding + (innerH - spanY * scale) / 2;
  const projected = plane.map((p) => ({
    x: round(offsetX + (p.px - minX) * scale),
    y: round(offsetY + (maxY - p.py) * scale),
    kind: p.kind,
    order: p.order,
    name: p.name,
  }));

  const line = projected.map((p) => [p.x, p.y] as [number, number]);
  const first = route[0]!;
  const last = route[route.length - 1]!;
  const points = projected.slice();
  if (samePlace(first, last)) {
    points.pop();
    points[0] = { ...points[0]!, kind: "startEnd" };
  }
  return { width: box.width, height: box.height, points, line };
}

type Visit = ItineraryDay["visits"][number];
type Meal = ItineraryDay["meals"][number];
export type DayEntry =
  | { kind: "start"; time: string; name: string; nameKey?: string }
  | { kind: "visit"; visit: Visit; order: number | null; system: boolean }
  | { kind: "meal"; meal: Meal }
  | { kind: "end"; time: string; name: string; nameKey?: string; travelMinutes: number; mode: string };

/**
 * The day as the printed and shared pages list it: the start at its departure time, each visit (with
 * its number, system stops unnumbered) and each meal after the visit it follows, then the end.
 */
export function dayTimeline(day: ItineraryDay, tripPlaceIds?: ReadonlySet<string>): DayEntry[] {
  const meals = (after: string | null) =>
    day.meals.filter((m) => m.afterPlaceId === after).map((meal): DayEntry => ({ kind: "meal", meal }));
  const out: DayEntry[] = [
    { kind: "start", time: day.depart, name: day.start.name, nameKey: day.start.nameKey },
    ...meals(null),
  ];
  let n = 0;
  const placed = new Set<string | null>([null]);
  for (const visit of day.visits) {
    const system = isSystemVisit(visit, tripPlaceIds);
    out.push({ kind: "visit", visit, order: system ? null : ++n, system });
    out.push(...meals(visit.placeId));
    placed.add(visit.placeId);
  }
  // A meal after a visit that is no longer in the day still shows, before the end.
  out.push(
    ...day.meals.filter((m) => !placed.has(m.afterPlaceId)).map((meal): DayEntry => ({ kind: "meal", meal })),
  );
  out.push({
    kind: "end",
    time: day.back,
    name: day.end.name,
    nameKey: day.end.nameKey,
    travelMinutes: day.backTravelMinutes,
    mode: day.backMode,
  });
  return out;
}
