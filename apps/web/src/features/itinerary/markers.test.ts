import { describe, expect, it } from "vitest";
import {
  arrowAt,
  curve,
  GOLD,
  HOTEL_COLOR,
  legColor,
  markerBackground,
  markerLook,
  NO_CONTRIBUTOR,
  SYSTEM_COLOR,
} from "./markers";

describe("marker colours (spec 2)", () => {
  it("follows the contributor rules", () => {
    expect(markerBackground([], true)).toBe(SYSTEM_COLOR);
    expect(markerBackground([])).toBe(NO_CONTRIBUTOR);
    expect(markerBackground(["#0077BE"])).toBe("#0077BE");
    expect(markerBackground(["#0077BE", "#228B22"])).toBe("linear-gradient(135deg, #0077BE, #228B22)");
    expect(markerBackground(["a", "b", "c", "d"])).toBe("linear-gradient(135deg, a, b, c)");
    expect(markerBackground(["a", "b", "c", "d", "e"])).toBe(GOLD);
  });

  it("colours legs by mode: flight blue, car brown, the rest grey", () => {
    expect(legColor("flight")).toBe("#2563EB");
    expect(legColor("car")).toBe("#8B5A2B");
    expect(legColor("walking")).toBe("#6B7280");
    expect(legColor("public_transport")).toBe("#6B7280");
  });
});

describe("leg geometry", () => {
  it("draws 20 segments from end to end, bending to opposite sides for the return leg", () => {
    const there = curve([0, 0], [10, 0], 1);
    const back = curve([0, 0], [10, 0], -1);
    expect(there).toHaveLength(21);
    expect(there[0]).toEqual([0, 0]);
    expect(there[20]).toEqual([10, 0]);
    expect(Math.sign(there[10]![1])).toBe(-Math.sign(back[10]![1]));
  });

  it("puts the arrow's tip on the line", () => {
    const line = curve([0, 0], [10, 0]);
    const [, tip] = arrowAt(line, 1);
    expect(tip).toEqual(line[10]);
  });
});

describe("marker looks", () => {
  it("draws a booked hotel night with a bed, bigger than other stops", () => {
    expect(markerLook({ colors: [], system: true, hotel: true })).toMatchObject({
      background: HOTEL_COLOR,
      size: 24,
    });
    expect(markerLook({ colors: [], system: true, hotel: true }).icon).toContain("<svg");
    expect(markerLook({ colors: [], system: true })).toEqual({
      background: SYSTEM_COLOR,
      size: 18,
      icon: "",
    });
    expect(markerLook({ colors: ["#0077BE"], system: false })).toEqual({
      background: "#0077BE",
      size: 16,
      icon: "",
    });
  });
});
