import { describe, expect, it } from "vitest";
import { compile } from "../src/build";
import type { Model } from "../src/model";
import { Rng } from "../src/rng";
import { Routes } from "../src/routes";
import { placeMeals } from "../src/search";
import { parseToptw, toptwModel } from "../src/toptw";
import type { Problem } from "../src/types";
import { generateTrip } from "./generate";

/** The plain scan `bestInsert` must agree with: every slot, cheapest first, earliest slot on ties. */
function bruteForce(routes: Routes, t: number, j: number): { slot: number; cost: number } {
  let best = { slot: -1, cost: Number.POSITIVE_INFINITY };
  for (let p = 0; p <= routes.len[t]!; p++) {
    const cost = routes.insertCost(t, p, j);
    if (cost < best.cost) best = { slot: p, cost };
  }
  return best;
}

/** Builds random feasible tours (meals kept), then compares every (tour, place) pair. */
function compare(model: Model, seed: number): number {
  const rng = new Rng(seed);
  const routes = new Routes(model);
  placeMeals(routes);
  const out = { slot: 0, cost: 0 };
  const order = Array.from({ length: model.places }, (_, j) => j).sort(() => rng.next() - 0.5);
  for (const j of order) {
    const t = rng.int(0, model.tours - 1);
    routes.bestInsert(t, j, out);
    if (out.slot >= 0) routes.insert(t, out.slot, j);
  }
  let compared = 0;
  for (let t = 0; t < model.tours; t++) {
    for (let j = 0; j < model.places; j++) {
      if (routes.tourOf[j]! >= 0) continue;
      routes.bestInsert(t, j, out);
      expect({ slot: out.slot, cost: out.cost }).toEqual(bruteForce(routes, t, j));
      compared++;
    }
  }
  return compared;
}

describe("Routes.bestInsert (slots skipped by the latest-start search)", () => {
  it("picks what a full scan picks on trips with meals and opening hours", () => {
    let compared = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const problem = generateTrip({ members: 3, places: 40, days: 3, seed });
      compared += compare(compile(problem).model, seed);
    }
    expect(compared).toBeGreaterThan(200);
  });

  it("keeps a slot whose next visit can start exactly as late as the insertion needs", () => {
    // All at the depot. Visit 1 (stay 70) may start up to 100; place 2 (stay 40) starts at 60 sharp,
    // so before visit 1 it ends at 100 (the bound, met exactly), and after it it is too late.
    const text = [
      "4 10 2 1",
      "0 200",
      " 0 0 0 0 0 0 0 0 1000",
      " 1 0 0 70 10 1 1 1 0 100",
      " 2 0 0 40 10 1 1 1 60 60",
    ];
    const routes = new Routes(toptwModel(parseToptw(text.join("\n"), "exact"), 1));
    routes.setTour(0, [0]);
    const out = { slot: -2, cost: 0 };
    routes.bestInsert(0, 1, out);
    expect(out).toEqual({ slot: 0, cost: 1000 });
  });

  it("keeps a slot before a meal that is timed later once the new place is in", () => {
    // a (09:00-11:30), lunch, b (opens 12:00, last start 13:30, an hour from a). Lunch must start at
    // 11:30 in this tour, yet j (11:30 sharp, next to b) fits before it: lunch then follows j at 12:00
    // and b is reached at 13:00. The latest-start search must back over the meal to find this slot.
    const problem: Problem = {
      members: ["m"],
      locations: ["H", "A", "B", "J"].map((id, i) => ({ id, lat: 0, lng: i / 10 })),
      matrixMinutes: [
        [0, 0, 60, 60],
        [0, 0, 60, 0],
        [60, 60, 0, 0],
        [60, 0, 0, 0],
      ],
      places: [
        { id: "a", location: "A", stayMinutes: 150, wishes: { m: 1 } },
        { id: "b", location: "B", stayMinutes: 90, wishes: { m: 1 }, open: [["12:00", "15:00"]] },
        { id: "j", location: "J", stayMinutes: 30, wishes: { m: 1 }, open: [["11:30", "12:30"]] },
      ],
      days: [{ date: "2026-05-04", start: "09:00", end: "17:00", from: "H", to: "H" }],
      settings: { includeMeals: true },
    };
    const routes = new Routes(compile(problem).model);
    placeMeals(routes);
    const lunch = routes.tour(0);
    expect(lunch).toHaveLength(1);
    expect(routes.setTour(0, [0, ...lunch, 1])).toBe(true);
    const out = { slot: -2, cost: 0 };
    routes.bestInsert(0, 2, out);
    expect(out).toEqual(bruteForce(routes, 0, 2));
    expect(out.slot).toBe(1);
  });

  it("picks what a full scan picks with narrow windows (a Solomon c109-like instance)", () => {
    const rng = new Rng(3);
    const lines = ["4 10 60 1", "0 200", " 0 40 50 0 0 0 0 0 1236"];
    for (let i = 1; i <= 60; i++) {
      const open = rng.int(0, 876);
      lines.push(
        ` ${i} ${rng.int(0, 100)} ${rng.int(0, 100)} 90 ${rng.int(1, 5) * 10} 1 1 1 ${open} ${open + 360}`,
      );
    }
    const model = toptwModel(parseToptw(lines.join("\n"), "narrow"), 3);
    expect(compare(model, 7)).toBeGreaterThan(60);
  });
});
