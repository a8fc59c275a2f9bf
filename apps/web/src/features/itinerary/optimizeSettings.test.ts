import { expect, it } from "vitest";
import { DEFAULT_SETTINGS, dayShapeErrors, initialSettings } from "./OptimizeDialog";

it("opens with the plan's own settings, the defaults where an older plan has none", () => {
  expect(initialSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  expect(DEFAULT_SETTINGS).toMatchObject({ dayStart: "09:00", dayEnd: "20:00" });
  const older = { fairnessWeight: 0.3, includeMeals: false, preferredTransport: "walking" as const };
  expect(initialSettings(older)).toEqual({ ...older, dayStart: "09:00", dayEnd: "20:00" });
  expect(initialSettings({ ...older, dayStart: "08:00", dayEnd: "22:30" })).toMatchObject({
    dayStart: "08:00",
    dayEnd: "22:30",
  });
  // Settings the schema no longer accepts are not offered again.
  expect(initialSettings({ ...older, dayStart: "19:00", dayEnd: "20:00" })).toEqual(DEFAULT_SETTINGS);
});

it("gives the schema's message when the day ends less than 3 hours after it starts", () => {
  expect(dayShapeErrors(DEFAULT_SETTINGS)).toEqual({});
  expect(dayShapeErrors({ ...DEFAULT_SETTINGS, dayStart: "09:00", dayEnd: "12:00" })).toEqual({});
  expect(dayShapeErrors({ ...DEFAULT_SETTINGS, dayStart: "09:00", dayEnd: "11:59" })).toEqual({
    dayEnd: "The day must end at least 3 hours after it starts.",
  });
  expect(dayShapeErrors({ ...DEFAULT_SETTINGS, dayStart: "21:00", dayEnd: "08:00" }).dayEnd).toBe(
    "The day must end at least 3 hours after it starts.",
  );
  // A cleared time input gives "": said on that field.
  expect(dayShapeErrors({ ...DEFAULT_SETTINGS, dayStart: "" }).dayStart).toBe("Use a time like 09:00");
});
