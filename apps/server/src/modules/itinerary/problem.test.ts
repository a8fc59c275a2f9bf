import { describe, expect, it } from "vitest";
import { buildProblem } from "./problem";

const settings = { fairnessWeight: 0.6, includeMeals: true, preferredTransport: "public_transport" as const };
const kyoto = {
  departureLocation: "Kyoto Station",
  departureLatitude: 34.9858,
  departureLongitude: 135.7588,
  startDate: "2026-12-10",
  endDate: "2026-12-12",
};
const place = (id: string, lat: number, lng: number, wishes: [string, number][]) => ({
  id,
  latitude: lat,
  longitude: lng,
  stayMinutes: 90,
  preferredTimeOfDay: null,
  wishes: wishes.map(([userId, wishLevel]) => ({ userId, wishLevel })),
});

describe("buildProblem", () => {
  it("makes one 08:00-22:00 day per trip date from the departure when it is near", () => {
    const { problem, base } = buildProblem(kyoto, [place("a", 35.0394, 135.7292, [["u1", 10]])], settings);
    expect(problem.days.map((d) => d.date)).toEqual(["2026-12-10", "2026-12-11", "2026-12-12"]);
    expect(problem.days[0]).toMatchObject({ start: "08:00", end: "22:00", from: "base", to: "base" });
    expect(base.name).toBe("Kyoto Station");
    expect(problem.mode).toBe("public_transport");
  });

  it("maps stored wishes 1-10 onto the optimiser's 1-5 and lists members who wish", () => {
    const { problem } = buildProblem(
      kyoto,
      [
        place("a", 35.04, 135.73, [
          ["u1", 10],
          ["u2", 3],
        ]),
        place("b", 35.0, 135.77, []),
      ],
      settings,
    );
    expect(problem.members).toEqual(["u1", "u2"]);
    expect(problem.places).toHaveLength(1);
    expect(problem.places[0]!.wishes).toEqual({ u1: 5, u2: 1.5 });
  });

  it("starts days from the centre of the places when the departure is far away", () => {
    const { base } = buildProblem(
      { ...kyoto, departureLatitude: 51.47, departureLongitude: -0.45 },
      [place("a", 35.0, 135.7, [["u", 6]]), place("b", 35.02, 135.76, [["u", 6]])],
      settings,
    );
    expect(base.name).toBe("Base near your places");
    expect(base.latitude).toBeCloseTo(35.01);
  });
});
