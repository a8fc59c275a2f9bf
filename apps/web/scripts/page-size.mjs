// What a page loads, as sent over the wire: follows the Vite manifest from the entry through the chunks a
// page mounts (with their own dynamic imports and assets, e.g. maplibre-gl, its worker and the built-in
// basemap) and sums the sizes raw, gzip'd and brotli'd (the server sends the build's .br/.gz files).
// Usage: node scripts/page-size.mjs [dist dir]  (after `npm run build`; needs build.manifest)
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = resolve(process.argv[2] ?? new URL("../dist/", import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

/** Files a set of manifest keys pulls in: static imports; with deep, also dynamic imports and assets. */
function closure(keys, deep = false) {
  const files = new Set();
  const seen = new Set();
  const visit = (key, followDynamic) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    if (followDynamic) for (const asset of chunk.assets ?? []) files.add(asset);
    for (const dep of chunk.imports ?? []) visit(dep, followDynamic && dep !== "index.html");
    if (followDynamic) for (const dep of chunk.dynamicImports ?? []) visit(dep, true);
  };
  for (const key of keys) visit(key, deep && key !== "index.html");
  return files;
}

const sizes = (files) => {
  let raw = 0;
  let gz = 0;
  let br = 0;
  let jsBr = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += b;
    if (/\.m?js$/.test(file)) jsBr += b;
  }
  return { raw, gz, br, jsBr };
};

const key = (pattern) => Object.keys(manifest).find((k) => pattern.test(k));
const map = key(/itinerary\/TripMap\.tsx$/);
const calendar = key(/itinerary\/CalendarView\.tsx$/);
const pages = {
  "sign-in page": closure(["index.html"]),
  // The trip page opens on the map: the map chunk, maplibre-gl, its worker and the basemap data.
  "trip page (map view)": closure(["index.html", map].filter(Boolean), true),
  "trip page, calendar opened": closure(["index.html", map, calendar].filter(Boolean), true),
};
const kb = (n) => (n / 1024).toFixed(1);
console.log("| page | files | raw KB | gzip KB | brotli KB | of which JavaScript, brotli KB |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, files] of Object.entries(pages)) {
  const s = sizes(files);
  console.log(`| ${name} | ${files.size} | ${kb(s.raw)} | ${kb(s.gz)} | ${kb(s.br)} | ${kb(s.jsBr)} |`);
}
