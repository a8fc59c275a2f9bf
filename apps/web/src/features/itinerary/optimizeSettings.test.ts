import { expect, it } from "vitest";
import { i18n } from "../../i18n";
import { DEFAULT_SETTINGS, dayShapeErrors, initialSettings } from "./OptimizeDialog";
import { estimateText, STAGE_ESTIMATES } from "./stageEstimates";

it("opens with the plan's own settings, the defaults where an older plan has none", () => {
  expect(initialSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  expect(DEFAULT_SETTINGS).toMatchObject({ dayStart: "09:00", dayEnd: "20:00" });
  const older = { fairnessWeight: 0.3, includeMeals: false, preferredTransport: "walking" as const };
  expect(initialSettings(older)).toEqual({ ...older, dayStart: "09:00", dayEnd: "20:00", pace: "balanced" });
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

it("opens with the pace the plan was made with, balanced for a plan made before there was one", () => {
  expect(DEFAULT_SETTINGS.pace).toBe("balanced");
  expect(initialSettings({ fairnessWeight: 0.6 }).pace).toBe("balanced");
  expect(initialSettings({ ...DEFAULT_SETTINGS, pace: "relaxed" }).pace).toBe("relaxed");
  expect(initialSettings({ ...DEFAULT_SETTINGS, pace: "packed" }).pace).toBe("packed");
  // A pace the app does not know (an older or newer client's) is not offered again.
  expect(initialSettings({ ...DEFAULT_SETTINGS, pace: "hurried" as never })).toEqual(DEFAULT_SETTINGS);
});

it("lists the run's four stages in order with the spec's time estimates, in the app's language", async () => {
  expect(STAGE_ESTIMATES.map((s) => [s.stage, estimateText(s.seconds)])).toEqual([
    ["collecting", "5-10 s"],
    ["normalizing", "10-20 s"],
    ["selecting", "15-30 s"],
    ["routing", "20-40 s"],
  ]);
  await i18n.changeLanguage("ja");
  try {
    expect(estimateText(STAGE_ESTIMATES[2]!.seconds)).toBe("15〜30秒");
  } finally {
    await i18n.changeLanguage("en");
  }
});
