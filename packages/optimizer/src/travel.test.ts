import { describe, expect, it } from "vitest";
import {
  airportLegMode,
  DIALOG_THRESHOLDS,
  EARTH_RADIUS_KM,
  guessMode,
  haversineKm,
  legMode,
  legTravelMode,
  maxReachKm,
  modeFromText,
  TRAVEL_MODEL,
  type TravelMode,
  travelMinutes,
} from "./travel";

const tokyo = { lat: 35.6812, lng: 139.7671 };
const osaka = { lat: 34.7025, lng: 135.4959 };
const origin = { lat: 0, lng: 0 };
/** A point `km` east of the origin along the equator (exact on the model's sphere). */
const east = (km: number) => ({ lat: 0, lng: ((km / EARTH_RADIUS_KM) * 180) / Math.PI });
const minutesAt = (km: number, mode: TravelMode) => travelMinutes(origin, east(km), mode);
const GROUND: TravelMode[] = ["walking", "public_transport", "car", "taxi"];

// Kyoto (the trip) and a few longer legs, with what a traveller would expect door to door.
const kinkakuji = { lat: 35.0394, lng: 135.7292 };
const ryoanji = { lat: 35.0345, lng: 135.7182 };
const ginkakuji = { lat: 35.027, lng: 135.7982 };
const kyotoStation = { lat: 34.9858, lng: 135.7588 };
const fushimiInari = { lat: 34.9671, lng: 135.7727 };
const nara = { lat: 34.6851, lng: 135.8048 };
const seoul = { lat: 37.5665, lng: 126.978 };

describe("travel model", () => {
  it("measures great-circle distance on a 6371 km sphere", () => {
    expect(haversineKm(tokyo, osaka)).toBeCloseTo(403, -1);
    expect(haversineKm(tokyo, tokyo)).toBe(0);
    expect(haversineKm(origin, east(12.5))).toBeCloseTo(12.5, 9);
  });

  it("walks at 4.8 km/h on streets 30% longer than the straight line, in whole minutes", () => {
    expect(minutesAt(1, "walking")).toBe(17); // 16.25 rounded up
    expect(minutesAt(3, "walking")).toBe(49); // 48.75
    expect(travelMinutes(tokyo, tokyo, "walking")).toBe(0);
  });

  it("walks short public-transport hops and takes faster vehicles as legs get longer", () => {
    for (const km of [0.3, 0.8, 1.1]) {
      expect(minutesAt(km, "public_transport")).toBe(minutesAt(km, "walking"));
      expect(legMode(origin, east(km), "public_transport")).toBe("walking");
    }
    expect(legMode(origin, east(2), "public_transport")).toBe("public_transport");
    // City band at 3 km (15 + 11.7), metro at 10 km (24 + 18), regional rail at 40 km (37 + 39.4).
    expect(minutesAt(3, "public_transport")).toBe(27);
    expect(minutesAt(10, "public_transport")).toBe(42);
    expect(minutesAt(40, "public_transport")).toBe(77);
  });

  it("gives Kyoto legs the times a visitor would see", () => {
    const cases: [string, number, number, number, number, TravelMode][] = [
      // [leg, from, to (indices below), at least, at most, mode]
      ["Kinkaku-ji to Ryōan-ji on foot (1.1 km)", 0, 1, 15, 22, "walking"],
      ["Ginkaku-ji to Ryōan-ji by bus/metro (7.3 km)", 2, 1, 30, 55, "public_transport"],
      ["Ginkaku-ji to Ryōan-ji by car (7.3 km)", 2, 1, 20, 40, "car"],
      ["Kyoto Station to Fushimi Inari by train (2.3 km)", 3, 4, 18, 35, "public_transport"],
      ["Kyoto Station to Nara by train (33 km)", 3, 5, 55, 90, "public_transport"],
      ["Kyoto Station to Nara by car (33 km)", 3, 5, 45, 80, "car"],
    ];
    const points = [kinkakuji, ryoanji, ginkakuji, kyotoStation, fushimiInari, nara];
    for (const [leg, from, to, low, high, mode] of cases) {
      const minutes = travelMinutes(points[from]!, points[to]!, mode);
      expect({ leg, ok: minutes >= low && minutes <= high, minutes }).toMatchObject({ leg, ok: true });
    }
  });

  it("drives slower in town, faster on motorways, with a car park or a taxi to hail", () => {
    expect(minutesAt(1, "car")).toBe(12); // 8 car park + 3.12 urban
    expect(minutesAt(1, "taxi")).toBe(9); // 5 hailing + 3.12
    expect(minutesAt(0.3, "car")).toBe(minutesAt(0.3, "walking"));
    expect(legMode(origin, east(0.3), "taxi")).toBe("walking");
    const cityKmPerMin = 5 / (minutesAt(5, "car") - TRAVEL_MODEL.roadOverheadMinutes.car);
    const motorwayKmPerMin = 200 / (minutesAt(300, "car") - minutesAt(100, "car"));
    expect(motorwayKmPerMin).toBeGreaterThan(3 * cityKmPerMin);
    // Tokyo to Osaka by road is about 6 hours.
    expect(travelMinutes(tokyo, osaka, "car")).toBeGreaterThan(300);
    expect(travelMinutes(tokyo, osaka, "car")).toBeLessThan(420);
  });

  it("never turns a ground leg into a flight: 762 km on foot is just very long", () => {
    const kyoto = kinkakuji;
    expect(haversineKm(kyoto, seoul)).toBeGreaterThan(700);
    for (const mode of GROUND) {
      expect(legMode(kyoto, seoul, mode)).toBe(mode);
      expect(travelMinutes(kyoto, seoul, mode)).toBeGreaterThan(8 * 60);
    }
    expect(travelMinutes(kyoto, seoul, "walking")).toBeGreaterThan(10_000);
  });

  it("flies only when the mode asked is a flight, airport time included", () => {
    const sapporo = { lat: 43.0618, lng: 141.3545 };
    const km = haversineKm(tokyo, sapporo);
    expect(travelMinutes(tokyo, sapporo, "flight")).toBe(Math.ceil((km / 700) * 60 + 120));
    expect(legMode(tokyo, sapporo, "flight")).toBe("flight");
    expect(travelMinutes(tokyo, sapporo, "car")).toBeGreaterThan(travelMinutes(tokyo, sapporo, "flight"));
  });

  it("is never quicker for a longer leg, nor through a third place (every mode, 0-200 km)", () => {
    for (const mode of [...GROUND, "flight"] as TravelMode[]) {
      let previous = 0;
      for (let m = 10; m <= 200_000; m += m < 50_000 ? 10 : 250) {
        const minutes = minutesAt(m / 1000, mode);
        expect({ mode, km: m / 1000, drop: minutes < previous }).toMatchObject({ drop: false });
        previous = minutes;
      }
      for (const a of [0.4, 1.1, 1.3, 3.9, 4.2, 9, 14.8, 16, 39, 45, 120])
        for (const b of [0.2, 1, 2.5, 4, 11, 15, 30, 80]) {
          const straight = minutesAt(a + b, mode);
          const via = minutesAt(a, mode) + minutesAt(b, mode);
          expect({ mode, a, b, shortcut: straight > via }).toMatchObject({ shortcut: false });
        }
    }
  });

  it("tells how far a mode reaches one way in a given time", () => {
    for (const mode of [...GROUND, "flight"] as TravelMode[])
      for (const minutes of [5, 17, 30, 60, 90, 180, 240, 600]) {
        const reach = maxReachKm(mode, minutes);
        if (reach > 0) expect(minutesAt(reach * (1 - 1e-9), mode)).toBeLessThanOrEqual(minutes);
        expect(minutesAt(reach + 0.05, mode)).toBeGreaterThan(minutes);
      }
    expect(maxReachKm("walking", 60)).toBeCloseTo(60 / 16.25, 6);
    expect(maxReachKm("walking", 0)).toBe(0);
    expect(maxReachKm("flight", 60)).toBe(0);
    // 3 hours each way: about 11 km on foot, 145 km by train, 164 km by car (great circle).
    expect(maxReachKm("walking", 180)).toBeCloseTo(11.1, 1);
    expect(maxReachKm("public_transport", 180)).toBeCloseTo(145, 0);
    expect(maxReachKm("car", 180)).toBeCloseTo(164, 0);
  });
});

describe("mode guess (spec 2 section 4)", () => {
  it("flies between airports or over 5 degrees", () => {
    expect(guessMode({ ...tokyo, kind: "airport" }, { ...osaka, kind: "departure" })).toBe("flight");
    expect(guessMode(tokyo, { lat: 41, lng: 139 })).toBe("flight");
  });
  it("drives over 0.1 degrees or to an airport, else walks", () => {
    expect(guessMode(tokyo, { lat: 35.9, lng: 139.77 })).toBe("car");
    expect(guessMode(tokyo, { ...tokyo, lat: 35.69, kind: "airport" })).toBe("car");
    expect(guessMode(tokyo, { lat: 35.69, lng: 139.77 })).toBe("walking");
    expect(guessMode(tokyo, { lat: 35.7, lng: 139.77 }, DIALOG_THRESHOLDS)).toBe("car");
  });
  it("reads keywords in a mode text", () => {
    expect(modeFromText("Plane to Osaka")).toBe("flight");
    expect(modeFromText("taxi")).toBe("car");
    expect(modeFromText("on foot")).toBe("walking");
    expect(modeFromText("bus")).toBeNull();
  });
});

describe("the mode of a leg from or to an airport (spec 2 'Transport mode for a leg', issue 25)", () => {
  const itami = { lat: 34.7855, lng: 135.4382, kind: "airport" as const };
  const temple = { ...ginkakuji, kind: "place" as const };
  it("rides whatever the trip's mode: walking becomes a car, the other ground modes stay", () => {
    expect(airportLegMode("walking")).toBe("car");
    for (const mode of ["public_transport", "car", "taxi"] as const) expect(airportLegMode(mode)).toBe(mode);
    expect(legTravelMode("walking", itami, temple)).toBe("car");
    expect(legTravelMode("walking", temple, itami)).toBe("car");
    expect(legTravelMode("walking", temple, { ...kinkakuji, kind: "place" })).toBe("walking");
    expect(legTravelMode("public_transport", itami, temple)).toBe("public_transport");
  });
  it("makes Itami to eastern Kyoto a ride of about an hour, not ten hours on foot", () => {
    const walk = travelMinutes(itami, temple, "walking");
    const ride = travelMinutes(itami, temple, legTravelMode("walking", itami, temple));
    expect(walk).toBeGreaterThan(600);
    expect(ride).toBeGreaterThan(45);
    expect(ride).toBeLessThan(100);
  });
});
