/// <reference types="node" />
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The shared benchmark data sits beside the repository (../shared from its root). */
export const BENCH_DATA = process.env.TOPTW_DIR ?? join(here, "../../../../shared/bench/toptw");
export const RESULTS = join(here, "results");

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

export function pad(x: unknown, width: number): string {
  return String(x).padStart(width);
}
