// Offline place search: load time, memory added, and the time per query (warm median of 20 runs).
// Run: npx tsx scripts/bench-place-search.ts   (builds the gazetteer file first if it is missing)
import { cpus } from "node:os";
import { defaultPaths, loadGazetteer } from "../src/providers/places/gazetteer/load";

const QUERIES = [
  "tokyo",
  "Kyoto",
  "kyoto station",
  "NRT",
  "eiffel",
  "sagrada",
  "new york",
  "ソウル",
  "münchen",
  "sydney opera",
];
// Harder cases for the max: typos (fuzzy pass), one letter (widest prefix range), words out of order.
const EXTRA = ["kyotto", "sydny opera", "londn", "s", "opera sydney", "barcelna cathedral", "x".repeat(120)];
const RUNS = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

// Settle the heap first so the RSS difference is the gazetteer's.
const rssBefore = process.memoryUsage().rss;
let started = performance.now();
const { gazetteer, built } = await loadGazetteer(defaultPaths());
const loadMs = performance.now() - started;
const rssAfter = process.memoryUsage().rss;

const time = (q: string) => {
  const times: number[] = [];
  let top = gazetteer.search(q)[0];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    top = gazetteer.search(q)[0];
    times.push(performance.now() - started);
  }
  return { top, median: median(times), max: Math.max(...times) };
};

// Warm up the JIT on every query once before timing.
for (const q of [...QUERIES, ...EXTRA]) gazetteer.search(q);

console.log(`| query | top result | address | median ms | max ms |`);
console.log(`|---|---|---|---:|---:|`);
const all: number[] = [];
for (const q of QUERIES) {
  const r = time(q);
  all.push(r.max);
  console.log(
    `| ${q} | ${r.top?.name ?? "-"} | ${r.top?.address ?? "-"} | ${r.median.toFixed(2)} | ${r.max.toFixed(2)} |`,
  );
}
console.log("\nHarder queries:");
for (const q of EXTRA) {
  const r = time(q);
  all.push(r.max);
  console.log(
    `  ${q.slice(0, 24).padEnd(24)} ${r.median.toFixed(2).padStart(6)} ms median, ${r.max.toFixed(2).padStart(6)} ms max -> ${r.top?.name ?? "-"}`,
  );
}
console.log(
  `\n${gazetteer.size} places; load ${loadMs.toFixed(0)} ms${built ? " (built the file first)" : ""}; RSS +${mib(rssAfter - rssBefore)} MiB (${mib(rssBefore)} -> ${mib(rssAfter)}); slowest single query ${Math.max(...all).toFixed(2)} ms`,
);
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? "?"} x${cpus().length}`);
