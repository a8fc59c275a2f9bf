import { checkPlan, formatHhmm, parseHhmm, solveSync } from "@tabi/optimizer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { presentPlan } from "./present";
import { buildProblem, LANDING_MINUTES } from "./problem";

const settings = {
  fairnessWeight: 0.6,
  includeMeals: true,
  preferredTransport: "public_transport" as const,
  dayStart: "09:00",
  dayEnd: "20:00",
};
const seoul = {
  departureLocation: "Seoul",
  departureLatitude: 37.5665,
  departureLongitude: 126.978,
  startDate: "2026-12-10",
  endDate: "2026-12-11",
};
const icn = { name: "Incheon", iata: "ICN", latitude: 37.46, longitude: 126.44 };
const kix = { name: "Kansai", iata: "KIX", latitude: 34.43, longitude: 135.23 };
const KYOTO: [string, number, number][] = [
  ["kinkakuji", 35.0394, 135.7292],
  ["fushimi", 34.9671, 135.7727],
  ["kiyomizu", 34.9949, 135.785],
  ["nishiki", 35.005, 135.7648],
];
const places = KYOTO.map(([id, latitude, longitude]) => ({
  id,
  latitude,
  longitude,
  stayMinutes: 60,
  preferredTimeOfDay: null,
  wishes: [{ userId: "u", wishLevel: 8 }],
}));
const named = places.map((p) => ({ ...p, name: p.id, category: "sight" }));

describe("a booked outbound flight", () => {
  it("starts day 1's visits after landing and keeps every visit inside its day, whatever the landing time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 60, max: 300 }), (landing, flight) => {
        const booked = { bookingId: "bk", takeOff: Math.max(0, landing - flight), landing };
        const { problem, frames } = buildProblem(seoul, places, settings, {
          flights: { outbound: { from: icn, to: kix, booked }, inbound: { from: kix, to: icn } },
        });
        const plan = solveSync(problem, { effort: 0.05, timeLimitMs: 3000, steady: true });
        expect(checkPlan(problem, plan).errors).toEqual([]);
        const result = presentPlan(plan, named, [], frames, settings);
        const [, arrival, ...day1] = result.days[0]!.visits;
        expect(arrival).toMatchObject({ placeId: "airport_KIX_arrival", start: formatHhmm(landing) });
        expect(arrival!.bookingId).toBe("bk");
        for (const v of day1) expect(parseHhmm(v.start)).toBeGreaterThanOrEqual(landing + LANDING_MINUTES);
        result.days.forEach((day, i) => {
          const { start, visitsEnd } = problem.days[i]!;
          for (const v of day.visits.filter((x) => !x.system)) {
            expect(v.start >= start).toBe(true);
            expect(v.end <= visitsEnd!).toBe(true);
          }
        });
      }),
      { numRuns: 25 },
    );
  });
});

describe("locks on a new plan", () => {
  const kyoto = {
    ...seoul,
    departureLocation: "Kyoto",
    departureLatitude: 34.9858,
    departureLongitude: 135.7588,
  };
  it("keeps a lock the plan kept, and lifts, saying so, one it could not (its day no longer in the trip)", () => {
    const { problem, frames } = buildProblem(kyoto, places, settings);
    const plan = solveSync(problem, { effort: 0.05, timeLimitMs: 3000, steady: true });
    const visitOf = (result: ReturnType<typeof presentPlan>, id: string) =>
      result.days.flatMap((d) => d.visits.map((v) => ({ ...v, date: d.date }))).find((v) => v.placeId === id);
    const planned = visitOf(presentPlan(plan, named, [], frames, settings), "kinkakuji")!;
    const kept = presentPlan(plan, named, [], frames, settings, {
      locks: new Map([["kinkakuji", { kind: "time" as const, date: planned.date, start: planned.start }]]),
    });
    expect(visitOf(kept, "kinkakuji")).toMatchObject({ locked: "time" });
    expect(visitOf(kept, "kinkakuji")!.noteKey).toBeUndefined();
    // Locked to a day of the trip's old dates: the visit is elsewhere now, and not called locked.
    const lifted = presentPlan(plan, named, [], frames, settings, {
      locks: new Map([["kinkakuji", { kind: "day" as const, date: "2026-04-11" }]]),
    });
    expect(visitOf(lifted, "kinkakuji")!.locked).toBeUndefined();
    expect(visitOf(lifted, "kinkakuji")).toMatchObject({ noteKey: "plan.lockLifted" });
    expect(visitOf(lifted, "kinkakuji")!.note).toContain("the lock was lifted");
  });
});
