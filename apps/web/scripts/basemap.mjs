// The built-in world basemap (issue 28 item 3): land and country borders from world-atlas's
// countries-50m (Natural Earth 1:50m), simplified once here instead of in every browser.
//
// Writes src/features/map/world.json: one GeoJSON FeatureCollection, land polygons (k: "land") and the
// borders between countries (k: "border", each border once). MapLibre fetches and parses it in its own
// worker (a source given as a URL), so nothing of it runs on the page's main thread; the service worker
// precaches it with the app (*.json) and the build writes its .br/.gz.
//
// Simplification: Douglas-Peucker with a tolerance of 0.02° (about 2 km; under a pixel up to zoom 5, a
// few at zoom 7) on the topology's arcs, so land and borders stay joined; coordinates to 0.01°. The
// 1:50m source is itself generalised to kilometres. Before: land-50m.json + countries-50m.json, 1.3 MB
// (360 kB brotli) decoded with topojson-client on the main thread; after: one file of about 140 kB brotli.
//
// The file is written as Biome formats JSON (the repository's formatter checks it): 1.4 MB raw, 140 kB
// brotli; minified it would be 0.6 MB and 126 kB.
// Usage: node scripts/basemap.mjs   (run again only when world-atlas or the settings here change)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliCompressSync } from "node:zlib";
import { feature, mesh } from "topojson-client";

const TOLERANCE = 0.02; // degrees
const DECIMALS = 2;

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8"));

/** Douglas-Peucker on one arc (absolute coordinates); its two ends always stay. */
function simplify(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let max = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
      if (d > max) {
        max = d;
        at = i;
      }
    }
    if (max > tolerance) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

// Arcs to absolute coordinates, simplified; the topology keeps its shape without a transform.
const [sx, sy] = topology.transform.scale;
const [tx, ty] = topology.transform.translate;
topology.arcs = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  const points = arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * sx + tx, y * sy + ty];
  });
  return simplify(points, TOLERANCE);
});
delete topology.transform;

const f = 10 ** DECIMALS;
const round = (c) =>
  typeof c[0] === "number" ? [Math.round(c[0] * f) / f, Math.round(c[1] * f) / f] : c.map(round);
/** Drops points that rounding made equal to the one before. */
const dedupe = (line) => line.filter((p, i) => i === 0 || p[0] !== line[i - 1][0] || p[1] !== line[i - 1][1]);
/** A polygon's rings after rounding: none when its outline collapsed, holes that collapsed left out. */
const ringsOf = (polygon) => {
  const [outline, ...holes] = polygon.map(dedupe);
  return outline.length < 4 ? [] : [outline, ...holes.filter((ring) => ring.length >= 4)];
};

const land = feature(topology, topology.objects.land);
const polygons = (land.features ?? [land]).flatMap((f) =>
  f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates,
);
const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);

const world = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      properties: { k: "land" },
      geometry: {
        type: "MultiPolygon",
        coordinates: polygons.map((p) => ringsOf(round(p))).filter((p) => p.length),
      },
    },
    {
      type: "Feature",
      properties: { k: "border" },
      geometry: {
        type: "MultiLineString",
        coordinates: borders.coordinates.map((l) => dedupe(round(l))).filter((l) => l.length >= 2),
      },
    },
  ],
};
const out = new URL("../src/features/map/world.json", import.meta.url);
writeFileSync(out, JSON.stringify(world));
execFileSync("npx", ["biome", "format", "--write", out.pathname], { stdio: "ignore" });
const text = readFileSync(out, "utf8");
console.log(
  `${out.pathname}: ${(text.length / 1024).toFixed(0)} kB, ${(brotliCompressSync(text).length / 1024).toFixed(0)} kB brotli`,
);
