import highsLoader from "highs";
import { describe, expect, it } from "vitest";
import { checkPlan } from "../src/check";
import { solveSync } from "../src/solve";
import { mipOf, smallTrip } from "./small-trips";

describe("exactness against the HiGHS MIP (w = 0)", () => {
  it("finds the optimum of 50 random trips of up to 12 places and 2 days", async () => {
    const highs = await highsLoader();
    const misses: string[] = [];
    for (let seed = 1; seed <= 50; seed++) {
      const problem = smallTrip(seed);
      const result = highs.solve(mipOf(problem), { output_flag: false, mip_rel_gap: 0 });
      expect(result.Status).toBe("Optimal");
      const optimum = Math.round(result.ObjectiveValue);
      const plan = solveSync(problem);
      const check = checkPlan(problem, plan);
      expect(check.errors).toEqual([]);
      const collected = plan.days
        .flatMap((d) => d.visits)
        .reduce(
          (s, v) =>
            s +
            Object.values(problem.places.find((p) => p.id === v.placeId)!.wishes).reduce((a, b) => a + b, 0),
          0,
        );
      expect(collected).toBeLessThanOrEqual(optimum);
      if (collected !== optimum) misses.push(`seed ${seed}: ${collected} < ${optimum}`);
    }
    expect(misses).toEqual([]);
  });
});
