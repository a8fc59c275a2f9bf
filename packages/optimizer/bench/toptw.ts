/// <reference types="node" />
/**
 * TOPTW benchmark: every instance x m = 1..4 against bks.csv and VROOM 1.14.
 *   npx tsx bench/toptw.ts [--only REGEX] [--m 1,2] [--seed S] [--ms-per-100 T] [--out NAME]
 * Prints a table per set, the summary bars of issue 5, the VROOM comparison, and writes
 * bench/results/<out>.csv (default toptw.csv).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseToptw, solveToptw, toptwModel } from "../src/toptw";
import { checkTours } from "../src/verify";
import { arg, BENCH_DATA, median, pad, RESULTS } from "./common";

interface Row {
  set: string;
  instance: string;
  m: number;
  bks: number;
  kind: string;
  score: number;
  gap: number;
  ms: number;
  iterations: number;
  vroom: number;
  customers: number;
}

const only = new RegExp(arg("--only") ?? ".");
const ms = (arg("--m") ?? "1,2,3,4").split(",").map(Number);
const seed = Number(arg("--seed") ?? 1);
/** Budget per case: this many ms per 100 customers (time-bound, so the cooling uses all of it). */
const msPer100 = Number(arg("--ms-per-100") ?? 1500);
const out = arg("--out") ?? "toptw";

const csv = (file: string) =>
  readFileSync(join(BENCH_DATA, file), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
const vroom = new Map(csv("peer_vroom_1.14.csv").map((c) => [`${c[1]}/${c[2]}`, Number(c[3])]));
const rows: Row[] = [];
const parsed = new Map<string, ReturnType<typeof parseToptw>>();

for (const [set, instance, mText, bksText, source] of csv("bks.csv")) {
  const m = Number(mText);
  if (!only.test(instance!) || !ms.includes(m)) continue;
  let inst = parsed.get(instance!);
  if (!inst) {
    inst = parseToptw(readFileSync(join(BENCH_DATA, "instances", `${instance}.txt`), "utf8"), instance!);
    parsed.set(instance!, inst);
  }
  const timeLimitMs = Math.round((msPer100 * (inst.profit.length - 1)) / 100);
  const result = solveToptw(inst, m, { seed, timeLimitMs, iterations: 1e9 });
  const check = checkTours(
    toptwModel(inst, m),
    result.tours.map((t) => t.map((v) => v - 1)),
  );
  if (!check.ok) throw new Error(`${instance} m=${m}: infeasible plan: ${check.errors.join("; ")}`);
  const bks = Number(bksText);
  const row: Row = {
    set: set!,
    instance: instance!,
    m,
    bks,
    kind: source!.split(":")[0]!,
    score: result.score,
    gap: (100 * (bks - result.score)) / bks,
    ms: result.ms,
    iterations: result.iterations,
    vroom: vroom.get(`${instance}/${m}`) ?? Number.NaN,
    customers: inst.profit.length - 1,
  };
  rows.push(row);
  process.stdout.write(
    `${pad(row.set, 11)} ${pad(instance!, 5)} m=${m} ${pad(row.score, 5)} / ${pad(bks, 5)} ${row.kind.padEnd(3)} gap ${row.gap.toFixed(2).padStart(5)}% vroom ${pad(row.vroom, 5)} ${pad(row.ms, 6)} ms ${pad(row.iterations, 7)} it\n`,
  );
}

const sets = [...new Set(rows.map((r) => r.set))];
const summary: string[] = [
  "set,cases,mean_gap_pct_all,mean_gap_pct_opt_bks,opt_bks_rows,optima_reached,optima,median_ms,max_ms",
];
console.log(
  "\n| set | cases | mean gap % (all) | mean gap % (opt/bks) | optima reached | median ms | max ms |",
);
console.log("|---|---|---|---|---|---|---|");
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const line = (label: string, rs: Row[]) => {
  const ref = rs.filter((r) => r.kind === "opt" || r.kind === "bks");
  const opt = rs.filter((r) => r.kind === "opt");
  summary.push(
    [
      label,
      rs.length,
      mean(rs.map((r) => r.gap)).toFixed(3),
      mean(ref.map((r) => r.gap)).toFixed(3),
      ref.length,
      opt.filter((r) => r.score >= r.bks).length,
      opt.length,
      median(rs.map((r) => r.ms)),
      Math.max(...rs.map((r) => r.ms)),
    ].join(","),
  );
  console.log(
    `| ${label} | ${rs.length} | ${mean(rs.map((r) => r.gap)).toFixed(2)} | ${mean(ref.map((r) => r.gap)).toFixed(2)} (${ref.length}) | ${opt.filter((r) => r.score >= r.bks).length}/${opt.length} | ${median(rs.map((r) => r.ms))} | ${Math.max(...rs.map((r) => r.ms))} |`,
  );
};
for (const s of sets)
  line(
    s,
    rows.filter((r) => r.set === s),
  );
line("all", rows);
const hundred = rows.filter((r) => r.customers === 100);
console.log(
  `\nmedian ms, 100-customer cases: ${median(hundred.map((r) => r.ms))}; median ms per 100 customers (all cases): ${median(rows.map((r) => (r.ms * 100) / r.customers)).toFixed(0)}`,
);
console.log(`rows above best known (new bests): ${rows.filter((r) => r.score > r.bks).length}`);

const better = rows.filter((r) => r.score > r.vroom).length;
const equal = rows.filter((r) => r.score === r.vroom).length;
const worse = rows.filter((r) => r.score < r.vroom);
const worse1 = worse.filter((r) => r.score < r.vroom * 0.99);
console.log("\n| vs VROOM 1.14 | better | equal | worse | worse by > 1% |");
console.log("|---|---|---|---|---|");
console.log(`| cases | ${better} | ${equal} | ${worse.length} | ${worse1.length} |`);
for (const r of worse1) console.log(`  worse by >1%: ${r.instance} m=${r.m} ${r.score} < ${r.vroom}`);

const file = join(RESULTS, `${out}.csv`);
writeFileSync(
  file,
  `set,instance,m,score,bks,bks_kind,gap_pct,ms,vroom_score,iterations\n${rows
    .map(
      (r) =>
        `${r.set},${r.instance},${r.m},${r.score},${r.bks},${r.kind},${r.gap.toFixed(3)},${r.ms},${r.vroom},${r.iterations}`,
    )
    .join("\n")}\n`,
);
writeFileSync(join(RESULTS, `${out}-summary.csv`), `${summary.join("\n")}\n`);
console.log(`\nwrote ${file} and ${out}-summary.csv`);
