import { describe, expect, it } from "vitest";
import { derivedSeed } from "../src/portfolio";
import { Routes } from "../src/routes";
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

  // A ring of 30 customers, wide windows: long single tours, where insertion is granular.
  const ring = (() => {
    const lines = ["0 1 30 1", "0 400", " 0 50 50 0 0 0 0 0 2000"];
    for (let i = 1; i <= 30; i++) {
      const a = (2 * Math.PI * i) / 30;
      const x = (50 + 30 * Math.cos(a)).toFixed(1);
      const y = (50 + 30 * Math.sin(a)).toFixed(1);
      lines.push(` ${i} ${x} ${y} 10 ${1 + (i % 7)} 1 1 1 0 2000`);
    }
    return parseToptw(`${lines.join("\n")}\n`, "ring");
  })();

  it("runs a portfolio of derived seeds and stays deterministic for a seed", () => {
    expect(new Set([0, 1, 2, 3].map((i) => derivedSeed(7, i))).size).toBe(4);
    expect(derivedSeed(7, 0)).toBe(7);
    const a = solveToptw(ring, 2, { seed: 3, iterations: 600 });
    const b = solveToptw(ring, 2, { seed: 3, iterations: 600 });
    expect(a.tours).toEqual(b.tours);
    expect(
      checkTours(
        toptwModel(ring, 2),
        a.tours.map((t) => t.map((v) => v - 1)),
      ).errors,
    ).toEqual([]);
  });

  it("prices insertions near a place like the full scan when its neighbours are in the tour", () => {
    const model = toptwModel(ring, 1);
    const routes = new Routes(model);
    expect(
      routes.setTour(
        0,
        Array.from({ length: 15 }, (_, i) => i),
      ),
    ).toBe(true);
    const near = new Int32Array(30 * 2).fill(-1);
    for (let j = 0; j < 30; j++) {
      near[2 * j] = (j + 29) % 30;
      near[2 * j + 1] = (j + 1) % 30;
    }
    for (let j = 15; j < 30; j++) {
      const full = { slot: 0, cost: 0 };
      const granular = { slot: 0, cost: 0 };
      routes.bestInsert(0, j, full);
      routes.bestInsertNear(0, j, near, 2, 4, granular);
      expect(granular.cost).toBeGreaterThanOrEqual(full.cost);
      if (j === 15 || j === 29) expect(granular.cost).toBe(full.cost); // next to the tour's ends
      if (granular.slot < 0) continue;
      expect(routes.insertCost(0, granular.slot, j)).toBe(granular.cost);
    }
  });
});
