import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { PREFERRED_BANDS } from "../src/meals";
import { solveSync } from "../src/solve";
import { parseHhmm } from "../src/time";
import type { PlaceInput, Plan, Problem } from "../src/types";
import { tripDays } from "./trip-days";

// Issue 12: what a group expects of its plan, on small hand-made trips (the bench:plans trips measure
// the same on real cities).

/** Two clusters of places 6 km apart, a hotel between them; 2 days, 09:00-20:00 visits. */
function twoClusters(extra: Partial<PlaceInput>[] = [], days = 2): Problem {
  const places: PlaceInput[] = [];
  const locations: Problem["locations"][number][] = [
    { id: "hotel", lat: 35.0, lng: 135.76, kind: "destination" },
  ];
  for (let c = 0; c < 2; c++)
    for (let k = 0; k < 4; k++) {
      const id = `c${c}p${k}`;
      locations.push({
        id,
        lat: 35.0 + (k % 2) * 0.002,
        lng: 135.73 + c * 0.066 + Math.floor(k / 2) * 0.002,
      });
      places.push({ id, location: id, stayMinutes: 60, wishes: { a: 3, b: 3 }, ...(extra[c * 4 + k] ?? {}) });
    }
  return {
    members: ["a", "b"],
    locations,
    mode: "public_transport",
    places,
    days: tripDays(days),
    settings: { fairnessWeight: 0.6, includeMeals: true, travelWeight: 1 },
  };
}

function solved(problem: Problem): Plan {
  const plan = solveSync(problem, { seed: 3, steady: true });
  expect(checkPlan(problem, plan).errors).toEqual([]);
  return plan;
}
const dayOf = (plan: Plan, id: string) => plan.days.findIndex((d) => d.visits.some((v) => v.placeId === id));

describe("trip plans", () => {
  it("keeps each cluster of neighbours on one day, and evens the days", () => {
    const plan = solved(twoClusters());
    for (const c of [0, 1]) {
      const days = new Set([0, 1, 2, 3].map((k) => dayOf(plan, `c${c}p${k}`)));
      expect(days.size).toBe(1);
    }
    expect(plan.days.map((d) => d.visits.length)).toEqual([4, 4]);
  });

  it("gives the same plan for the same trip, whatever else runs", () => {
    const a = solved(twoClusters());
    const b = solved(twoClusters());
    expect(a.days).toEqual(b.days);
  });

  it("starts a time-of-day wish inside its band where the plan can, and says so where it cannot", () => {
    const problem = twoClusters([{ preferred: "morning" }, {}, {}, { preferred: "night" }]);
    const plan = solved(problem);
    const start = (id: string) =>
      parseHhmm(plan.days.flatMap((d) => d.visits).find((v) => v.placeId === id)!.start);
    expect(start("c0p0")).toBeGreaterThanOrEqual(PREFERRED_BANDS.morning[0]);
    expect(start("c0p0")).toBeLessThan(PREFERRED_BANDS.morning[1]);
    expect(start("c0p3")).toBeGreaterThanOrEqual(PREFERRED_BANDS.night[0]);
    // A second night wish in a place closed at night: it still comes, as close to the evening as it
    // can, and is marked.
    const closedAtNight = twoClusters([{ preferred: "night", open: [["09:00", "17:00"]] }]);
    const day = solved(closedAtNight).days.find((d) => d.visits.some((v) => v.placeId === "c0p0"))!;
    const missed = day.visits.find((v) => v.placeId === "c0p0")!;
    expect(missed.preferredMissed).toBe(true);
    // With its neighbours, as late as its hours allow.
    expect(day.visits.filter((v) => v.placeId.startsWith("c0"))).toHaveLength(4);
    expect(missed.end).toBe("17:00");
  });

  it("ends every visit by the day's end, except a night wish", () => {
    const plan = solved(twoClusters([{}, { preferred: "night" }]));
    for (const v of plan.days.flatMap((d) => d.visits))
      if (v.placeId !== "c0p1") expect(parseHhmm(v.end)).toBeLessThanOrEqual(parseHhmm("20:00"));
  });

  it("keeps a locked visit on its day and at its time, even against the clusters", () => {
    const free = solved(twoClusters());
    const other = 1 - dayOf(free, "c0p0");
    const date = `2026-12-0${other + 1}`;
    const locked = solved(twoClusters([{ lock: { date, start: "15:00" } }]));
    const visit = locked.days[other]!.visits.find((v) => v.placeId === "c0p0");
    expect(visit?.start).toBe("15:00");
  });

  it("keeps places on their days of the previous plan when re-optimising after a small change", () => {
    const before = solved(twoClusters([], 3));
    const previous = (id: string) => before.days[dayOf(before, id)]?.date;
    const changed = twoClusters([], 3);
    changed.places = [
      ...changed.places.map((p) => ({ ...p, ...(previous(p.id) ? { previousDate: previous(p.id) } : {}) })),
      { id: "new", location: "c1p0", stayMinutes: 30, wishes: { b: 2 } },
    ];
    const after = solved(changed);
    const same = changed.places.filter((p) => p.previousDate && dayOf(after, p.id) === dayOf(before, p.id));
    expect(same.length).toBe(8);
  });

  it("leaves travel a tie-break for the TOPTW (travelWeight 0): every place fits, so it stops at once", () => {
    const problem = { ...twoClusters(), settings: { fairnessWeight: 0, includeMeals: false } };
    const plan = solved(problem);
    expect(plan.days.flatMap((d) => d.visits)).toHaveLength(8);
  });
});
