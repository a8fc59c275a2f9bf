import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { reschedule } from "../src/reschedule";
import { solveSync } from "../src/solve";
import type { Problem } from "../src/types";

const problem: Problem = {
  members: ["a"],
  locations: [
    { id: "hotel", lat: 0, lng: 0 },
    { id: "x", lat: 0, lng: 0 },
  ],
  matrixMinutes: [
    [0, 30],
    [30, 0],
  ],
  places: [
    { id: "museum", location: "x", stayMinutes: 120, wishes: { a: 5 }, open: [["10:00", "17:00"]] },
    { id: "park", location: "x", stayMinutes: 60, wishes: { a: 3 } },
    { id: "bar", location: "x", stayMinutes: 60, wishes: { a: 1 }, open: [["19:00", "23:00"]] },
  ],
  days: [{ date: "2026-05-04", start: "09:00", end: "18:00", from: "hotel", to: "hotel" }],
  settings: { fairnessWeight: 0, includeMeals: true },
};

describe("reschedule", () => {
  const plan = solveSync(problem);
  const day = plan.days[0]!;

  it("starts from a checked plan", () => {
    expect(checkPlan(problem, plan).errors).toEqual([]);
    expect(day.visits.map((v) => v.placeId).sort()).toEqual(["museum", "park"]);
  });

  it("recomputes the times after a reorder without violations", () => {
    const order = day.visits.map((v) => v.placeId);
    const { day: moved, violations } = reschedule(problem, day, [{ type: "reorder", from: 0, to: 1 }]);
    expect(moved.visits.map((v) => v.placeId)).toEqual([order[1], order[0]]);
    expect(violations).toEqual([]);
  });

  it("moves a day's first visit one step later without taking the meals along", () => {
    // Two visits, lunch and dinner after the last: "Later" on the first swaps the two, and the meals
    // stay where they were in the day (they once followed the visit and pushed the other into the night).
    const long: Problem = {
      ...problem,
      places: problem.places.filter((p) => p.id !== "bar"),
      days: [{ ...problem.days[0]!, end: "22:00" }],
    };
    const planned = solveSync(long).days[0]!;
    const [first, second] = planned.visits.map((v) => v.placeId);
    expect(planned.meals.map((m) => [m.kind, m.afterPlaceId])).toEqual([
      ["lunch", second],
      ["dinner", second],
    ]);
    const { day: later, violations } = reschedule(long, planned, [{ type: "reorder", from: 0, to: 1 }]);
    expect(later.visits.map((v) => v.placeId)).toEqual([second, first]);
    expect(later.meals.map((m) => [m.kind, m.afterPlaceId])).toEqual([
      ["lunch", first],
      ["dinner", first],
    ]);
    expect(later.visits[1]!.end <= later.meals[0]!.start).toBe(true);
    expect(violations).toEqual([]);
  });

  it("says a place open at any hour ran past the day's visits, not that it was closed", () => {
    const short: Problem = {
      ...problem,
      places: problem.places.filter((p) => p.id !== "bar"),
      days: [{ ...problem.days[0]!, end: "22:00", visitsEnd: "18:00" }],
    };
    const planned = solveSync(short).days[0]!;
    expect(planned.visits.map((v) => v.placeId)).toEqual(["museum", "park"]);
    // The museum (10:00-17:00) for eight hours: the park, open at all hours, comes after 18:00.
    const { violations } = reschedule(short, planned, [
      { type: "resize", placeId: "museum", stayMinutes: 480 },
    ]);
    expect(violations.find((v) => v.placeId === "park")).toMatchObject({
      kind: "visits_end",
      message: expect.stringMatching(
        /^"park" \d\d:\d\d-\d\d:\d\d runs past the end of the day's visits 18:00$/,
      ),
    });
    expect(violations.filter((v) => v.kind === "closed").map((v) => v.placeId)).not.toContain("park");
  });

  it("reports a day that runs past its end after a resize", () => {
    const { violations } = reschedule(problem, day, [
      { type: "resize", placeId: "museum", stayMinutes: 420 },
    ]);
    expect(violations.map((v) => v.kind)).toContain("day_end");
  });

  it("reports what an insertion breaks instead of hiding it", () => {
    // The bar opens at 19:00: the group waits for it, so the museum closes and the day runs late.
    const { day: withBar, violations } = reschedule(problem, day, [
      { type: "insert", placeId: "bar", index: 0 },
    ]);
    expect(withBar.visits[0]).toMatchObject({ placeId: "bar", start: "19:00" });
    expect(violations).toContainEqual(expect.objectContaining({ kind: "closed", placeId: "museum" }));
    expect(violations.map((v) => v.kind)).toContain("day_end");
  });

  it("says a time-of-day wish the edit lost, and not one the plan had already missed", () => {
    const wished: Problem = {
      ...problem,
      places: [
        { id: "garden", location: "x", stayMinutes: 60, wishes: { a: 5 }, preferred: "morning" },
        { id: "museum", location: "x", stayMinutes: 180, wishes: { a: 4 }, open: [["10:00", "17:00"]] },
      ],
    };
    const planned = solveSync(wished).days[0]!;
    expect(planned.visits.map((v) => v.placeId)).toEqual(["garden", "museum"]);
    // The garden after three hours of museum: 14:30, past the morning it was wished for.
    const { day: later, violations } = reschedule(wished, planned, [{ type: "reorder", from: 0, to: 1 }]);
    expect(later.visits.map((v) => v.placeId)).toEqual(["museum", "garden"]);
    expect(violations).toEqual([
      {
        kind: "time_of_day",
        placeId: "garden",
        preferred: "morning",
        message: expect.stringMatching(
          /^"garden" \d\d:\d\d-\d\d:\d\d is not in the morning it was wished for$/,
        ),
      },
    ]);
    // Editing that day again does not say it anew: the wish was already lost before this edit.
    const again = reschedule(wished, later, [{ type: "resize", placeId: "museum", stayMinutes: 150 }]);
    expect(again.violations).toEqual([]);
  });

  it("keeps lunch when the visit it followed is removed", () => {
    const { day: less, violations } = reschedule(problem, day, [{ type: "remove", placeId: "museum" }]);
    expect(less.visits.map((v) => v.placeId)).toEqual(["park"]);
    expect(less.meals.map((m) => m.kind)).toEqual(day.meals.map((m) => m.kind));
    expect(violations).toEqual([]);
  });

  describe("a restaurant added from the lunch button", () => {
    const noodles = { id: "noodles", location: "x", stayMinutes: 60, wishes: { a: 3 }, preferred: "noon" };
    const withNoodles: Problem = { ...problem, places: [...problem.places, noodles] as Problem["places"] };
    // At the start of the day: the group would be there at 09:30, so the visit waits for 12:00.
    const { day: withLunch, violations } = reschedule(withNoodles, day, [
      { type: "insert", placeId: "noodles", index: 0, stayMinutes: 60, meal: "lunch" },
    ]);

    it("is lunch at 12:00, in place of the lunch break", () => {
      expect(withLunch.visits[0]).toMatchObject({ placeId: "noodles", start: "12:00", end: "13:00" });
      const lunches = withLunch.meals.filter((m) => m.kind === "lunch");
      expect(lunches).toEqual([
        { kind: "lunch", start: "12:00", end: "13:00", afterPlaceId: null, placeId: "noodles" },
      ]);
      expect(violations.filter((v) => v.kind === "meal")).toEqual([]);
    });

    it("stays lunch, at its visit, through a later reorder", () => {
      const { day: reordered } = reschedule(withNoodles, withLunch, [{ type: "reorder", from: 0, to: 2 }]);
      expect(reordered.visits.map((v) => v.placeId)[2]).toBe("noodles");
      const lunches = reordered.meals.filter((m) => m.kind === "lunch");
      expect(lunches).toHaveLength(1);
      expect(lunches[0]).toMatchObject({ placeId: "noodles", afterPlaceId: reordered.visits[1]!.placeId });
      const visit = reordered.visits[2]!;
      expect([lunches[0]!.start, lunches[0]!.end]).toEqual([visit.start, visit.end]);
      expect(visit.start >= "12:00").toBe(true);
    });

    it("keeps lunch at noon and says so when the restaurant opens only in the evening", () => {
      const alley = { ...noodles, id: "alley", open: [["17:00", "23:59"]] };
      const withAlley: Problem = { ...problem, places: [...problem.places, alley] as Problem["places"] };
      const { day: out, violations: v } = reschedule(withAlley, day, [
        { type: "insert", placeId: "alley", index: 0, stayMinutes: 60, meal: "lunch" },
      ]);
      expect(out.visits[0]).toMatchObject({ placeId: "alley", start: "12:00", end: "13:00" });
      expect(v).toContainEqual(expect.objectContaining({ kind: "closed", placeId: "alley" }));
    });

    it("is breakfast before the first visit on a day that starts at 09:00", () => {
      const cafe = { id: "cafe", location: "x", stayMinutes: 45, wishes: { a: 3 }, preferred: "morning" };
      const withCafe: Problem = { ...problem, places: [...problem.places, cafe] as Problem["places"] };
      const { day: out, violations: v } = reschedule(withCafe, day, [
        { type: "insert", placeId: "cafe", index: 0, stayMinutes: 45, meal: "breakfast" },
      ]);
      // Leaving at 09:00, 30 minutes away: breakfast at 09:30, then the day's visits after it.
      expect(out.depart).toBe("09:00");
      expect(out.visits[0]).toMatchObject({ placeId: "cafe", start: "09:30", end: "10:15" });
      expect(out.visits.slice(1).map((x) => x.placeId)).toEqual(day.visits.map((x) => x.placeId));
      expect(out.meals.filter((m) => m.kind === "breakfast")).toEqual([
        { kind: "breakfast", start: "09:30", end: "10:15", afterPlaceId: null, placeId: "cafe" },
      ]);
      // Breakfast itself breaks nothing (the later lunch break may move: the day got 45 minutes longer).
      expect(v.filter((x) => x.meal === "breakfast" || x.placeId === "cafe")).toEqual([]);
    });

    it("says a breakfast the group reaches only after its window is late, not that the place is closed", () => {
      const cafe = { id: "cafe", location: "x", stayMinutes: 45, wishes: { a: 3 } };
      const late: Problem = {
        ...problem,
        places: [...problem.places, cafe] as Problem["places"],
        days: [{ ...problem.days[0]!, start: "10:00" }],
      };
      const { day: out, violations: v } = reschedule(late, { ...day, depart: "10:00" }, [
        { type: "insert", placeId: "cafe", index: 0, stayMinutes: 45, meal: "breakfast" },
      ]);
      expect(out.visits[0]).toMatchObject({ placeId: "cafe", start: "10:30" });
      expect(v).toContainEqual(
        expect.objectContaining({
          kind: "meal",
          meal: "breakfast",
          message: "breakfast starts at 10:30, after its window",
        }),
      );
      expect(v.filter((x) => x.kind === "closed" && x.placeId === "cafe")).toEqual([]);
    });

    it("gives the lunch break back when the restaurant is removed", () => {
      const { day: without } = reschedule(withNoodles, withLunch, [{ type: "remove", placeId: "noodles" }]);
      const lunches = without.meals.filter((m) => m.kind === "lunch");
      expect(lunches).toHaveLength(1);
      expect(lunches[0]!.placeId).toBeUndefined();
    });
  });
});
