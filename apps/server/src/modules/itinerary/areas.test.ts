import { describe, expect, it } from "vitest";
import { withAreas } from "./areas";
import { buildProblem, type HotelNight } from "./problem";

// Issue 25 item 4: a night is named after its real area, not "Base near your places".

const seoulTrip = {
  departureLocation: "Seoul",
  departureLatitude: 37.5665,
  departureLongitude: 126.978,
  startDate: "2026-12-10",
  endDate: "2026-12-12",
};
const settings = {
  fairnessWeight: 0.6,
  includeMeals: true,
  preferredTransport: "walking" as const,
  dayStart: "09:00",
  dayEnd: "20:00",
};
const kyotoPlaces = [
  { id: "k", name: "Kiyomizu-dera", latitude: 34.9949, longitude: 135.785 },
  { id: "n", name: "Nanzen-ji", latitude: 35.0112, longitude: 135.7944 },
];
const forProblem = kyotoPlaces.map((p) => ({
  ...p,
  stayMinutes: 90,
  preferredTimeOfDay: null,
  wishes: [{ userId: "u", wishLevel: 8 }],
}));
/** A stand-in for the gazetteer: towns by latitude band. */
const geo = {
  nearestAirport: async () => null,
  countryAt: async () => null,
  areaAt: async (lat: number) => (lat > 37 ? "Seoul" : lat > 34.9 && lat < 35.1 ? "Kyoto" : null),
};

describe("withAreas", () => {
  it("names the base after its town and gives every start and end its area", async () => {
    const { frames } = buildProblem(seoulTrip, forProblem, settings);
    expect(frames[0]!.end.nameKey).toBe("plan.baseNearPlaces");
    const named = await withAreas(frames, geo, kyotoPlaces);
    expect(named[0]!.start).toMatchObject({ name: "Seoul", area: "Seoul" });
    expect(named[0]!.end).toEqual({
      name: "Kyoto",
      area: "Kyoto",
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(named[1]!.start.name).toBe("Kyoto");
  });

  it("without a town near, calls the base after the trip place nearest to it; keeps a hotel's own name", async () => {
    const hotels: HotelNight[] = [
      { date: "2026-12-11", name: "Hotel", nameKey: "plan.hotel", latitude: 35.0, longitude: 135.78 },
    ];
    const { frames } = buildProblem(seoulTrip, forProblem, settings, { hotels });
    const nowhere = { ...geo, areaAt: async () => null };
    const named = await withAreas(frames, nowhere, kyotoPlaces);
    expect(["Kiyomizu-dera", "Nanzen-ji"]).toContain(named[0]!.end.name);
    expect(named[0]!.end.nameKey).toBeUndefined();
    // A hotel booked without a name stays "Hotel" in each reader's language, in the area of a place.
    expect(named[1]!.end).toMatchObject({ name: "Hotel", nameKey: "plan.hotel" });
    expect(["Kiyomizu-dera", "Nanzen-ji"]).toContain(named[1]!.end.area);
    // A lookup that fails is no town: the plan is still made.
    const failing = { ...geo, areaAt: async () => Promise.reject(new Error("gazetteer away")) };
    expect((await withAreas(frames, failing, kyotoPlaces))[0]!.end.nameKey).toBeUndefined();
  });

  it("keeps the placeholder only when the trip has no places", async () => {
    const { frames } = buildProblem(
      { ...seoulTrip, departureLatitude: null, departureLongitude: null },
      [],
      settings,
    );
    const named = await withAreas(frames, { ...geo, areaAt: async () => null }, []);
    expect(named[0]!.start).toMatchObject({ name: "Base", nameKey: "plan.base" });
  });
});
