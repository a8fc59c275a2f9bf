import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../src/build";
import {
  efficiencyFloor,
  FAIRNESS,
  memberWishTotals,
  Objective,
  objectiveParts,
  weighted,
} from "../src/objective";
import { Rng } from "../src/rng";
import type { Problem } from "../src/types";
import { groupTrip } from "./generate";

const shareLists = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 });

/** Fairness of shares, through the one definition (each member wished for 1, collected their share). */
const fairness = (shares: number[]) =>
  objectiveParts(
    0,
    shares,
    shares.map(() => 1),
    1,
    1,
  ).fairness;

describe("fairness", () => {
  it("lies between the lowest and the mean share, and is the share when all are equal", () => {
    fc.assert(
      fc.property(shareLists, (shares) => {
        const f = fairness(shares);
        const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
        expect(f).toBeGreaterThanOrEqual(Math.min(...shares) - 1e-12);
        expect(f).toBeLessThanOrEqual(mean + 1e-12);
      }),
    );
    expect(fairness([0.4, 0.4, 0.4])).toBeCloseTo(0.4, 12);
    expect(fairness([1, 1])).toBe(1);
    expect(fairness([0, 0])).toBe(0);
  });

  it("counts the worst-off member most: lifting them beats lifting the best-off by the same", () => {
    fc.assert(
      fc.property(shareLists, fc.double({ min: 0.001, max: 0.1, noNaN: true }), (shares, d) => {
        const low = shares.indexOf(Math.min(...shares));
        const high = shares.indexOf(Math.max(...shares));
        fc.pre(shares[high]! - shares[low]! > 0.05 && shares[high]! + d <= 1);
        const lifted = (i: number) => shares.map((s, j) => (j === i ? s + d : s));
        expect(fairness(lifted(low))).toBeGreaterThan(fairness(lifted(high)));
      }),
    );
  });

  it("stays finite and keeps a gradient for the others when a member gets nothing", () => {
    // The geometric mean used before was flat here: one member at 0 outweighed everyone else.
    expect(fairness([0, 0.5, 0.5])).toBeGreaterThan(0);
    expect(fairness([0, 0.6, 0.5])).toBeGreaterThan(fairness([0, 0.5, 0.5]));
  });
});

describe("objective", () => {
  it("gives up at most w / 10 of the group's wish value for fairness: below that floor it pays a penalty", () => {
    expect(efficiencyFloor(0)).toBe(0);
    expect(efficiencyFloor(0.6)).toBeCloseTo(0.94, 12);
    expect(efficiencyFloor(1)).toBeCloseTo(1 - FAIRNESS.maxCost, 12);
    // Above the floor, a plain blend; below it, every lost unit costs the penalty more.
    expect(weighted(0.97, 0.5, 0.6)).toBeCloseTo(0.4 * 0.97 + 0.6 * 0.5, 12);
    expect(weighted(0.93, 0.5, 0.6)).toBeCloseTo(0.4 * 0.93 + 0.6 * 0.5 - FAIRNESS.penalty * 0.01, 12);
    // At weight 0 it is the efficiency alone, with no floor (the plain TOPTW).
    expect(weighted(0.5, 0.9, 0)).toBe(0.5);
  });

  it("is one definition: the search's incremental value and gains equal objectiveParts", () => {
    const trip = groupTrip(3);
    const { model } = compile(trip);
    const wished = memberWishTotals(model);
    // A reference at least what any plan collects (as the solver keeps it), so E is not clamped.
    const best = wished.reduce((a, b) => a + b, 0);
    const rng = new Rng(5);
    for (const weight of [0, 0.3, 0.6, 1]) {
      const refs = { efficiencyBest: best, memberBest: new Float64Array(model.members).fill(40) };
      const objective = new Objective(model, refs, weight);
      const tourOf = new Int32Array(model.nodes).fill(-1);
      for (let v = 0; v < model.places; v++) if (rng.next() < 0.4) tourOf[v] = 0;
      objective.recompute(tourOf);
      const parts = objectiveParts(objective.collected, objective.collectedBy, wished, best, weight);
      expect(objective.value()).toBeCloseTo(weighted(parts.efficiency, parts.fairness, weight), 12);
      expect(parts.wishScore).toBeCloseTo(Math.max(0, objective.value()), 12);
      for (let v = 0; v < model.places; v++) {
        const sign = tourOf[v]! >= 0 ? -1 : 1;
        const before = objective.value();
        const gain = objective.gain(v, sign);
        objective.add(v, sign);
        expect(objective.value() - before).toBeCloseTo(gain, 12);
        objective.add(v, -sign);
      }
    }
  });

  it("charges the search for a member with nothing, and under the rescue floor; insertions see the first", () => {
    const trip = groupTrip(3);
    const { model } = compile(trip);
    const wished = memberWishTotals(model);
    const best = wished.reduce((a, b) => a + b, 0);
    const refs = { efficiencyBest: best, memberBest: new Float64Array(model.members).fill(40) };
    const objective = new Objective(model, refs, 0.6);
    const plain = new Objective(model, refs, 0.6);
    // Every place usable on the one tour counted: every member can be given something.
    objective.rescue(new Uint8Array(model.tours * model.places).fill(1));
    const tourOf = new Int32Array(model.nodes).fill(-1);
    objective.recompute(tourOf);
    plain.recompute(tourOf);
    // Nobody has anything and the plan is under the wall: both costs, on top of the slider's objective.
    const wall = () => FAIRNESS.rescuePenalty * Math.max(0, FAIRNESS.rescueFloor - objective.efficiency());
    expect(objective.rescueCost()).toBeCloseTo(FAIRNESS.nothing * model.members + wall(), 9);
    expect(objective.value()).toBeCloseTo(plain.value() - objective.rescueCost(), 9);
    // A member's first wish is worth `nothing` more to the recreate than the slider alone prices it.
    const single = Array.from({ length: model.places }, (_, v) => v).find(
      (v) => model.wishPtr[v + 1]! - model.wishPtr[v]! === 1,
    )!;
    expect(objective.gain(single) - plain.gain(single)).toBeCloseTo(FAIRNESS.nothing, 9);
    // Gains are the change of value but for the wall (which only acceptance sees), in and out.
    const rng = new Rng(9);
    for (let v = 0; v < model.places; v++) if (rng.next() < 0.5) tourOf[v] = 0;
    objective.recompute(tourOf);
    for (let v = 0; v < model.places; v++) {
      const sign = tourOf[v]! >= 0 ? -1 : 1;
      const before = objective.value() + wall();
      const change = objective.gain(v, sign);
      objective.add(v, sign);
      expect(objective.value() + wall() - before).toBeCloseTo(change, 9);
      objective.add(v, -sign);
    }
    // Without fairness nothing is counted (the plain TOPTW), nor at 1, whose own floor is the rescue's.
    for (const weight of [0, 1]) {
      const other = new Objective(model, refs, weight);
      other.rescue(new Uint8Array(model.tours * model.places).fill(1));
      other.recompute(new Int32Array(model.nodes).fill(-1));
      expect(other.rescueCost()).toBe(0);
    }
  });

  it("measures shares against all of a member's wishes", () => {
    // Member 0 wished for 10 and got 4, member 1 for 5 and got all, member 2 for nothing.
    const parts = objectiveParts(9, [4, 5, 0], [10, 5, 0], 9, 0.6);
    expect(Array.from(parts.shares)).toEqual([0.4, 1, 1]);
    expect(parts.efficiency).toBe(1);
  });
});

describe("objective, incrementally", () => {
  it("stays a number when every member has all their wishes (the power sum drifts below 0)", () => {
    // Adding these one by one leaves the sum of shortfalls^8 at about -5e-17: its 8th root was NaN,
    // and a NaN fitness made the search keep whatever came next (issue 26).
    const problem: Problem = {
      members: ["a", "b"],
      locations: [{ id: "h", lat: 35, lng: 135 }],
      places: [
        ...[3, 3, 3].map((w, i) => ({ id: `a${i}`, location: "h", stayMinutes: 30, wishes: { a: w } })),
        ...[5, 2, 4].map((w, i) => ({ id: `b${i}`, location: "h", stayMinutes: 30, wishes: { b: w } })),
      ],
      days: [{ date: "2026-12-01", start: "09:00", end: "20:00", from: "h", to: "h" }],
      settings: { includeMeals: false },
    };
    const { model } = compile(problem);
    const objective = new Objective(
      model,
      { efficiencyBest: 20, memberBest: new Float64Array([9, 11]) },
      0.6,
    );
    for (let v = 0; v < model.places; v++) objective.add(v);
    expect(objective.value()).toBe(1);
  });
});
