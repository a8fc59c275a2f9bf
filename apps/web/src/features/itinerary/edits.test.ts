import type { ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { bestSlot, dropToEdit, inverseOf, isSystemVisit, optimisticDays, resizeMinutes } from "./edits";

const day = {
  day: 1,
  visits: [
    { placeId: "a", start: "09:00", end: "10:30" },
    { placeId: "b", start: "11:00", end: "12:00" },
  ],
} as unknown as ItineraryDay;

it("undoes each kind of edit", () => {
  expect(inverseOf({ type: "reorder", day: 1, from: 0, to: 1 }, [day])).toEqual({
    type: "reorder",
    day: 1,
    from: 1,
    to: 0,
  });
  expect(inverseOf({ type: "move", fromDay: 1, index: 0, toDay: 2, toIndex: 3 }, [day])).toEqual({
    type: "move",
    fromDay: 2,
    index: 3,
    toDay: 1,
    toIndex: 0,
  });
  expect(inverseOf({ type: "resize", day: 1, placeId: "a", stayMinutes: 30 }, [day])).toEqual({
    type: "resize",
    day: 1,
    placeId: "a",
    stayMinutes: 90,
  });
  expect(inverseOf({ type: "remove", day: 1, placeId: "b" }, [day])).toEqual({
    type: "insert",
    day: 1,
    placeId: "b",
    index: 1,
    stayMinutes: 60,
  });
  expect(inverseOf({ type: "insert", day: 1, placeId: "c", index: 0 }, [day])).toEqual({
    type: "remove",
    day: 1,
    placeId: "c",
  });
});

const v = (placeId: string, start: string, end: string, travelMinutes = 20) =>
  ({
    placeId,
    name: placeId.toUpperCase(),
    arrive: start,
    start,
    end,
    travelMinutes,
    category: "museum",
  }) as ItineraryDay["visits"][number];
const plan = [
  { day: 1, visits: [v("a", "09:00", "10:00"), v("b", "10:30", "11:30"), v("c", "12:00", "13:00")] },
  { day: 2, visits: [v("d", "09:00", "10:00"), v("e", "10:20", "12:20")] },
  { day: 3, visits: [] },
] as unknown as ItineraryDay[];
// The calendar's own scale: 1 px per minute from 06:00.
const yOf = (t: string) => {
  const [h, m] = t.split(":").map(Number) as [number, number];
  return (h - 6) * 60 + m;
};

describe("dropToEdit", () => {
  it("reorders within a day onto a visit", () => {
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "visit", day: 1, index: 2 }, yOf)).toEqual({
      edit: { type: "reorder", day: 1, from: 0, to: 2 },
    });
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "visit", day: 1, index: 0 }, yOf)).toBeNull();
  });
  it("moves across days before the visit dropped on, or by time on free space", () => {
    expect(dropToEdit(plan, { day: 1, index: 1 }, { kind: "visit", day: 2, index: 1 }, yOf)).toEqual({
      edit: { type: "move", fromDay: 1, index: 1, toDay: 2, toIndex: 1 },
    });
    // 13:00 on day 2: after both of its visits.
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "day", day: 2, y: yOf("13:00") }, yOf)).toEqual({
      edit: { type: "move", fromDay: 1, index: 0, toDay: 2, toIndex: 2 },
    });
    // 08:00 on day 2: first.
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "day", day: 2, y: yOf("08:00") }, yOf)).toEqual({
      edit: { type: "move", fromDay: 1, index: 0, toDay: 2, toIndex: 0 },
    });
    expect(dropToEdit(plan, { day: 2, index: 0 }, { kind: "day", day: 3, y: 300 }, yOf)).toEqual({
      edit: { type: "move", fromDay: 2, index: 0, toDay: 3, toIndex: 0 },
    });
  });
  it("reorders by time on a day's free space, the moving visit aside", () => {
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "day", day: 1, y: yOf("14:00") }, yOf)).toEqual({
      edit: { type: "reorder", day: 1, from: 0, to: 2 },
    });
    expect(dropToEdit(plan, { day: 1, index: 2 }, { kind: "day", day: 1, y: yOf("07:00") }, yOf)).toEqual({
      edit: { type: "reorder", day: 1, from: 2, to: 0 },
    });
    expect(dropToEdit(plan, { day: 1, index: 1 }, { kind: "day", day: 1, y: yOf("11:00") }, yOf)).toBeNull();
  });
  it("refuses a system place as a target", () => {
    const refused = { error: "Cannot reorder onto system places." };
    expect(dropToEdit(plan, { day: 1, index: 0 }, { kind: "system" }, yOf)).toEqual(refused);
    expect(
      dropToEdit(plan, { day: 1, index: 0 }, { kind: "visit", day: 2, index: 0, system: true }, yOf),
    ).toEqual(refused);
  });
});

describe("isSystemVisit", () => {
  it("knows airports, departure and return points by category, id or source", () => {
    expect(isSystemVisit({ placeId: "airport_KIX", category: "tourist_attraction" })).toBe(true);
    expect(isSystemVisit({ placeId: "return_1" })).toBe(true);
    expect(isSystemVisit({ placeId: "departure_1" })).toBe(true);
    expect(isSystemVisit({ placeId: "x", category: "airport" })).toBe(true);
    expect(isSystemVisit({ placeId: "x", category: "departure_point" })).toBe(true);
    expect(isSystemVisit({ placeId: "x", category: "final_destination" })).toBe(true);
    expect(isSystemVisit({ placeId: "x", category: "museum", source: "system" })).toBe(true);
    expect(isSystemVisit({ placeId: "x", category: "museum" })).toBe(false);
  });
  it("treats a visit that is not one of the trip's places as a system one", () => {
    const trip = new Set(["p1", "p2"]);
    expect(isSystemVisit({ placeId: "p1", category: "museum" }, trip)).toBe(false);
    expect(isSystemVisit({ placeId: "KIX", category: "transportation" }, trip)).toBe(true);
    // Places not loaded yet: no guess.
    expect(isSystemVisit({ placeId: "KIX", category: "museum" }, new Set())).toBe(false);
  });
});

describe("resizeMinutes", () => {
  it("is 1 px per minute, snapped to 5, at least 15", () => {
    expect(resizeMinutes(60, 0)).toBe(60);
    expect(resizeMinutes(60, 31)).toBe(90);
    expect(resizeMinutes(60, -22)).toBe(40);
    expect(resizeMinutes(60, -200)).toBe(15);
    expect(resizeMinutes(45, 2)).toBe(45);
  });
});

describe("optimisticDays", () => {
  it("shows a reorder, a move and a resize at once, keeping stays and legs", () => {
    const r = optimisticDays(plan, { type: "reorder", day: 1, from: 0, to: 2 });
    expect(r[0]!.visits.map((x) => [x.placeId, x.start, x.end])).toEqual([
      ["b", "09:00", "10:00"],
      ["c", "10:20", "11:20"],
      ["a", "11:40", "12:40"],
    ]);
    expect(plan[0]!.visits[0]!.placeId).toBe("a");
    const m = optimisticDays(plan, { type: "move", fromDay: 1, index: 0, toDay: 2, toIndex: 1 });
    expect(m[0]!.visits.map((x) => x.placeId)).toEqual(["b", "c"]);
    expect(m[1]!.visits.map((x) => [x.placeId, x.start])).toEqual([
      ["d", "09:00"],
      ["a", "10:20"],
      ["e", "11:40"],
    ]);
    const s = optimisticDays(plan, { type: "resize", day: 2, placeId: "d", stayMinutes: 90 });
    expect(s[1]!.visits.map((x) => [x.start, x.end])).toEqual([
      ["09:00", "10:30"],
      ["10:50", "12:50"],
    ]);
    expect(optimisticDays(plan, { type: "remove", day: 1, placeId: "b" })[0]!.visits).toHaveLength(2);
  });
});

describe("locks", () => {
  it("shows a lock and an unlock at once, times untouched, the plan before it unchanged", () => {
    const locked = optimisticDays(plan, { type: "lock", day: 1, placeId: "b", lock: "day" });
    expect(locked[0]!.visits[1]).toEqual({ ...plan[0]!.visits[1], locked: "day" });
    expect(plan[0]!.visits[1]!.locked).toBeUndefined();
    const unlocked = optimisticDays(locked, { type: "lock", day: 1, placeId: "b", lock: null });
    expect(unlocked[0]!.visits[1]).toEqual(plan[0]!.visits[1]);
    expect("locked" in unlocked[0]!.visits[1]!).toBe(false);
    // A visit the day does not have: the plan as it was.
    expect(optimisticDays(plan, { type: "lock", day: 2, placeId: "b", lock: "time" })).toBe(plan);
  });
  it("undoes a lock with the lock the visit had before", () => {
    const before = optimisticDays(plan, { type: "lock", day: 1, placeId: "a", lock: "time" });
    expect(inverseOf({ type: "lock", day: 1, placeId: "a", lock: "day" }, before)).toEqual({
      type: "lock",
      day: 1,
      placeId: "a",
      lock: "time",
    });
    expect(inverseOf({ type: "lock", day: 1, placeId: "b", lock: "day" }, plan)).toEqual({
      type: "lock",
      day: 1,
      placeId: "b",
      lock: null,
    });
  });
});

describe("Move to another day", () => {
  const at = (placeId: string, latitude: number, longitude: number, system?: "airport") => ({
    placeId,
    latitude,
    longitude,
    ...(system ? { system } : {}),
  });
  // A day going east along a line, from the station to a hotel further east.
  const line = {
    day: 2,
    start: { name: "Station", latitude: 35, longitude: 135.7 },
    end: { name: "Hotel", latitude: 35, longitude: 135.95 },
    visits: [at("w", 35, 135.72), at("m", 35, 135.75), at("e", 35, 135.8)],
  } as unknown as ItineraryDay;

  it("puts a visit where it lengthens the day's route least, not first", () => {
    expect(bestSlot(line, { latitude: 35, longitude: 135.735 })).toBe(1); // between w and m
    expect(bestSlot(line, { latitude: 35, longitude: 135.77 })).toBe(2); // between m and e
    expect(bestSlot(line, { latitude: 35, longitude: 135.71 })).toBe(0); // on the way to w
    expect(bestSlot(line, { latitude: 35, longitude: 135.9 })).toBe(3); // past e, on the way to the hotel
  });

  it("keeps a day's airport stops where they are", () => {
    const flying = {
      ...line,
      visits: [at("kix", 34.43, 135.23, "airport"), ...line.visits, at("itm", 34.78, 135.43, "airport")],
    } as unknown as ItineraryDay;
    expect(bestSlot(flying, { latitude: 35, longitude: 135.71 })).toBeGreaterThanOrEqual(1);
    expect(bestSlot(flying, { latitude: 35, longitude: 135.9 })).toBeLessThanOrEqual(4);
    expect(bestSlot(flying, { latitude: 35, longitude: 135.735 })).toBe(2);
  });

  it("takes the first slot of an empty day", () => {
    expect(
      bestSlot({ ...line, visits: [] } as unknown as ItineraryDay, { latitude: 35, longitude: 136 }),
    ).toBe(0);
  });
});
