import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { solveSync } from "../src/solve";
import { parseHhmm } from "../src/time";
import type { Pace, Plan, Problem } from "../src/types";
import { tripDays } from "./trip-days";

// Issue 26 item 2: when the days are free, the load is spread; the pace sets how full a day may be.

/** The trip: 4 days on foot from Kyoto Station to Kinkaku-ji, Gion and Fushimi Inari. */
function kyotoOnFoot(pace?: Pace, days = 4): Problem {
  const spots = [
    ["kinkakuji", 35.0394, 135.7292, 60],
    ["gion", 35.0037, 135.7788, 90],
    ["fushimi-inari", 34.9671, 135.7727, 120],
  ] as const;
  return {
    members: ["a", "b"],
    locations: [
      { id: "station", lat: 34.9858, lng: 135.7588 },
      ...spots.map(([id, lat, lng]) => ({ id, lat, lng })),
    ],
    mode: "walking",
    places: spots.map(([id, , , stay]) => ({ id, location: id, stayMinutes: stay, wishes: { a: 4, b: 3 } })),
    days: tripDays(days, "station"),
    settings: { fairnessWeight: 0.6, includeMeals: true, travelWeight: 1, ...(pace ? { pace } : {}) },
  };
}

function solved(problem: Problem): Plan {
  const plan = solveSync(problem, { seed: 2, steady: true });
  expect(checkPlan(problem, plan).errors).toEqual([]);
  return plan;
}

/** Travel and visit minutes of each day. */
const busy = (plan: Plan) =>
  plan.days.map(
    (d) =>
      d.backTravelMinutes +
      d.visits.reduce((s, v) => s + v.travelMinutes + parseHhmm(v.end) - parseHhmm(v.start), 0),
  );

describe("pace", () => {
  it("spreads a walking trip over its free days by default, every place still planned", () => {
    const plan = solved(kyotoOnFoot());
    expect(plan.unscheduled).toEqual([]);
    // Kinkaku-ji, an hour and three quarters' walk from the station, takes a day of its own.
    const far = plan.days.find((d) => d.visits.some((v) => v.placeId === "kinkakuji"))!;
    expect(far.visits).toHaveLength(1);
    expect(Math.max(...busy(plan))).toBeLessThanOrEqual(7 * 60);
  });

  it("gives each place a day of its own at a relaxed pace", () => {
    const plan = solved(kyotoOnFoot("relaxed"));
    expect(plan.unscheduled).toEqual([]);
    expect(plan.days.filter((d) => d.visits.length > 0)).toHaveLength(3);
  });

  it("packs the same trip into fewer, longer days when asked", () => {
    const packed = solved(kyotoOnFoot("packed"));
    expect(packed.unscheduled).toEqual([]);
    expect(packed.days.filter((d) => d.visits.length > 0).length).toBeLessThan(3);
  });

  it("keeps every place when the days are full, whatever the pace", () => {
    // One day for the three: no other day has room, so balanced plans them all anyway.
    const plan = solved(kyotoOnFoot("balanced", 1));
    expect(plan.unscheduled).toEqual([]);
  });
});
