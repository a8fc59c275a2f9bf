// What the first screen costs, from the build (no browser): the entry and the chunks index.html loads,
// the CSS, and in each language the catalogues loaded before the first render (src/i18n/bundles.ts: the
// language's `first` bundle and the English server texts), gzip-compressed as served. Checks the
// budgets (issue 28 item 6) and exits with 1 when one is exceeded; src/size.test.ts runs it.
// Lazy chunks (screens, dialogs, the map) and the trip screens' catalogues are listed apart.
// Usage: node scripts/size.mjs [dist dir] [--json]  (after `npm run build`; needs build.manifest)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

/** The budgets of the first screen, in every language. */
export const BUDGETS = {
  /** First-load JavaScript (entry, its chunks and the catalogues), KB gzip. */
  firstScreenKb: 300,
  /** JavaScript files the first screen loads (entry, its chunks and the catalogues). */
  firstScreenJsFiles: 8,
  /** Catalogue files the first screen loads. */
  catalogueFiles: 2,
  /** Catalogues of the first screen, KB gzip. */
  catalogueKb: 24,
  /** Catalogues a signed-in trip adds, KB gzip, and their files. */
  tripCatalogueKb: 12,
  tripCatalogueFiles: 1,
};
const LANGUAGES = ["en", "ja", "ko", "zh"];

const args = process.argv.slice(2);
const json = args.includes("--json");
const dist = resolve(args.find((a) => !a.startsWith("--")) ?? new URL("../dist/", import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The files a manifest key loads with its static imports (and their CSS). */
function closure(key, skip = new Set()) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file) || skip.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return files;
}
const keyOf = (pattern) => {
  const key = Object.keys(manifest).find((k) => pattern.test(k));
  if (!key) throw new Error(`no ${pattern} in the build manifest`);
  return key;
};
const isJs = (f) => /\.m?js$/.test(f);
const sum = (files) => [...files].reduce((s, f) => s + gz(f), 0);

const initial = closure("index.html");
const englishServer = closure(keyOf(/contracts\/src\/i18n\/en\.json$/), initial);
const languages = LANGUAGES.map((lng) => {
  const first = closure(keyOf(new RegExp(`i18n/bundles/first-${lng}\\.ts$`)), initial);
  const catalogues = new Set([...first, ...englishServer]);
  const trip = closure(
    keyOf(new RegExp(`i18n/bundles/trip-${lng}\\.ts$`)),
    new Set([...initial, ...catalogues]),
  );
  const js = [...initial, ...catalogues].filter(isJs);
  return {
    language: lng,
    jsFiles: js.length,
    jsKb: sum(js),
    catalogueFiles: catalogues.size,
    catalogueKb: sum(catalogues),
    tripCatalogueFiles: trip.size,
    tripCatalogueKb: sum(trip),
  };
});
const cssKb = sum([...initial].filter((f) => f.endsWith(".css")));

// Every text file above 1 kB has its .br and .gz beside it (vite.config.ts precompress).
const walk = (d) =>
  readdirSync(join(dist, d), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
  );
const unCompressed = walk("assets").filter(
  (f) =>
    /\.(m?js|css|json|svg)$/.test(f) &&
    readFileSync(join(dist, f)).length > 1024 &&
    !(existsSync(join(dist, `${f}.br`)) && existsSync(join(dist, `${f}.gz`))),
);

const failures = [];
for (const l of languages) {
  const over = (what, value, budget, unit = "") => {
    if (value > budget)
      failures.push(`${l.language}: ${what} ${value.toFixed?.(1) ?? value}${unit} > ${budget}${unit}`);
  };
  over("first-screen JavaScript", l.jsKb, BUDGETS.firstScreenKb, " KB");
  over("first-screen JavaScript files", l.jsFiles, BUDGETS.firstScreenJsFiles);
  over("first-screen catalogues", l.catalogueKb, BUDGETS.catalogueKb, " KB");
  over("first-screen catalogue files", l.catalogueFiles, BUDGETS.catalogueFiles);
  over("trip catalogues", l.tripCatalogueKb, BUDGETS.tripCatalogueKb, " KB");
  over("trip catalogue files", l.tripCatalogueFiles, BUDGETS.tripCatalogueFiles);
}
if (unCompressed.length) failures.push(`no .br/.gz beside: ${unCompressed.join(", ")}`);

if (json) {
  console.log(
    JSON.stringify({ budgets: BUDGETS, initial: [...initial], cssKb, languages, unCompressed, failures }),
  );
} else {
  console.log("| file | gzip KB | loaded |");
  console.log("|---|---:|---|");
  const loadedAs = new Map([...initial].map((f) => [f, "first load"]));
  for (const lng of LANGUAGES) {
    for (const f of closure(keyOf(new RegExp(`i18n/bundles/first-${lng}\\.ts$`)), initial))
      loadedAs.set(f, `catalogues, first screen (${lng})`);
    for (const f of closure(keyOf(new RegExp(`i18n/bundles/trip-${lng}\\.ts$`)), initial))
      loadedAs.set(f, `catalogues, trip screens (${lng})`);
  }
  for (const f of englishServer) loadedAs.set(f, "catalogues, first screen (every language)");
  const rows = walk("assets")
    .filter((f) => /\.(m?js|css)$/.test(f))
    .map((file) => ({ file, kb: gz(file), loaded: loadedAs.get(file) ?? "on demand" }))
    .sort((a, b) => a.loaded.localeCompare(b.loaded) || b.kb - a.kb);
  for (const r of rows) console.log(`| ${r.file} | ${r.kb.toFixed(1)} | ${r.loaded} |`);
  console.log("");
  console.log(
    `Entry and its chunks: ${[...initial].filter(isJs).length} JavaScript files, ${sum([...initial].filter(isJs)).toFixed(1)} KB gzip; CSS ${cssKb.toFixed(1)} KB`,
  );
  console.log("");
  console.log(
    "| language | first-screen JavaScript files | KB gzip | of which catalogues (files, KB) | trip screens' catalogues (files, KB) |",
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const l of languages)
    console.log(
      `| ${l.language} | ${l.jsFiles} | ${l.jsKb.toFixed(1)} | ${l.catalogueFiles}, ${l.catalogueKb.toFixed(1)} | ${l.tripCatalogueFiles}, ${l.tripCatalogueKb.toFixed(1)} |`,
    );
  console.log(
    `| budget | ${BUDGETS.firstScreenJsFiles} | ${BUDGETS.firstScreenKb} | ${BUDGETS.catalogueFiles}, ${BUDGETS.catalogueKb} | ${BUDGETS.tripCatalogueFiles}, ${BUDGETS.tripCatalogueKb} |`,
  );
}
if (failures.length) {
  console.error(`Over budget:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
