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

  it("shares a light trip's places between its days by default (six places, five days)", () => {
    // A phone sweep: public transport in Kyoto, six places of 1-2 h, five days. Under the fixed 7-hour
    // cap the plan put four on one day and left three empty; balanced promises visits shared evenly.
    const spots = [
      ["kiyomizu", 34.9949, 135.785, 90],
      ["gion", 35.0037, 135.7788, 60],
      ["kinkakuji", 35.0394, 135.7292, 60],
      ["nijo", 35.0142, 135.7481, 90],
      ["fushimi-inari", 34.9671, 135.7727, 120],
      ["nishiki", 35.005, 135.7649, 60],
    ] as const;
    const problem: Problem = {
      members: ["a", "b", "c"],
      locations: [
        { id: "station", lat: 34.9858, lng: 135.7588 },
        ...spots.map(([id, lat, lng]) => ({ id, lat, lng })),
      ],
      mode: "public_transport",
      places: spots.map(([id, , , stay], i) => ({
        id,
        location: id,
        stayMinutes: stay,
        wishes: { a: 3 + (i % 3), b: 5 - (i % 2), c: 4 },
      })),
      days: tripDays(5, "station"),
      settings: { fairnessWeight: 0.6, includeMeals: true, travelWeight: 0.4 },
    };
    const plan = solved(problem);
    expect(plan.unscheduled).toEqual([]);
    const counts = plan.days.map((d) => d.visits.length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  });

  it("keeps every place when the days are full, whatever the pace", () => {
    // One day for the three: no other day has room, so balanced plans them all anyway.
    const plan = solved(kyotoOnFoot("balanced", 1));
    expect(plan.unscheduled).toEqual([]);
  });
});
