import { now } from "./clock";
import { runSearch } from "./engine";
import type { Model } from "./model";

/** A TOPTW benchmark instance (KU Leuven / OPLib text format), times scaled to exact integers. */
export interface ToptwInstance {
  name: string;
  /** 10 for Solomon files (travel truncated to 0.1), 100 for Cordeau "pr" files (0.01). */
  scale: number;
  x: Float64Array;
  y: Float64Array;
  service: Float64Array;
  profit: Float64Array;
  open: Float64Array;
  close: Float64Array;
  /** Vertex 0 is the depot; travel[i*(n+1)+j] in scaled units. */
  travel: Float64Array;
}

/** Parses the benchmark text; pr* files use 2-decimal travel, the others 1-decimal (see bench README). */
export function parseToptw(text: string, name = ""): ToptwInstance {
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0);
  const header = (lines[0] ?? "").trim().split(/\s+/).map(Number);
  const customers = header[2] ?? Number.NaN;
  if (!Number.isInteger(customers) || customers <= 0) {
    throw new Error(`TOPTW header: expected "k v N t" with N customers, got "${lines[0] ?? ""}"`);
  }
  const vertices = lines.slice(2, 2 + customers + 1);
  if (vertices.length !== customers + 1) {
    throw new Error(`TOPTW: expected ${customers + 1} vertex lines, got ${vertices.length}`);
  }
  const scale = /^pr/i.test(name.replace(/^.*[\\/]/, "")) ? 100 : 10;
  const digits = scale === 100 ? 1000 : 100;
  const n1 = customers + 1;
  const inst: ToptwInstance = {
    name,
    scale,
    x: new Float64Array(n1),
    y: new Float64Array(n1),
    service: new Float64Array(n1),
    profit: new Float64Array(n1),
    open: new Float64Array(n1),
    close: new Float64Array(n1),
    travel: new Float64Array(n1 * n1),
  };
  vertices.forEach((line, i) => {
    const tok = line.trim().split(/\s+/).map(Number);
    if (tok.length < 7 || tok[0] !== i) throw new Error(`TOPTW: bad vertex line ${i}: "${line}"`);
    inst.x[i] = tok[1]!;
    inst.y[i] = tok[2]!;
    inst.service[i] = Math.round(tok[3]! * scale);
    inst.profit[i] = tok[4]!;
    inst.open[i] = Math.round(tok[tok.length - 2]! * scale);
    inst.close[i] = Math.round(tok[tok.length - 1]! * scale);
  });
  // Exact truncation: coordinates to integers (x `digits`), then an integer square root.
  const xi = inst.x.map((v) => Math.round(v * digits));
  const yi = inst.y.map((v) => Math.round(v * digits));
  const per = digits / scale;
  for (let i = 0; i < n1; i++) {
    for (let j = 0; j < n1; j++) {
      const dx = xi[i]! - xi[j]!;
      const dy = yi[i]! - yi[j]!;
      inst.travel[i * n1 + j] = Math.floor(isqrt(dx * dx + dy * dy) / per);
    }
  }
  return inst;
}

function isqrt(x: number): number {
  let r = Math.floor(Math.sqrt(x));
  while (r * r > x) r--;
  while ((r + 1) * (r + 1) <= x) r++;
  return r;
}

/** The instance as a solver model with `tours` identical tours; place i is vertex i+1. */
export function toptwModel(inst: ToptwInstance, tours: number): Model {
  const n = inst.profit.length - 1;
  const winPtr = new Int32Array(tours * n + 1);
  const winOpen = new Float64Array(tours * n);
  const winLatest = new Float64Array(tours * n);
  for (let t = 0; t < tours; t++) {
    for (let i = 0; i < n; i++) {
      const k = t * n + i;
      winPtr[k] = k;
      winOpen[k] = inst.open[i + 1]!;
      winLatest[k] = inst.close[i + 1]!;
    }
  }
  winPtr[tours * n] = tours * n;
  const wishPtr = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) wishPtr[i] = i;
  return {
    places: n,
    nodes: n,
    tours,
    locations: n + 1,
    travel: inst.travel,
    loc: Int32Array.from({ length: n }, (_, i) => i + 1),
    service: inst.service.slice(1),
    tourStart: new Float64Array(tours).fill(inst.open[0]!),
    tourEnd: new Float64Array(tours).fill(inst.close[0]!),
    tourFrom: new Int32Array(tours),
    tourTo: new Int32Array(tours),
    winPtr,
    winOpen,
    winLatest,
    mealTour: new Int32Array(0),
    prefFrom: new Float64Array(n).fill(Number.NaN),
    prefTo: new Float64Array(n).fill(Number.NaN),
    members: 1,
    wishPtr,
    wishMember: new Int32Array(n),
    wishValue: inst.profit.slice(1),
    // An insertion delays the next visit by at least the stay plus the detour, and a detour of
    // floor-truncated distances is at least -1.
    insertFloor: inst.service.slice(1).map((s) => s - 1),
  };
}

export interface ToptwResult {
  score: number;
  /** Vertex ids (as in the file) in visit order, one list per tour; the depot is not listed. */
  tours: number[][];
  ms: number;
  /** Iterations the search ran (a time-bound run's share of the machine; not part of the CLI's line). */
  iterations: number;
}

/** Default iteration budget for the benchmark: grows with the instance, capped by the time limit. */
export function toptwIterations(customers: number, tours: number): number {
  return Math.round(2000 + 60 * customers * Math.sqrt(tours));
}

export function solveToptw(
  inst: ToptwInstance,
  tours: number,
  options: { seed?: number; timeLimitMs?: number; iterations?: number } = {},
): ToptwResult {
  const began = now();
  const model = toptwModel(inst, tours);
  let total = 0;
  for (const p of inst.profit) total += p;
  const result = runSearch(model, { efficiencyBest: total, memberBest: new Float64Array([total]) }, 0, {
    seed: options.seed ?? 1,
    iterations: options.iterations ?? toptwIterations(model.places, tours),
    deadline: began + (options.timeLimitMs ?? 60_000),
  });
  let score = 0;
  for (const tour of result.tours) for (const v of tour) score += inst.profit[v + 1]!;
  return {
    score,
    tours: result.tours.map((t) => t.map((v) => v + 1)),
    ms: Math.round(now() - began),
    iterations: result.iterations,
  };
}
