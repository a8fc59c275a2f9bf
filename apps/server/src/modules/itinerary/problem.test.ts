import { solveSync } from "@tabi/optimizer";
import { describe, expect, it } from "vitest";
import { closedAtWishedTime, missedNote } from "./present";
import { buildProblem, CHECK_IN_MINUTES, flightMinutes, LANDING_MINUTES } from "./problem";

const settings = {
  fairnessWeight: 0.6,
  includeMeals: true,
  preferredTransport: "public_transport" as const,
  dayStart: "09:00",
  dayEnd: "20:00",
};
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
  it("makes one 09:00-20:00 day per trip date (back by 22:00), from and back to the departure when it is home", () => {
    const { problem, frames } = buildProblem(kyoto, [place("a", 35.0394, 135.7292, [["u1", 10]])], settings);
    expect(problem.days.map((d) => d.date)).toEqual(["2026-12-10", "2026-12-11", "2026-12-12"]);
    const home = problem.days[0]!.from;
    for (const d of problem.days)
      expect(d).toMatchObject({ start: "09:00", visitsEnd: "20:00", end: "22:00", from: home, to: home });
    expect(problem.locations.find((l) => l.id === home)).toMatchObject({ lat: 34.9858, lng: 135.7588 });
    expect(frames.map((f) => f.start.name)).toEqual(["Kyoto Station", "Kyoto Station", "Kyoto Station"]);
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

  it("sleeps at a base at the centre of the places when the departure is not home", () => {
    const nagoya = {
      ...kyoto,
      departureLocation: "Nagoya",
      departureLatitude: 35.17,
      departureLongitude: 136.88,
    };
    const { problem, frames, tooFar } = buildProblem(
      nagoya,
      [
        place("a", 35.0, 135.7, [["u", 6]]),
        place("b", 35.02, 135.76, [["u", 6]]),
        place("c", 35.01, 135.74, [["u", 6]]),
        // Seoul: too far for a day from Kyoto by public transport, and it must not pull the nights.
        place("seoul", 37.5665, 126.978, [["u", 10]]),
      ],
      settings,
    );
    expect(frames[0]!.start.name).toBe("Nagoya");
    expect(frames[0]!.end).toMatchObject({ name: "Base near your places", nameKey: "plan.baseNearPlaces" });
    expect(frames[0]!.end.latitude).toBeCloseTo(35.01, 2);
    expect(frames[0]!.end.longitude).toBeCloseTo(135.74, 2);
    expect(tooFar).toEqual(["seoul"]);
    expect(problem.places.map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(frames[2]!.end.name).toBe("Nagoya"); // the last day returns
    expect(problem.days[0]!.to).toBe(problem.days[1]!.from);
    expect(problem.days[0]!.from).toBe(problem.days[2]!.to);
  });

  it("ends and starts a night at that night's hotel booking", () => {
    const hotel = { date: "2026-12-10", name: "Hotel Kanra", latitude: 34.99, longitude: 135.76 };
    const { problem, frames } = buildProblem(kyoto, [place("a", 35.04, 135.73, [["u", 6]])], settings, {
      hotels: [hotel],
    });
    expect(frames[0]!.end.name).toBe("Hotel Kanra");
    expect(frames[1]!.start.name).toBe("Hotel Kanra");
    expect(frames[1]!.end.name).toBe("Kyoto Station");
    const at = problem.locations.find((l) => l.id === problem.days[0]!.to);
    expect(at).toMatchObject({ lat: 34.99, lng: 135.76 });
  });

  it("flies out and home through the airports when the departure is far", () => {
    const hnd = { name: "Haneda Airport", iata: "HND", latitude: 35.5523, longitude: 139.7798 };
    const itm = { name: "Osaka International Airport", iata: "ITM", latitude: 34.7855, longitude: 135.4382 };
    const tokyo = {
      ...kyoto,
      departureLocation: "Tokyo",
      departureLatitude: 35.6812,
      departureLongitude: 139.7671,
    };
    const { problem, frames } = buildProblem(tokyo, [place("a", 35.04, 135.73, [["u", 6]])], settings, {
      flights: { outbound: { from: hnd, to: itm }, inbound: { from: itm, to: hnd } },
    });
    const flight = flightMinutes(hnd, itm);
    const [out, arrive] = frames[0]!.before;
    // To the airport by the group's own mode when it rides (public transport here).
    expect(out).toMatchObject({
      placeId: "airport_HND_departure",
      system: "airport",
      mode: "public_transport",
    });
    expect(arrive).toMatchObject({ placeId: "airport_ITM_arrival", mode: "flight", travelMinutes: flight });
    // The optimiser's first day starts at the arrival airport once the group has landed.
    const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    expect(toMin(problem.days[0]!.start)).toBe(toMin(out!.end) + flight + LANDING_MINUTES);
    expect(problem.locations.find((l) => l.id === problem.days[0]!.from)).toMatchObject({ kind: "airport" });
    // The last day ends at the airport, check-in time before the flight home.
    const home = frames[2]!.home!;
    expect(toMin(problem.days[2]!.end)).toBe(home.departAt - CHECK_IN_MINUTES);
    expect(home.flight.to.iata).toBe("HND");
    expect(frames[1]!.before).toEqual([]);
  });

  it("rides to and from the airports on a walking trip (spec 2: a leg with an airport is a car)", () => {
    const hnd = { name: "Haneda Airport", iata: "HND", latitude: 35.5523, longitude: 139.7798 };
    const itm = { name: "Osaka International Airport", iata: "ITM", latitude: 34.7855, longitude: 135.4382 };
    const tokyo = {
      ...kyoto,
      departureLocation: "Tokyo",
      departureLatitude: 35.6812,
      departureLongitude: 139.7671,
    };
    const walking = { ...settings, preferredTransport: "walking" as const };
    // One temple locked on the day the group lands, one on the day it flies home.
    const places = [
      { ...place("a", 35.04, 135.73, [["u", 6]]), lock: { date: "2026-12-10" } },
      { ...place("b", 34.9949, 135.785, [["u", 6]]), lock: { date: "2026-12-12" } },
    ];
    const { problem, frames } = buildProblem(tokyo, places, walking, {
      flights: { outbound: { from: hnd, to: itm }, inbound: { from: itm, to: hnd } },
    });
    const [out] = frames[0]!.before;
    expect(out).toMatchObject({ placeId: "airport_HND_departure", mode: "car" });
    expect(out!.travelMinutes).toBeLessThan(90);
    expect(frames[2]!.home!.groundMode).toBe("car");
    // The optimiser's own legs from the arrival airport and to the departure one ride too.
    const solved = solveSync(problem, { seed: 1, timeLimitMs: 2000 });
    expect(solved.days[0]!.visits).toEqual([
      expect.objectContaining({ placeId: "a", mode: "car", travelMinutes: expect.any(Number) }),
    ]);
    expect(solved.days[0]!.visits[0]!.travelMinutes).toBeLessThan(120);
    expect(solved.days[2]!.visits.map((v) => v.placeId)).toEqual(["b"]);
    expect(solved.days[2]!.backMode).toBe("car");
    expect(solved.days[2]!.backTravelMinutes).toBeLessThan(120);
  });

  it("keeps a booked flight's times: day 1 starts 30 minutes after landing, the last day ends at check-in", () => {
    const icn = { name: "Incheon", iata: "ICN", latitude: 37.46, longitude: 126.44 };
    const kix = { name: "Kansai", iata: "KIX", latitude: 34.43, longitude: 135.23 };
    const seoul = {
      ...kyoto,
      departureLocation: "Seoul",
      departureLatitude: 37.5665,
      departureLongitude: 126.978,
    };
    const out = { bookingId: "bk-out", flightNumber: "KE 723", takeOff: 11 * 60 + 40, landing: 14 * 60 + 10 };
    const home = { bookingId: "bk-home", takeOff: 17 * 60, landing: 19 * 60 };
    const { problem, frames } = buildProblem(seoul, [place("a", 35.04, 135.73, [["u", 6]])], settings, {
      flights: {
        outbound: { from: icn, to: kix, booked: out },
        inbound: { from: kix, to: icn, booked: home },
      },
    });
    expect(problem.days[0]!.start).toBe("14:40");
    const [dep, arr] = frames[0]!.before;
    expect(dep).toMatchObject({ placeId: "airport_ICN_departure", start: "10:10", end: "11:40" });
    expect(dep).toMatchObject({ bookingId: "bk-out", flightNumber: "KE 723" });
    expect(arr).toMatchObject({
      placeId: "airport_KIX_arrival",
      start: "14:10",
      end: "14:40",
      travelMinutes: 150,
    });
    expect(frames[0]!.depart! < "10:10").toBe(true);
    expect(problem.days[2]!.end).toBe("15:30");
    expect(frames[2]!.home).toMatchObject({ departAt: 17 * 60, flightMinutes: 120, booked: home });
  });

  it("leaves a first day with no time when the flight lands at night", () => {
    const far = { name: "Far", iata: "FAR", latitude: 51.47, longitude: -0.45 };
    const kix = { name: "Kansai", iata: "KIX", latitude: 34.43, longitude: 135.23 };
    const { problem } = buildProblem(
      { ...kyoto, departureLatitude: 51.5, departureLongitude: -0.12 },
      [place("a", 35.04, 135.73, [["u", 6]])],
      settings,
      { flights: { outbound: { from: far, to: kix }, inbound: null } },
    );
    expect(problem.days[0]).toMatchObject({ start: "19:59", visitsEnd: "20:00" });
  });
});

describe("why a time-of-day wish was not kept", () => {
  const place = (id: string, openingHours: string | null, preferredTimeOfDay: string | null) => ({
    id,
    name: id,
    category: "temple",
    openingHours,
    preferredTimeOfDay,
  });
  it("names the hours of a place that is never open at the wished time, and only then", () => {
    const closed = closedAtWishedTime(
      [
        place("ginkaku", "Mo-Su 08:30-17:00", "night"),
        place("gion", "24/7", "night"),
        place("pontocho", "Mo-Su 17:00-23:00", "night"),
        place("museum", "Tu-Su 09:30-17:00", "morning"),
        place("nowish", "Mo-Su 08:30-17:00", null),
      ],
      ["2026-12-10", "2026-12-11"],
    );
    expect([...closed]).toEqual([["ginkaku", "Mo-Su 08:30-17:00"]]);
    expect(missedNote("night", closed.get("ginkaku")).note).toContain(
      "it is not open then on the trip's days (Mo-Su 08:30-17:00)",
    );
    expect(missedNote("night", closed.get("ginkaku"))).toMatchObject({
      noteKey: "plan.missedClosed.night",
      noteParams: { hours: "Mo-Su 08:30-17:00" },
    });
    expect(missedNote("morning").note).toContain("no day had room for it then");
  });
});
