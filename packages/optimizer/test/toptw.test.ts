import { describe, expect, it } from "vitest";
import { parseToptw, solveToptw, toptwModel } from "../src/toptw";
import { checkTours } from "../src/verify";

// Depot, then four customers on a line; times x10 (Solomon scale).
const TEXT = `0 4 4 1
0 200
 0 0 0 0 0 0 0 0 100
 1 10 0 5 10 1 1 1 0 100
 2 20 0 5 20 1 1 1 0 100
 3 0 10 5 5 1 1 1 20 30
 4 0 45 5 50 1 1 1 0 100
`;

describe("TOPTW", () => {
  it("parses the benchmark format with truncated travel times", () => {
    const inst = parseToptw(TEXT, "tiny");
    expect(inst.scale).toBe(10);
    expect(inst.travel[0 * 5 + 1]).toBe(100);
    expect(inst.close[3]).toBe(300);
    expect(() => parseToptw("x", "bad")).toThrow(/expected "k v N t"/);
  });

  it("solves a tiny case to its optimum, feasibly", () => {
    const inst = parseToptw(TEXT, "tiny");
    // Customer 4 (profit 50) needs 90 of the 100 time units: 1 + 2 + 3 cannot join it; 1 + 2 + 3 give 35.
    const one = solveToptw(inst, 1, { seed: 1 });
    expect(one.score).toBe(50);
    const two = solveToptw(inst, 2, { seed: 1 });
    expect(two.score).toBe(85);
    expect(
      checkTours(
        toptwModel(inst, 2),
        two.tours.map((t) => t.map((v) => v - 1)),
      ).errors,
    ).toEqual([]);
  });
});
