import { describe, expect, it } from "vitest";
import { DIALOG_THRESHOLDS, guessMode, haversineKm, modeFromText, travelMinutes } from "./travel";

const tokyo = { lat: 35.6812, lng: 139.7671 };
const osaka = { lat: 34.7025, lng: 135.4959 };

describe("travel model", () => {
  it("measures great-circle distance on a 6371 km sphere", () => {
    expect(haversineKm(tokyo, osaka)).toBeCloseTo(403, -1);
    expect(haversineKm(tokyo, tokyo)).toBe(0);
  });

  it("walks at 5 km/h and drives at 40 km/h with a detour factor, in whole minutes", () => {
    const oneKmEast = { lat: 0, lng: 1 / 111.195 };
    expect(travelMinutes({ lat: 0, lng: 0 }, oneKmEast, "walking")).toBe(16);
    expect(travelMinutes({ lat: 0, lng: 0 }, oneKmEast, "car")).toBe(2);
    expect(travelMinutes({ lat: 0, lng: 0 }, oneKmEast, "public_transport")).toBe(14);
  });

  it("flies above the distance threshold, airport time included", () => {
    const sapporo = { lat: 43.0618, lng: 141.3545 };
    expect(travelMinutes(tokyo, sapporo, "car")).toBe(travelMinutes(tokyo, sapporo, "walking"));
    expect(travelMinutes(tokyo, sapporo, "car")).toBeGreaterThan(120);
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
