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

  it("keeps lunch when the visit it followed is removed", () => {
    const { day: less, violations } = reschedule(problem, day, [{ type: "remove", placeId: "museum" }]);
    expect(less.visits.map((v) => v.placeId)).toEqual(["park"]);
    expect(less.meals.map((m) => m.kind)).toEqual(day.meals.map((m) => m.kind));
    expect(violations).toEqual([]);
  });
});
