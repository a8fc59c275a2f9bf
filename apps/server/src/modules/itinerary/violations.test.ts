import { formatHhmm } from "@tabi/optimizer";
import { describe, expect, it } from "vitest";
import { sunWindow } from "./daylight";
import { adjustmentMessage } from "./violations";

// Kyoto in December: the sun sets before 17:00.
const at = { latitude: 35.0036, longitude: 135.7806 };
const DATE = "2026-12-10";
const park = { id: "p1", name: "Maruyama Park", category: "park", openingHours: null, ...at };
const museum = {
  id: "p2",
  name: "Kyoto National Museum",
  category: "museum",
  openingHours: "Mo-Su 09:30-17:00",
  ...at,
};
const closed = (id: string, from: string, to: string) => ({
  kind: "closed",
  placeId: id,
  message: `"${id}" ${from}-${to} is outside its opening hours`,
});

describe("adjustmentMessage", () => {
  it("says an outdoor place after sunset is in the dark, with the sunset, not closed", () => {
    const sunset = formatHhmm(sunWindow(DATE, at.latitude, at.longitude)![1]);
    const out = adjustmentMessage(closed("p1", "18:30", "19:30"), [park], DATE);
    expect(out).toMatchObject({
      messageKey: "violation.afterDark",
      messageParams: { place: "Maruyama Park", from: "18:30", to: "19:30", sunset },
      message: `Maruyama Park 18:30-19:30 is outdoors and runs after dark (sunset ${sunset}). Please adjust the visit.`,
    });
  });

  it("keeps the night for a place wished for at night", () => {
    const out = adjustmentMessage(
      closed("p1", "18:30", "19:30"),
      [{ ...park, preferredTimeOfDay: "night" }],
      DATE,
    );
    expect(out.messageKey).not.toBe("violation.afterDark");
  });

  it("says the opening hours of a place closed then", () => {
    const out = adjustmentMessage(closed("p2", "17:30", "18:30"), [museum], DATE);
    expect(out).toMatchObject({
      messageKey: "violation.closed",
      message:
        "Kyoto National Museum 17:30-18:30 is outside its opening hours (open Mo-Su 09:30-17:00). Please adjust the visit.",
    });
  });

  it("says which time of day a place was wished for", () => {
    const out = adjustmentMessage(
      {
        kind: "time_of_day",
        placeId: "p2",
        message: `"p2" 14:30-15:30 is not in the morning it was wished for`,
      },
      [museum],
      DATE,
    );
    expect(out).toMatchObject({
      messageKey: "violation.timeOfDay.morning",
      message: "Kyoto National Museum 14:30-15:30 is no longer in the morning, when it was wished for",
    });
  });
});
