import type { ItineraryDay } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { itineraryGeometry } from "./TripMap";

const at = (name: string, latitude: number, longitude: number) => ({ name, latitude, longitude });
const visit = (placeId: string, name: string, lat: number, mode: string, extra = {}) => ({
  placeId,
  name,
  arrive: "10:00",
  start: "10:00",
  end: "11:00",
  travelMinutes: 20,
  mode,
  latitude: lat,
  longitude: 135,
  category: "temple",
  ...extra,
});
const day = (n: number, start: ReturnType<typeof at>, end: ReturnType<typeof at>, visits: unknown[]) =>
  ({
    day: n,
    date: `2026-12-1${n}`,
    depart: "08:00",
    back: "21:00",
    backTravelMinutes: 15,
    backMode: "car",
    start,
    end,
    visits,
    meals: [],
  }) as unknown as ItineraryDay;

describe("itineraryGeometry", () => {
  it("draws each day from its start point to its end point, airports black and unnumbered", () => {
    const home = at("Tokyo Station", 35.68, 139.77);
    const base = at("Base near your places", 35.0, 135.75);
    const { stops, legs } = itineraryGeometry(
      [
        day(1, home, base, [
          visit("airport_HND_departure", "Haneda Airport", 35.55, "car", {
            category: "airport",
            system: "airport",
          }),
          visit("airport_ITM_arrival", "Itami Airport", 34.78, "flight", {
            category: "airport",
            system: "airport",
          }),
          visit("p1", "Kinkaku-ji", 35.04, "public_transport", { locked: "day" }),
        ]),
        day(2, base, home, [visit("p2", "Kiyomizu-dera", 34.99, "walking")]),
      ],
      (id) => (id === "p1" ? ["#f00"] : []),
    );
    const byName = Object.fromEntries(stops.map((s) => [s.name, s]));
    expect(byName["Haneda Airport"]).toMatchObject({ system: true, order: "", placeId: null });
    expect(byName["Kinkaku-ji"]).toMatchObject({ system: false, order: "1.1", colors: ["#f00"] });
    expect(byName["Kiyomizu-dera"]!.order).toBe("2.1");
    expect(byName["Kinkaku-ji"]!.locked).toBe("day");
    expect(byName["Kiyomizu-dera"]!.locked).toBeUndefined();
    expect(byName["Base near your places"]!.system).toBe(true);
    expect(legs.map((l) => `${l.from.name}>${l.to.name}:${l.mode}`)).toEqual([
      "Tokyo Station>Haneda Airport:car",
      "Haneda Airport>Itami Airport:flight",
      "Itami Airport>Kinkaku-ji:public_transport",
      "Kinkaku-ji>Base near your places:car",
      "Base near your places>Kiyomizu-dera:walking",
      "Kiyomizu-dera>Tokyo Station:car",
    ]);
  });

  it("gives each leg its date and the plan's ids of its ends, airports their IATA codes", () => {
    const home = at("Tokyo Station", 35.68, 139.77);
    const hotel = at("Hotel Granvia", 34.98, 135.75);
    const { stops, legs } = itineraryGeometry(
      [
        day(1, home, hotel, [
          visit("airport_HND_departure", "Haneda Airport", 35.55, "car", {
            category: "airport",
            system: "airport",
          }),
          visit("airport_ITM_arrival", "Itami Airport", 34.78, "flight", {
            category: "airport",
            system: "airport",
          }),
        ]),
        day(2, hotel, home, [visit("p2", "Kiyomizu-dera", 34.99, "walking")]),
      ],
      () => [],
      new Set(["2026-12-11"]),
    );
    expect(legs[1]).toMatchObject({
      date: "2026-12-11",
      fromId: "airport_HND_departure",
      toId: "airport_ITM_arrival",
      from: { iata: "HND" },
      to: { iata: "ITM" },
    });
    expect(legs[0]!.fromId).toBeUndefined();
    expect(legs.at(-1)).toMatchObject({ date: "2026-12-12", fromId: "p2", to: { name: "Tokyo Station" } });
    // The night after day 1 is at the booked hotel; home, on no booked night, stays as it was.
    const byName = Object.fromEntries(stops.map((s) => [s.name, s]));
    expect(byName["Hotel Granvia"]!.hotel).toBe(true);
    expect(byName["Tokyo Station"]!.hotel).toBeUndefined();
  });
});
