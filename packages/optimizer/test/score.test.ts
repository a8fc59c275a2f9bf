import { describe, expect, it } from "vitest";
import { score } from "../src/score";
import { solveSync } from "../src/solve";
import type { PlanDay, Problem, Scores, Visit } from "../src/types";
import { groupTrip } from "./generate";

/** Every number a member can be shown. */
function shown(s: Scores): [string, number][] {
  return [
    ["total", s.total],
    ["fairness", s.fairness],
    ["efficiency", s.efficiency],
    ["min_share", s.min_share],
    ...Object.entries(s.details),
    ...Object.entries(s.shares),
  ];
}

describe("scores", () => {
  it("lie in [0, 1] for every plan and weight", () => {
    for (const seed of [11, 12]) {
      for (const fairnessWeight of [0, 0.6, 1]) {
        const trip = groupTrip(seed, { places: 24, days: 2 });
        const plan = solveSync({ ...trip, settings: { ...trip.settings, fairnessWeight } });
        for (const [name, x] of shown(plan.scores)) {
          expect(x, `${name} at w = ${fairnessWeight}`).toBeGreaterThanOrEqual(0);
          expect(x, `${name} at w = ${fairnessWeight}`).toBeLessThanOrEqual(1);
        }
        // Wasted or not, a real plan travels: its total stays below 100%.
        expect(plan.scores.total).toBeLessThan(1);
      }
    }
  });

  // Two members, two places near the hotel; both wish for both. Scored from hand-made days.
  const problem: Problem = {
    members: ["ann", "bob"],
    locations: [
      { id: "hotel", lat: 35.0, lng: 135.0 },
      { id: "a", lat: 35.0, lng: 135.0 },
      { id: "b", lat: 35.0, lng: 135.0 },
    ],
    places: [
      { id: "a", location: "a", stayMinutes: 60, wishes: { ann: 4, bob: 2 }, preferred: "morning" },
      { id: "b", location: "b", stayMinutes: 60, wishes: { ann: 2, bob: 4 } },
    ],
    days: [{ date: "2026-05-04", start: "09:00", end: "20:00", from: "hotel", to: "hotel" }],
    settings: { fairnessWeight: 0.6, includeMeals: false },
  };
  const reference = { efficiencyBest: 12, memberBest: { ann: 6, bob: 6 } };
  const visit = (placeId: string, start: string, end: string, travelMinutes: number): Visit => ({
    placeId,
    arrive: start,
    start,
    end,
    travelMinutes,
    mode: "walking",
  });
  const day = (visits: Visit[], back = 0): Pick<PlanDay, "visits" | "backTravelMinutes"> => ({
    visits,
    backTravelMinutes: back,
  });

  it("reach 100% only for a plan with every wish, no travel and every time-of-day wish kept", () => {
    const perfect = score(
      problem,
      [day([visit("a", "09:00", "10:00", 0), visit("b", "10:00", "11:00", 0)])],
      reference,
    );
    expect(perfect.total).toBe(1);
    expect(perfect.fairness).toBe(1);
    expect(perfect.shares).toEqual({ ann: 1, bob: 1 });
  });

  it("show travel and a missed time-of-day wish in the total", () => {
    const travelled = score(
      problem,
      [day([visit("a", "09:30", "10:30", 30), visit("b", "11:00", "12:00", 30)], 30)],
      reference,
    );
    // 120 minutes at places, 90 travelling: travel efficiency 4/7, the total (1 + 4/7) / 2.
    expect(travelled.details.travel_efficiency).toBeCloseTo(4 / 7, 12);
    expect(travelled.total).toBeCloseTo((1 + 4 / 7) / 2, 12);
    const late = score(
      problem,
      [day([visit("b", "09:00", "10:00", 0), visit("a", "14:00", "15:00", 0)])],
      reference,
    );
    expect(late.details.time_constraint_compliance).toBe(0);
    expect(late.total).toBe(0.5);
  });

  it("measure each member's share against all their wishes, and fairness by the worst-off", () => {
    const one = score(problem, [day([visit("a", "09:00", "10:00", 0)])], reference);
    expect(one.shares).toEqual({ ann: 4 / 6, bob: 2 / 6 });
    expect(one.min_share).toBeCloseTo(1 / 3, 12);
    expect(one.efficiency).toBe(0.5);
    // Fairness lies between the lowest and the mean share, nearer the lowest.
    expect(one.fairness).toBeGreaterThan(1 / 3);
    expect(one.fairness).toBeLessThan(0.45);
  });
});
