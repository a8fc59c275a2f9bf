import type { OptimizationResult } from "@tabi/contracts";
import { expect, it } from "vitest";
import { planInfoByPlace, unscheduledReasonText } from "./planInfo";

it("words every reason, never the raw code", () => {
  expect(unscheduledReasonText("too_far")).toBe("Too far from the rest of the trip");
  expect(unscheduledReasonText("lower_value")).toBe("Other wishes of the group came first");
  expect(unscheduledReasonText("removed")).toBe("Removed from the plan by a member");
  // A code the web does not know yet still reads as words, every underscore gone.
  expect(unscheduledReasonText("no_opening_hours_left")).toBe("No opening hours left");
});

it("gathers the reason, note and lock of each place from the active plan", () => {
  const result = {
    unscheduled: [{ placeId: "far", name: "Seoul Tower", reason: "too_far" }],
    days: [
      {
        visits: [
          { placeId: "gion", note: "Wished for the night; the plan has it at 16:00" },
          { placeId: "kinkaku", locked: "day" },
          { placeId: "plain" },
        ],
      },
      { visits: [{ placeId: "gion", locked: "time" }] },
    ],
  } as unknown as OptimizationResult;
  const info = planInfoByPlace(result);
  expect(info.get("far")).toEqual({ reason: "Too far from the rest of the trip" });
  expect(info.get("gion")).toEqual({
    note: "Wished for the night; the plan has it at 16:00",
    locked: "time",
  });
  expect(info.get("kinkaku")).toEqual({ locked: "day" });
  expect(info.has("plain")).toBe(false);
  expect(planInfoByPlace(null).size).toBe(0);
});
