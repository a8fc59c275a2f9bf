import type { ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { dayRoute, dayTimeline, projectDay } from "./dayMap";

type Visit = ItineraryDay["visits"][number];
const visit = (placeId: string, latitude: number, longitude: number, extra: Partial<Visit> = {}): Visit => ({
  placeId,
  name: placeId,
  arrive: "09:00",
  start: "09:00",
  end: "10:00",
  travelMinutes: 10,
  mode: "walking",
  latitude,
  longitude,
  category: "temple",
  ...extra,
});
const day = (visits: Visit[], start = { latitude: 35, longitude: 135 }, end = start): ItineraryDay => ({
  day: 1,
  date: "2026-12-10",
  depart: "08:30",
  back: "18:00",
  backTravelMinutes: 15,
  backMode: "walking",
  start: { name: "Hotel", ...start },
  end: { name: "Hotel", ...end },
  visits,
  meals: [],
});
const box = { width: 300, height: 200, padding: 20 };

describe("projectDay (the printable page's map of a day)", () => {
  it("keeps every point inside the box, padding included", () => {
    const map = projectDay(
      day([visit("a", 35.01, 135.77), visit("b", 34.97, 135.73), visit("c", 35.04, 135.79)], {
        latitude: 34.99,
        longitude: 135.76,
      }),
      box,
    );
    for (const p of map.points) {
      expect(p.x).toBeGreaterThanOrEqual(20);
      expect(p.x).toBeLessThanOrEqual(280);
      expect(p.y).toBeGreaterThanOrEqual(20);
      expect(p.y).toBeLessThanOrEqual(180);
    }
    expect(map).toMatchObject({ width: 300, height: 200 });
  });

  it("puts north up and east right, and fills the box along the longer side", () => {
    const map = projectDay(
      day([visit("north", 35.1, 135), visit("east", 35, 135.2)], { latitude: 35, longitude: 135 }),
      box,
    );
    const [start, north, east] = map.points;
    expect(north!.y).toBeLessThan(start!.y);
    expect(east!.x).toBeGreaterThan(start!.x);
    // East-west is the longer side here (0.2° of longitude at 35°N is ~18 km, 0.1° of latitude ~11 km).
    expect(start!.x).toBe(20);
    expect(east!.x).toBe(280);
  });

  it("keeps the shape: a degree of longitude is shorter than one of latitude away from the equator", () => {
    const map = projectDay(day([visit("ne", 60.1, 10.1)], { latitude: 60, longitude: 10 }), {
      width: 400,
      height: 400,
      padding: 0,
    });
    const [start, ne] = map.points;
    const dx = ne!.x - start!.x;
    const dy = start!.y - ne!.y;
    expect(dx / dy).toBeCloseTo(Math.cos((60.05 * Math.PI) / 180), 2);
  });

  it("numbers the visits as the list does, skipping system stops, and draws a shared start and end once", () => {
    const map = projectDay(
      day([
        visit("a", 35.01, 135.77),
        visit("airport_KIX_departure", 34.43, 135.23, { category: "airport", system: "airport" }),
        visit("b", 34.97, 135.73),
      ]),
      box,
    );
    expect(map.points.map((p) => [p.kind, p.order])).toEqual([
      ["startEnd", null],
      ["visit", 1],
      ["system", null],
      ["visit", 2],
    ]);
    // The line still returns to the end.
    expect(map.line).toHaveLength(5);
    expect(map.line[4]).toEqual(map.line[0]);
  });

  it("draws a start and an end at different places as two points", () => {
    const map = projectDay(
      day([visit("a", 35, 135.5)], { latitude: 35, longitude: 135 }, { latitude: 34.7, longitude: 135.5 }),
      box,
    );
    expect(map.points.map((p) => p.kind)).toEqual(["start", "visit", "end"]);
  });

  it("centres a day spent at one spot, and a day with no visits", () => {
    const map = projectDay(day([visit("a", 35, 135)]), box);
    expect(map.points.map((p) => [p.x, p.y])).toEqual([
      [150, 100],
      [150, 100],
    ]);
    expect(projectDay(day([]), box).points).toEqual([
      { x: 150, y: 100, kind: "startEnd", order: null, name: "Hotel" },
    ]);
  });

  it("keeps a day across the antimeridian in one piece", () => {
    const map = projectDay(day([visit("fiji-east", -17, -179.9)], { latitude: -17, longitude: 179.9 }), box);
    const [start, east] = map.points;
    // 0.2° apart, not 359.8°: the visit is just east of the start.
    expect(east!.x).toBeGreaterThan(start!.x);
  });

  it("marks the trip's own places as visits and anything else as a system stop", () => {
    const route = dayRoute(day([visit("p1", 35, 135), visit("hotel-x", 35, 135.1)]), new Set(["p1"]));
    expect(route.map((p) => p.kind)).toEqual(["start", "visit", "system", "end"]);
  });
});

describe("dayTimeline (the day as the shared and printed pages list it)", () => {
  it("lists start, visits with their numbers, meals after the visit they follow, and the end", () => {
    const d = {
      ...day([
        visit("a", 35, 135),
        visit("airport_KIX_arrival", 34.4, 135.2, { category: "airport" }),
        visit("b", 35, 135.1),
      ]),
      meals: [
        { kind: "lunch", start: "12:00", end: "13:00", afterPlaceId: "a" },
        { kind: "breakfast", start: "07:30", end: "08:00", afterPlaceId: null },
        { kind: "dinner", start: "19:00", end: "20:00", afterPlaceId: "gone" },
      ],
    };
    expect(
      dayTimeline(d).map((e) =>
        e.kind === "visit"
          ? `${e.visit.placeId}#${e.order ?? "-"}`
          : e.kind === "meal"
            ? e.meal.kind
            : e.kind,
      ),
    ).toEqual(["start", "breakfast", "a#1", "lunch", "airport_KIX_arrival#-", "b#2", "dinner", "end"]);
  });
});
