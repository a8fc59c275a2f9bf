import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { score } from "../src/score";
import { solveSync } from "../src/solve";
import type { Plan } from "../src/types";
import { generateTrip } from "./generate";

const problem = generateTrip({ members: 3, places: 20, days: 2, seed: 31 });
const plan = solveSync(problem);
const copy = (): Plan => structuredClone(plan);

describe("checkPlan", () => {
  it("accepts the solver's plan", () => {
    expect(checkPlan(problem, plan)).toEqual({ ok: true, errors: [] });
  });

  it("catches a visit moved outside its time", () => {
    const bad = copy();
    bad.days[0]!.visits[0]!.arrive = "06:00";
    expect(checkPlan(problem, bad).ok).toBe(false);
  });

  it("catches a place visited twice", () => {
    const bad = copy();
    bad.days[1]!.visits.push(bad.days[0]!.visits[0]!);
    expect(checkPlan(problem, bad).errors.join("\n")).toMatch(/visited twice/);
  });

  it("catches a place with no visit and no reason", () => {
    const bad = copy();
    bad.unscheduled = bad.unscheduled.slice(1);
    if (plan.unscheduled.length)
      expect(checkPlan(problem, bad).errors.join("\n")).toMatch(/neither visited nor listed/);
  });

  it("catches a reported score that is not the recomputed one", () => {
    const bad = copy();
    bad.scores.total += 0.01;
    expect(checkPlan(problem, bad).errors.join("\n")).toMatch(/scores.total/);
  });

  it("catches an efficiency reference below what the plan collects (efficiency held at 1 by its clamp)", () => {
    const bad = copy();
    bad.scores = score(problem, bad.days, { ...bad.scores.reference, efficiencyBest: 1 });
    expect(bad.scores.efficiency).toBe(1);
    expect(checkPlan(problem, bad).errors.join("\n")).toMatch(/more than its efficiency reference/);
  });

  it("catches a day that ends too late", () => {
    const short = { ...problem, days: problem.days.map((d) => ({ ...d, end: "12:00" })) };
    expect(checkPlan(short, plan).ok).toBe(false);
  });
});
