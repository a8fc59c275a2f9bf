import { parseHhmm, solveSync } from "@tabi/optimizer";
import { describe, expect, it } from "vitest";
import { windowsForDates } from "../places/opening-hours";
import { inDaylight, isOutdoor, sunWindow } from "./daylight";
import { buildProblem } from "./problem";

const luxembourg = { latitude: 48.8462, longitude: 2.3372 };
const settings = {
  fairnessWeight: 0.6,
  includeMeals: false,
  preferredTransport: "walking" as const,
  dayStart: "09:00",
  dayEnd: "21:00",
};
const paris = {
  departureLocation: "Hôtel near Châtelet",
  departureLatitude: 48.8584,
  departureLongitude: 2.347,
  startDate: "2027-01-15",
  endDate: "2027-01-15",
};
const gardens = (over: Record<string, unknown> = {}) => ({
  id: "lux",
  ...luxembourg,
  stayMinutes: 60,
  preferredTimeOfDay: null,
  wishes: [{ userId: "u1", wishLevel: 8 }],
  openingHours: "24/7",
  outdoor: true,
  ...over,
});

describe("sunWindow", () => {
  it("gives sunrise and sunset on the place's own clock, with the season and the zone's summer time", () => {
    const [rise, set] = sunWindow("2027-01-15", luxembourg.latitude, luxembourg.longitude)!;
    // Paris, mid-January: sunrise about 08:40, sunset about 17:20 (CET).
    expect(Math.abs(rise - parseHhmm("08:40"))).toBeLessThanOrEqual(3);
    expect(Math.abs(set - parseHhmm("17:20"))).toBeLessThanOrEqual(3);
    const [, summer] = sunWindow("2027-06-21", luxembourg.latitude, luxembourg.longitude)!;
    // Midsummer: about 21:58 (CEST).
    expect(Math.abs(summer - parseHhmm("21:58"))).toBeLessThanOrEqual(3);
    // Tokyo in January: about 16:49 (JST), on Tokyo's clock.
    const [, tokyo] = sunWindow("2027-01-15", 35.6852, 139.71)!;
    expect(Math.abs(tokyo - parseHhmm("16:49"))).toBeLessThanOrEqual(3);
  });

  it("sets no limit where the sun does not set (a June night in Tromsø)", () => {
    expect(sunWindow("2027-06-21", 69.65, 18.96)).toBeNull();
  });
});

describe("isOutdoor", () => {
  it("knows parks, gardens, viewpoints and open-air markets, not museums, towers or night views", () => {
    expect(isOutdoor({ category: "park", name: "Luxembourg Gardens" })).toBe(true);
    expect(isOutdoor({ category: "tourist_attraction", name: "Shinjuku Gyoen" })).toBe(true);
    expect(isOutdoor({ category: "tourist_attraction", name: "Piazzale Michelangelo viewpoint" })).toBe(true);
    expect(isOutdoor({ category: "shopping", name: "Porta Portese flea market" })).toBe(true);
    // Walks along a canal or a river are seen by day too (a QA plan put one after sunset).
    expect(isOutdoor({ category: "tourist_attraction", name: "Philosopher's Path" })).toBe(true);
    expect(isOutdoor({ category: "tourist_attraction", name: "哲学の道" })).toBe(true);
    expect(isOutdoor({ category: "tourist_attraction", name: "Kamo River walk" })).toBe(true);
    expect(isOutdoor({ category: "tourist_attraction", name: "Canal Saint-Martin" })).toBe(true);
    expect(isOutdoor({ category: "museum", name: "Walker Art Center" })).toBe(false);
    expect(isOutdoor({ category: "museum", name: "Musée de l'Orangerie (Tuileries Garden)" })).toBe(false);
    expect(isOutdoor({ category: "tourist_attraction", name: "Shibuya Sky observation deck" })).toBe(false);
    expect(isOutdoor({ category: "tourist_attraction", name: "Mount Inasa night view" })).toBe(false);
    expect(isOutdoor({ category: "amusement_park", name: "Tokyo DisneySea" })).toBe(false);
    expect(isOutdoor({ category: "temple", name: "Kinkaku-ji" })).toBe(false);
  });
});

describe("daylight windows", () => {
  it("cuts a park open around the clock to that date's daylight", () => {
    const open = inDaylight(undefined, ["2027-01-15"], luxembourg);
    const [[from, to]] = open["2027-01-15"] as [[string, string]];
    expect(parseHhmm(from)).toBeGreaterThanOrEqual(parseHhmm("08:35"));
    expect(parseHhmm(to)).toBeLessThanOrEqual(parseHhmm("17:23"));
  });

  it("gives a month-range opening_hours its winter window in January, and daylight cuts it no further than sunset", () => {
    const hours = "Apr-Oct 07:30-21:00; Nov-Mar 08:00-17:00";
    expect(windowsForDates(hours, ["2027-01-15"])).toEqual({ "2027-01-15": [["08:00", "17:00"]] });
    expect(windowsForDates(hours, ["2027-07-15"])).toEqual({ "2027-07-15": [["07:30", "21:00"]] });
    const open = inDaylight(windowsForDates(hours, ["2027-01-15"]), ["2027-01-15"], luxembourg);
    const [[from, to]] = open["2027-01-15"] as [[string, string]];
    // The gates open at 08:00 but the sun is up at about 08:39; they close at 17:00, before sunset.
    expect(parseHhmm(from)).toBeGreaterThan(parseHhmm("08:30"));
    expect(to).toBe("17:00");
  });

  it("closes a date whose hours all lie in the dark", () => {
    const open = inDaylight({ "2027-01-15": [["18:00", "23:00"]] }, ["2027-01-15"], luxembourg);
    expect(open["2027-01-15"]).toEqual([]);
  });
});

describe("buildProblem with outdoor places", () => {
  it("plans a January park in Paris to end before sunset, and leaves it out rather than plan it in the dark", () => {
    // From 15:30 the hour before sunset (about 17:20) is free: the visit ends by then.
    const late = { ...settings, dayStart: "15:30" };
    const { problem } = buildProblem(paris, [gardens()], late);
    const plan = solveSync({ ...problem, timeLimitMs: 2000 });
    const visit = plan.days.flatMap((d) => d.visits).find((v) => v.placeId === "lux");
    expect(visit).toBeDefined();
    expect(parseHhmm(visit!.end)).toBeLessThanOrEqual(parseHhmm("17:23"));

    // From 17:00 an hour no longer fits before sunset: nothing is planned (it was 17:58-18:58 before).
    const tooLate = buildProblem(paris, [gardens()], { ...settings, dayStart: "17:00" }).problem;
    const none = solveSync({ ...tooLate, timeLimitMs: 2000 });
    expect(none.days.flatMap((d) => d.visits)).toEqual([]);
  });

  it("does not limit a viewpoint wished for the night", () => {
    const trocadero = gardens({ latitude: 48.8616, longitude: 2.2893, preferredTimeOfDay: "night" });
    const { problem } = buildProblem(paris, [trocadero], settings);
    expect(problem.places[0]!.open).toBeUndefined();
  });

  it("leaves indoor places to their own hours", () => {
    const { problem } = buildProblem(paris, [gardens({ outdoor: false })], settings);
    expect(problem.places[0]!.open).toBeUndefined();
  });
});
