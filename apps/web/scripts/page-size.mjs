// What a page loads at first, as sent over the wire: follows the Vite manifest's static imports from the
// entry (plus the lazy chunks a page mounts at once) and sums the JS+CSS sizes gzip'd and brotli'd.
// Usage: node scripts/page-size.mjs  (after `npm run build`; needs build.manifest)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

/** Files (JS and CSS) a set of manifest keys pulls in through static imports. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const sizes = (files) => {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gz, br };
};

const lazyKeys = (pattern) =>
  Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && pattern.test(k));
const pages = {
  "sign-in page": closure(["index.html"]),
  // The plan view is in the entry chunk; whatever lazy chunk it mounts at first paint is listed here.
  "trip page (plan view)": closure(["index.html", ...lazyKeys(new RegExp(process.env.TRIP_LAZY ?? "^$"))]),
};
const kb = (n) => (n / 1024).toFixed(1);
console.log("| page | files | raw KB | gzip KB | brotli KB |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, files] of Object.entries(pages)) {
  const s = sizes(files);
  console.log(`| ${name} | ${files.size} | ${kb(s.raw)} | ${kb(s.gz)} | ${kb(s.br)} |`);
}
