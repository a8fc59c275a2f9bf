import type { OptimizationScores } from "@tabi/contracts";
import { expect, it } from "vitest";
import { scorePercent, scoreRows } from "./ScorePopup";

it("rounds down, so only a perfect score shows 100%", () => {
  expect(scorePercent(0.996)).toBe(99);
  expect(scorePercent(0.8)).toBe(80);
  expect(scorePercent(0.29)).toBe(29);
  expect(scorePercent(1)).toBe(100);
  // Plans saved before scores were bounded (fairness 1.01) and nonsense stay on the bar.
  expect(scorePercent(1.01)).toBe(100);
  expect(scorePercent(-0.2)).toBe(0);
  expect(scorePercent(Number.NaN)).toBe(0);
});

it("shows travel and time-of-day wishes, and explains every score in one line", () => {
  const scores: OptimizationScores = {
    total: 0.9,
    fairness: 0.55,
    efficiency: 1,
    details: {
      user_adoption_balance: 1,
      wish_satisfaction_balance: 0.97,
      travel_efficiency: 0.8,
      time_constraint_compliance: 0.5,
    },
    min_share: 0.5,
    members: [],
  };
  const rows = scoreRows(scores);
  expect(rows.map((r) => r.label)).toEqual([
    "Overall",
    "Fairness",
    "Efficiency",
    "Travel",
    "Time of day",
    "User Adoption",
    "Wish Satisfaction",
  ]);
  expect(rows.find((r) => r.label === "Travel")!.value).toBe(0.8);
  expect(rows.find((r) => r.label === "Time of day")!.value).toBe(0.5);
  for (const row of rows) {
    expect(row.explanation.length).toBeGreaterThan(20);
    expect(row.explanation).not.toMatch(/\n/);
  }
});
