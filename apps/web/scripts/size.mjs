// What the first page load costs: the entry script, the chunks index.html preloads, and the CSS,
// gzip-compressed as served, plus, in each language, the catalogues the first screen waits for (all of
// that language's, and the English server texts serverText reads: i18n/index.ts loads them before the
// first render) except those of LATER_NAMESPACES.
// Lazy chunks (dialogs, profile, map...) and the other languages' catalogues are listed apart.
// Usage: node scripts/size.mjs [dist dir]  (after `npm run build`; needs build.manifest)
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 300;
const LANGUAGES = ["en", "ja", "ko", "zh"];
const dist = resolve(process.argv[2] ?? new URL("../dist/", import.meta.url).pathname);
const html = readFileSync(join(dist, "index.html"), "utf8");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

// Namespaces the first screen does not wait for (screens that load their own: i18n/index.ts).
const later = JSON.parse(
  readFileSync(new URL("../src/i18n/index.ts", import.meta.url), "utf8")
    .match(/LATER_NAMESPACES = (\[[^\]]*\])/)[1]
    .replaceAll("'", '"'),
);
const isLater = (key) => later.some((ns) => key.endsWith(`/${ns}.json`));

/** A language's catalogue chunks (web areas and the server's texts) and what they import. */
function catalogues(lng) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of Object.keys(manifest))
    if (
      (key.includes(`/i18n/locales/${lng}/`) && !isLater(key)) ||
      key.endsWith(`/contracts/src/i18n/${lng}.json`)
    )
      visit(key);
  return files;
}
const byLanguage = Object.fromEntries(LANGUAGES.map((lng) => [lng, catalogues(lng)]));
const catalogueOf = new Map(LANGUAGES.flatMap((lng) => [...byLanguage[lng]].map((f) => [f, lng])));

const rows = readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js") || f.endsWith(".mjs") || f.endsWith(".css"))
  .map((f) => ({ file: `assets/${f}`, kb: gz(`assets/${f}`) }))
  .map((r) => ({
    ...r,
    loaded: initial.has(r.file)
      ? "first load"
      : catalogueOf.has(r.file)
        ? `catalogue (${catalogueOf.get(r.file)})`
        : "on demand",
  }))
  .sort((a, b) => Number(b.loaded === "first load") - Number(a.loaded === "first load") || b.kb - a.kb);

const sum = (files) => [...files].reduce((s, f) => s + gz(f), 0);
const firstJs = rows
  .filter((r) => r.loaded === "first load" && r.file.endsWith(".js"))
  .reduce((s, r) => s + r.kb, 0);
const firstCss = rows
  .filter((r) => r.loaded === "first load" && r.file.endsWith(".css"))
  .reduce((s, r) => s + r.kb, 0);
const lazy = rows.filter((r) => r.loaded === "on demand").reduce((s, r) => s + r.kb, 0);

console.log("| file | gzip KB | loaded |");
console.log("|---|---:|---|");
for (const r of rows) console.log(`| ${r.file} | ${r.kb.toFixed(1)} | ${r.loaded} |`);
console.log("");
console.log(
  `Entry and preloaded chunks: JavaScript ${firstJs.toFixed(1)} KB gzip; CSS ${firstCss.toFixed(1)} KB; on demand ${lazy.toFixed(1)} KB`,
);
console.log("");
console.log("| language | first-screen JavaScript, gzip KB | of which catalogues | budget |");
console.log("|---|---:|---:|---:|");
let over = 0;
for (const lng of LANGUAGES) {
  const englishServer = [...byLanguage.en].filter((f) => /\/en-[\w-]+\.js$/.test(f));
  const files = new Set([...byLanguage[lng], ...englishServer]);
  const cat = sum(files);
  const total = firstJs + cat;
  over = Math.max(over, total - BUDGET_KB);
  console.log(`| ${lng} | ${total.toFixed(1)} | ${cat.toFixed(1)} | ${BUDGET_KB} |`);
}
if (over > 0) {
  console.error(`Over budget by ${over.toFixed(1)} KB`);
  process.exit(1);
}
