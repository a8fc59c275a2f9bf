import type { Model } from "./model";
import { Objective, type References } from "./objective";
import { Portfolio } from "./portfolio";

export interface RunOptions {
  seed: number;
  iterations: number;
  deadline: number;
  initial?: number[][];
}

/** Runs one search to the end, synchronously; returns the best tours and their objective value. */
export function runSearch(
  model: Model,
  refs: References,
  weight: number,
  options: RunOptions,
): { tours: number[][]; value: number; iterations: number } {
  const search = new Portfolio(model, () => new Objective(model, refs, weight), options);
  while (!search.step(256));
  const objective = new Objective(model, refs, weight);
  objective.recompute(search.best.tourOf);
  return { tours: search.bestTours(), value: objective.value(), iterations: search.iteration };
}
