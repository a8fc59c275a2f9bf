import { describe, expect, it } from "vitest";
import { fitView, mercator, tilesFor, toScreen, unmercator } from "./mercator";

const KYOTO: [number, number][] = [
  [135.7292, 35.0394],
  [135.7727, 34.9671],
  [135.785, 34.9949],
  [135.7588, 34.9858],
];

describe("the preview's Web Mercator", () => {
  it("puts the origin in the middle of the world and round-trips points", () => {
    expect(mercator([0, 0])).toEqual([0.5, 0.5]);
    const [lng, lat] = unmercator(mercator([135.7681, 35.0116]));
    expect(lng).toBeCloseTo(135.7681, 9);
    expect(lat).toBeCloseTo(35.0116, 9);
    // Beyond MapLibre's latitude limit a point stays on the edge of the world.
    expect(mercator([0, 89.9])[1]).toBeCloseTo(0, 6);
  });

  it("frames the stops as the map's fitBounds does (40 px padding), then one zoom step out", () => {
    const view = fitView(KYOTO, 400, 500);
    // Fitted: the larger span fills the box less the padding; one step out halves it.
    const xs = KYOTO.map((p) => toScreen(view, p)[0]);
    const ys = KYOTO.map((p) => toScreen(view, p)[1]);
    const spanX = Math.max(...xs) - Math.min(...xs);
    const spanY = Math.max(...ys) - Math.min(...ys);
    expect(Math.max(spanX / 320, spanY / 420)).toBeCloseTo(0.5, 6);
    // Centred.
    expect((Math.max(...xs) + Math.min(...xs)) / 2).toBeCloseTo(200, 6);
    expect((Math.max(...ys) + Math.min(...ys)) / 2).toBeCloseTo(250, 6);
    // North is up.
    const north = toScreen(view, [135.7292, 35.0394]);
    const south = toScreen(view, [135.7727, 34.9671]);
    expect(north[1]).toBeLessThan(south[1]);
  });

  it("caps the zoom at 16 before the step out, keeps it at least 1, and falls back without stops", () => {
    expect(fitView([[135.7, 35]], 400, 400).zoom).toBe(15);
    expect(
      fitView(
        [
          [-170, -60],
          [170, 70],
        ],
        400,
        400,
      ).zoom,
    ).toBe(1);
    expect(fitView([], 400, 400).zoom).toBe(6);
  });

  it("covers the view with the raster tiles MapLibre would fetch (zoom rounded, one level up)", () => {
    const view = fitView(KYOTO, 400, 500);
    const tiles = tilesFor(view, "https://tile.example/{z}/{x}/{y}.png");
    const z = Math.round(view.zoom + 1);
    expect(tiles.length).toBeGreaterThan(0);
    for (const t of tiles) {
      expect(t.url).toMatch(new RegExp(`^https://tile\\.example/${z}/\\d+/\\d+\\.png$`));
      expect(t.left).toBeLessThan(400);
      expect(t.top).toBeLessThan(500);
      expect(t.left + t.size).toBeGreaterThan(0);
      expect(t.top + t.size).toBeGreaterThan(0);
    }
    // Every pixel of the view is under a tile.
    const area = tiles.reduce(
      (sum, t) =>
        sum +
        (Math.min(400, t.left + t.size) - Math.max(0, t.left)) *
          (Math.min(500, t.top + t.size) - Math.max(0, t.top)),
      0,
    );
    expect(area).toBeCloseTo(400 * 500, 3);
    // The tile under a stop holds it.
    const [sx, sy] = toScreen(view, KYOTO[0]!);
    const under = tiles.filter(
      (t) => sx >= t.left && sx < t.left + t.size && sy >= t.top && sy < t.top + t.size,
    );
    expect(under).toHaveLength(1);
    const [x, y] = mercator(KYOTO[0]!).map((v) => Math.floor(v * 2 ** z));
    expect(under[0]!.url).toBe(`https://tile.example/${z}/${x}/${y}.png`);
  });

  it("draws no tiles for a template it cannot fill", () => {
    expect(tilesFor(fitView(KYOTO, 400, 500), "https://{s}.tile.example/{z}/{x}/{y}.png")).toEqual([]);
  });
});
