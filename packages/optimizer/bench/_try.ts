import { readFileSync } from "node:fs";
import { parseToptw, solveToptw } from "/work/main/packages/optimizer/src/toptw.ts";
import { TUNING } from "/work/main/packages/optimizer/src/search.ts";
const [names, ms, iters, seeds, tune] = process.argv.slice(2);
Object.assign(TUNING, JSON.parse(tune ?? "{}"));
const bks = new Map(readFileSync("/work/shared/bench/toptw/bks.csv","utf8").trim().split("\n").slice(1).map(l=>l.split(",")).map(c=>[`${c[1]}/${c[2]}`, Number(c[3])]));
let gap = 0, cnt = 0, time = 0;
for (const name of names!.split(",")) {
const inst = parseToptw(readFileSync(`/work/shared/bench/toptw/instances/${name}.txt`, "utf8"), name);
for (const m of ms!.split(",")) {
const out = [];
const b = bks.get(`${name}/${m}`)!;
for (let s = 1; s <= Number(seeds ?? 3); s++) {
  const r = solveToptw(inst, Number(m), { seed: s, iterations: iters === "auto" ? undefined : Number(iters) });
  out.push(r.score); gap += 100*(b - r.score)/b; cnt++; time += r.ms;
}
console.log(name, m, b, out.join(" "));
}}
console.log("gap", (gap/cnt).toFixed(3), "ms", (time/cnt).toFixed(0));
