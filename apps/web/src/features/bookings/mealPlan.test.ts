import type { ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { distanceText, isMealKind, mealButtonKinds, mealInsertIndex, mealNear, priceText } from "./mealPlan";

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

  it("puts breakfast before the first visit of a day that starts at 09:00", () => {
    const nine = day([visit("Kinkaku-ji", "09:20", 35.03), visit("Gion", "12:30", 35.0)]);
    expect(mealInsertIndex(nine, "breakfast")).toBe(0);
    expect(mealNear(nine, "breakfast").name).toBe("Hotel Granvia");
  });

  it("never puts a meal before the day's landing nor after its way home", () => {
    const airport = (name: string, start: string) => ({
      ...visit(name, start, 34.43),
      system: "airport" as const,
    });
    const landing = day([airport("Kansai Airport", "14:10"), visit("Gion", "16:00", 35.0)]);
    // Breakfast on the day of a 14:10 landing: after the arrival, searched near the airport.
    expect(mealInsertIndex(landing, "breakfast")).toBe(1);
    expect(mealNear(landing, "breakfast").name).toBe("Kansai Airport");
    const leaving = day([visit("Gion", "09:30", 35.0), airport("Kansai Airport", "13:00")]);
    expect(mealInsertIndex(leaving, "dinner")).toBe(1);
  });

  it("counts a visit after midnight as later than dinner", () => {
    const late = day([visit("Temple", "09:00", 35), visit("Bar", "00:30", 35)]);
    expect(mealInsertIndex(late, "dinner")).toBe(1);
    expect(mealNear(late, "dinner").name).toBe("Temple");
  });

  it("has the three meal buttons in every day, whatever hours the day is out", () => {
    const meals = (kinds: string[]) => ({
      meals: kinds.map((kind) => ({ kind, start: "", end: "", afterPlaceId: null })),
    });
    // A day out 09:00-20:00 still has breakfast at 08:00 (spec 2: meal buttons at 08:00, 12:00, 18:00).
    expect(mealButtonKinds(meals([]))).toEqual(["breakfast", "lunch", "dinner"]);
    // A meal the plan already has is its own block, not a second button.
    expect(mealButtonKinds(meals(["lunch"]))).toEqual(["breakfast", "dinner"]);
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
