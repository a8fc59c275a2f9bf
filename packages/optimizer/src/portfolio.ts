import { now } from "./clock";
import type { Model } from "./model";
import type { Objective } from "./objective";
import type { Routes } from "./routes";
import { Search, type SearchOptions } from "./search";
import { TUNING } from "./tuning";

/** Seed of run i of a portfolio: run 0 keeps the caller's seed, the others are mixed from it. */
export function derivedSeed(seed: number, i: number): number {
  if (i === 0) return seed;
  let h = (seed ^ Math.imul(i, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A small portfolio of independent searches (seeds derived from the one seed) sharing one budget, by
 * successive halving: the runs take turns, and at each cut (a share of the budget, iterations or time,
 * whichever is further) the worse half stops; after the last cut only the best goes on to the end.
 * One unlucky start no longer decides the result, and the survivor keeps most of the budget. Every run
 * cools over the whole budget (`Search.pace`), the iterations of all runs add up to the budget, and the
 * cuts fall at fixed iteration counts, so a seed still gives one result (unless the time limit cuts in,
 * as for a single search).
 */
export class Portfolio {
  /** The runs still going, best first after each cut. */
  private runs: Search[];
  private readonly began = now();
  /** Budget shares at which the worse half of the runs stops; the last cut leaves one. */
  private readonly cuts: number[];

  constructor(
    readonly model: Model,
    objective: () => Objective,
    readonly options: SearchOptions,
    runs = TUNING.runs,
    cuts: readonly number[] = TUNING.cuts,
  ) {
    const k = Math.max(1, Math.floor(runs));
    this.runs = [];
    for (let i = 0; i < k; i++) {
      const search = new Search(model, objective(), { ...options, seed: derivedSeed(options.seed, i) });
      this.runs.push(search);
      if (search.complete) {
        this.runs = [search];
        break;
      }
    }
    this.cuts = cuts.slice(0, Math.max(0, Math.ceil(Math.log2(this.runs.length))));
    if (this.cuts.length === 0) this.runs.length = 1;
    this.pace();
  }

  private pace(): void {
    for (const r of this.runs) r.pace = this.runs.length;
  }

  /** The run with the best value so far (the first one on ties). */
  private get lead(): Search {
    let lead = this.runs[0]!;
    for (const r of this.runs) if (r.bestFitness > lead.bestFitness + 1e-12) lead = r;
    return lead;
  }

  /** Keeps the better half of the runs (all but the lead at the last cut). */
  private cut(): void {
    this.cuts.shift();
    const ranked = [...this.runs].sort((a, b) => b.bestFitness - a.bestFitness);
    this.runs = ranked.slice(0, this.cuts.length === 0 ? 1 : Math.ceil(ranked.length / 2));
    this.pace();
  }

  get best(): Routes {
    return this.lead.best;
  }

  get bestFitness(): number {
    return this.lead.bestFitness;
  }

  /** Budget spent so far, in iterations (comparable with `options.iterations`). */
  get iteration(): number {
    return this.runs[0]!.spent;
  }

  get done(): boolean {
    return this.runs.every((r) => r.done);
  }

  /** `Search.repairWorst` on the best run. */
  repairWorst(budget: number): number {
    return this.lead.repairWorst(budget);
  }

  bestTours(): number[][] {
    return this.lead.bestTours();
  }

  /** Runs about `count` iterations in all; returns true when the budget is spent. */
  step(count: number): boolean {
    if (this.runs.length === 1) return this.runs[0]!.step(count);
    const at = Math.ceil(this.options.iterations * this.cuts[0]!);
    const chunk = Math.max(1, Math.ceil(count / this.runs.length));
    let due = true;
    for (const r of this.runs) {
      const left = Math.ceil((at - r.spent) / r.pace);
      if (left > 0) r.step(Math.min(chunk, left));
      if (r.complete) {
        // Nothing left to gain but travel: this run is the answer.
        this.runs = [r];
        r.pace = 1;
        return r.done;
      }
      if (r.spent < at && !r.done) due = false;
    }
    const deadline = this.options.deadline;
    if (
      !due &&
      Number.isFinite(deadline) &&
      (now() - this.began) / Math.max(1, deadline - this.began) >= this.cuts[0]!
    ) {
      due = true;
    }
    if (due) this.cut();
    return this.done;
  }
}
