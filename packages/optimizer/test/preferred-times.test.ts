import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { PREFERRED_BANDS } from "../src/meals";
import { solveSync } from "../src/solve";
import { parseHhmm } from "../src/time";
import type { PlaceInput, Plan, Problem } from "../src/types";
import { tripDays } from "./trip-days";

// Issue 26 item 1: a time-of-day wish is a preference, never a reason to leave a place out.

/** A hotel, near places 10 minutes apart and, if asked, a far place `far` minutes from everything. */
function trip(near: PlaceInput[], far: Partial<PlaceInput> | null, days = 2): Problem {
  const ids = ["hotel", ...near.map((p) => p.location), ...(far ? ["far"] : [])];
  const matrixMinutes = ids.map((a) => ids.map((b) => (a === b ? 0 : a === "far" || b === "far" ? 140 : 10)));
  return {
    members: ["a", "b"],
    locations: ids.map((id, i) => ({ id, lat: 35 + i * 0.001, lng: 135.7 })),
    matrixMinutes,
    mode: "public_transport",
    places: [
      ...near,
      ...(far ? [{ id: "far", location: "far", stayMinutes: 60, wishes: { b: 4 }, ...far }] : []),
    ],
    days: tripDays(days),
    settings: { fairnessWeight: 0.6, includeMeals: true, travelWeight: 1 },
  };
}

const nearPlaces = (count: number, extra: Partial<PlaceInput> = {}): PlaceInput[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    location: `n${i}`,
    stayMinutes: 90,
    wishes: { a: 3 },
    ...extra,
  }));

function solved(problem: Problem, fairnessWeight = 0.6): Plan {
  const withWeight = { ...problem, settings: { ...problem.settings, fairnessWeight } };
  const plan = solveSync(withWeight, { seed: 5, steady: true });
  expect(checkPlan(withWeight, plan).errors).toEqual([]);
  return plan;
}

const visitOf = (plan: Plan, id: string) => plan.days.flatMap((d) => d.visits).find((v) => v.placeId === id);

describe("time-of-day wishes", () => {
  it("plans a member's only wish, far away and wished for the night, at another hour at every fairness", () => {
    // Back from a night visit 140 minutes away only after the day's end: no day can keep the wish.
    const problem = trip(nearPlaces(6), { preferred: "night" });
    for (const weight of [0, 0.6, 1]) {
      const plan = solved(problem, weight);
      const far = visitOf(plan, "far");
      expect(far).toBeDefined();
      expect(far!.preferredMissed).toBe(true);
      expect(plan.scores.shares.b).toBe(1);
    }
  });

  it("plans every place that fits, at another hour when the wished hours are taken, and keeps the rest in their band", () => {
    // Five morning wishes of 90 minutes in one day: the morning holds two, the afternoon the rest.
    const problem = trip(nearPlaces(5, { preferred: "morning" }), null, 1);
    const plan = solved(problem);
    const visits = plan.days[0]!.visits;
    expect(visits).toHaveLength(5);
    const inBand = visits.filter((v) => {
      const start = parseHhmm(v.start);
      return start >= PREFERRED_BANDS.morning[0] && start < PREFERRED_BANDS.morning[1];
    });
    expect(inBand.length).toBeGreaterThanOrEqual(2);
    for (const v of visits) expect(v.preferredMissed === true).toBe(!inBand.includes(v));
  });

  it("gives a place left out its real reason: closed, or too far for a day", () => {
    const base = trip(nearPlaces(2), { open: [["09:00", "12:00"]], stayMinutes: 120 });
    const problem: Problem = {
      ...base,
      places: [
        ...base.places,
        {
          id: "closed",
          location: "n0",
          stayMinutes: 60,
          wishes: { a: 2 },
          open: { mon: [["09:00", "17:00"]] },
        },
      ],
    };
    // 2026-12-01 and 02 are a Tuesday and a Wednesday: the museum is closed; the far place cannot be
    // reached, visited for two hours and left before noon.
    const plan = solved(problem);
    const reasons = Object.fromEntries(plan.unscheduled.map((u) => [u.placeId, u.reason]));
    expect(reasons).toEqual({ far: "too_far", closed: "closed" });
  });
});
