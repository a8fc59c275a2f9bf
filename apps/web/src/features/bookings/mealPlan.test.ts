import type { ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { distanceText, isMealKind, mealInsertIndex, mealNear, priceText } from "./mealPlan";

const visit = (name: string, start: string, latitude: number) =>
  ({ placeId: name, name, start, end: start, latitude, longitude: 135 }) as ItineraryDay["visits"][number];
const day = (visits: ItineraryDay["visits"]) =>
  ({ start: { name: "Hotel Granvia", latitude: 34.98, longitude: 135.75 }, visits }) as ItineraryDay;

describe("where a meal goes", () => {
  const d = day([
    visit("Fushimi Inari", "07:30", 34.96),
    visit("Kinkaku-ji", "10:00", 35.03),
    visit("Gion", "14:00", 35.0),
  ]);

  it("inserts after the visits that start before the meal's time", () => {
    expect(mealInsertIndex(d, "breakfast")).toBe(1);
    expect(mealInsertIndex(d, "lunch")).toBe(2);
    expect(mealInsertIndex(d, "dinner")).toBe(3);
  });

  it("searches near the visit before the meal, else the day's start point", () => {
    expect(mealNear(d, "lunch")).toEqual({ name: "Kinkaku-ji", lat: 35.03, lng: 135 });
    expect(mealNear(day([visit("Gion", "14:00", 35.0)]), "lunch")).toEqual({
      name: "Hotel Granvia",
      lat: 34.98,
      lng: 135.75,
    });
  });

  it("counts a visit after midnight as later than dinner", () => {
    const late = day([visit("Temple", "09:00", 35), visit("Bar", "00:30", 35)]);
    expect(mealInsertIndex(late, "dinner")).toBe(1);
    expect(mealNear(late, "dinner").name).toBe("Temple");
  });

  it("knows the three meal kinds only", () => {
    expect(["breakfast", "lunch", "dinner"].every(isMealKind)).toBe(true);
    expect(isMealKind("snack")).toBe(false);
  });
});

describe("result texts", () => {
  it("shows metres under a kilometre and kilometres to one decimal above", () => {
    expect(distanceText(347)).toBe("350 m");
    expect(distanceText(0)).toBe("0 m");
    expect(distanceText(1234)).toBe("1.2 km");
    expect(distanceText(999)).toBe("1.0 km");
  });

  it("shows a price level as signs, nothing when unknown", () => {
    expect(priceText(2)).toBe("$$");
    expect(priceText(null)).toBe("");
    expect(priceText(0)).toBe("");
  });
});
