import { beforeAll, describe, expect, it } from "vitest";
import { solveSync } from "../src/solve";
import type { Plan, Problem } from "../src/types";
import { groupTrip, mixedTrip } from "./generate";

/** The worst-off member's raw share: the wish value of their places over that of all their wishes. */
function worstShare(problem: Problem, plan: Plan): number {
  const visited = new Set(plan.days.flatMap((d) => d.visits.map((v) => v.placeId)));
  return Math.min(
    ...problem.members.map((m) => {
      let got = 0;
      let all = 0;
      for (const p of problem.places) {
        const wish = p.wishes[m] ?? 0;
        all += wish;
        if (visited.has(p.id)) got += wish;
      }
      return all > 0 ? got / all : 1;
    }),
  );
}

const value = (problem: Problem, plan: Plan) =>
  plan.days
    .flatMap((d) => d.visits)
    .reduce(
      (sum, v) =>
        sum +
        Object.values(problem.places.find((p) => p.id === v.placeId)!.wishes).reduce((a, b) => a + b, 0),
      0,
    );

describe("fairness that shows (issue 12 item 8)", () => {
  // Six group trips of the bench's kind (not the bench's seeds): 4-7 members, 3-5 days, about 40 places.
  const trips = [1, 2, 3, 4, 5, 6].map((seed) => groupTrip(seed));
  const at = (w: number) =>
    trips.map((trip) => {
      const problem = { ...trip, settings: { ...trip.settings, fairnessWeight: w } };
      // As the app solves: iterations pace the search, so the plans do not depend on the load.
      const plan = solveSync(problem, { steady: true, timeLimitMs: 600_000 });
      return { share: worstShare(problem, plan), value: value(problem, plan), plan };
    });
  let runs: Map<number, ReturnType<typeof at>>;
  // Nine solves: seconds on a quiet machine, more when the machine is busy (no timing is asserted).
  beforeAll(() => {
    runs = new Map([0, 0.6, 1].map((w) => [w, at(w)]));
  }, 120_000);
  const mean = (w: number) => runs.get(w)!.reduce((s, r) => s + r.share, 0) / trips.length;

  it("lifts the worst-off member at the default weight, keeping the group's wish value", () => {
    expect(mean(0.6) - mean(0)).toBeGreaterThanOrEqual(0.05);
    runs.get(0.6)!.forEach((r, i) => {
      expect(r.plan.scores.efficiency).toBeGreaterThanOrEqual(0.95);
      expect(r.value / runs.get(0)![i]!.value).toBeGreaterThanOrEqual(0.94);
    });
  });

  it("never lowers the worst-off member's share on average as the weight grows", () => {
    expect(mean(0.6)).toBeGreaterThanOrEqual(mean(0));
    expect(mean(1)).toBeGreaterThanOrEqual(mean(0.6));
  });
});

describe("nobody with nothing (issue 26 items 1 and 5)", () => {
  // A bench trip (mixed set M): 7 members, 2 days; m1's only wish is a place an hour out for 2 hours.
  // The slider's 94% floor kept it out at every weight under 1; a plan keeping 90.4% of the group's
  // wish value gives it to them.
  const trip = mixedTrip(5024);
  const solve = (w: number) =>
    solveSync(
      { ...trip, settings: { ...trip.settings, fairnessWeight: w } },
      { steady: true, timeLimitMs: 60_000 },
    );
  let plans: Map<number, Plan>;
  beforeAll(() => {
    plans = new Map([0, 0.6].map((w) => [w, solve(w)]));
  }, 120_000);

  it("gives a member their one far wish at the default weight while the group keeps 90% of its value", () => {
    const onlyWish = trip.places.filter((p) => (p.wishes.m1 ?? 0) > 0);
    expect(onlyWish).toHaveLength(1);
    const planned = plans.get(0.6)!.days.flatMap((d) => d.visits.map((v) => v.placeId));
    expect(planned).toContain(onlyWish[0]!.id);
    expect(worstShare(trip, plans.get(0.6)!)).toBeGreaterThan(0);
    expect(value(trip, plans.get(0.6)!) / value(trip, plans.get(0)!)).toBeGreaterThanOrEqual(0.9);
  });

  it("leaves the plain efficiency-only plan as it was: nobody is counted at weight 0", () => {
    const planned = plans.get(0)!.days.flatMap((d) => d.visits.map((v) => v.placeId));
    expect(planned).not.toContain(trip.places.find((p) => (p.wishes.m1 ?? 0) > 0)!.id);
  });
});
