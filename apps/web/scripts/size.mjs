// What the first page load costs: the entry script, the chunks index.html preloads, and the CSS,
// gzip-compressed as served. Lazy chunks (dialogs, profile, map...) are listed apart.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 300;
const dist = new URL("../dist/", import.meta.url).pathname;
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

const rows = readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
  .map((f) => ({ file: `assets/${f}`, kb: gz(`assets/${f}`), first: initial.has(`assets/${f}`) }))
  .sort((a, b) => Number(b.first) - Number(a.first) || b.kb - a.kb);

const firstJs = rows.filter((r) => r.first && r.file.endsWith(".js")).reduce((s, r) => s + r.kb, 0);
const firstCss = rows.filter((r) => r.first && r.file.endsWith(".css")).reduce((s, r) => s + r.kb, 0);
const lazy = rows.filter((r) => !r.first).reduce((s, r) => s + r.kb, 0);

console.log("| file | gzip KB | loaded |");
console.log("|---|---:|---|");
for (const r of rows)
  console.log(`| ${r.file} | ${r.kb.toFixed(1)} | ${r.first ? "first load" : "on demand"} |`);
console.log("");
console.log(
  `First-load JavaScript: ${firstJs.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB); CSS ${firstCss.toFixed(1)} KB; on demand ${lazy.toFixed(1)} KB`,
);
if (firstJs > BUDGET_KB) {
  console.error(`Over budget by ${(firstJs - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
