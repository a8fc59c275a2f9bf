import type { Stage } from "./types";

/** Overall progress band of each stage (spec 2 section 4); progress maps linearly inside a band. */
export const STAGE_BANDS: Readonly<Record<Stage, readonly [number, number]>> = {
  collecting: [0, 5],
  normalizing: [5, 25],
  selecting: [25, 65],
  routing: [65, 95],
  complete: [100, 100],
};

/** Overall percent for a fraction (0..1) of a stage. */
export function stagePercent(stage: Stage, fraction: number): number {
  const [lo, hi] = STAGE_BANDS[stage];
  return Math.round((lo + (hi - lo) * Math.min(1, Math.max(0, fraction))) * 10) / 10;
}
