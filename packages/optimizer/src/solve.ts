import { bandBlocked, relaxUnkeepableBands } from "./bands";
import { type Compiled, compile } from "./build";
import { now } from "./clock";
import { finishRoutes } from "./finish";
import { improveTour, reverseRuns } from "./improve";
import { mergeWindows } from "./model";
import { Objective, type References } from "./objective";
import { planDays, unscheduledReasons } from "./plan";
import { Portfolio } from "./portfolio";
import { previousTours } from "./previous";
import { fingerprint, type ReferenceCache, referenceProblem } from "./references";
import { Routes } from "./routes";
import { score } from "./score";
import { stagePercent } from "./stages";
import type { Plan, Problem, Stage } from "./types";

/** Anything with `aborted` (an AbortSignal in browsers, workers and Node). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

export interface SolveOptions {
  /** Default: problem.seed, else 1. Same seed, same problem, same plan (unless the time limit cuts in). */
  seed?: number;
  /** Hard limit for the whole run. Default: problem.timeLimitMs, else 9000. */
  timeLimitMs?: number;
  /** Scales every iteration budget (1 = default). */
  effort?: number;
  onProgress?: (stage: Stage, percent: number, message: string) => void;
  signal?: AbortSignalLike;
  cache?: ReferenceCache;
  /** Searches pace by iterations only (`SearchOptions.steady`): the plan does not depend on the load. */
  steady?: boolean;
}

export class AbortError extends Error {
  override name = "AbortError";
}

/** Share of the time limit for the reference solves (normalizing stage). */
const REFERENCE_SHARE = 0.45;

/** Iterations of one search: enough for small trips to converge, sub-quadratic total work for large ones. */
function budget(usablePlaces: number, effort: number): number {
  return Math.round(effort * Math.min(6000, 1500 + 25 * usablePlaces));
}

/** Generator form of the solver: yields between slices of work so a driver can report and cancel. */
function* solveSteps(problem: Problem, options: SolveOptions): Generator<void, Plan> {
  const began = now();
  const seed = options.seed ?? problem.seed ?? 1;
  const limit = options.timeLimitMs ?? problem.timeLimitMs ?? 9000;
  const effort = options.effort ?? 1;
  const report = (stage: Stage, fraction: number, message: string) =>
    options.onProgress?.(stage, stagePercent(stage, fraction), message);
  const checkAbort = () => {
    if (options.signal?.aborted)
      throw new AbortError("Operation was cancelled", { cause: options.signal.reason });
  };

  report("collecting", 0, "Reading places, days and wishes");
  // A time-of-day wish no day can keep, even empty, is searched at any hour from the start.
  const c = relaxUnkeepableBands(compile(problem));
  const { model } = c;
  report("collecting", 1, `${model.places} places, ${model.tours} days, ${model.members} members`);
  checkAbort();
  yield;

  // Normalizing: the reference values (efficiency-only best, each member's best alone).
  const key = fingerprint(model);
  const members = problem.members.length;
  const memberBest = new Float64Array(members);
  let done = 0;
  // A re-optimisation starts from the previous plan's days (issue 26 item 4).
  const previous = previousTours(model);
  const runReference = function* (member: number): Generator<void, { value: number; tours: number[][] }> {
    const sub = referenceProblem(model, member);
    const search = new Portfolio(sub.model, () => new Objective(sub.model, sub.refs, 0), {
      seed: seed + 7919 * (member + 1),
      iterations: budget(usableCount(sub.model), effort),
      deadline: began + limit * (0.05 + (REFERENCE_SHARE * (done + 1)) / (members + 1)),
      // The efficiency-only plan seeds the group's plan: it already keeps its days short.
      travelWeight: member < 0 ? c.travelWeight : 0,
      ...(member < 0 && previous ? { initial: previous } : {}),
      steady: options.steady,
    });
    while (!search.step(64)) {
      checkAbort();
      yield;
    }
    const tours = search.bestTours();
    let value = 0;
    for (const tour of tours) for (const v of tour) if (v < model.places) value += sub.profit[v]!;
    return { value, tours };
  };
  report("normalizing", 0, "Finding the best plan for the whole group");
  // Always solved: its tours also seed the weighted search.
  const efficiency = yield* runReference(-1);
  const efficiencyBest = Math.max(efficiency.value, options.cache?.get(`${key}:*`) ?? 0);
  done++;
  for (let p = 0; p < members; p++) {
    report("normalizing", done / (members + 1), `Finding the best plan for member ${p + 1} alone`);
    const cached = options.cache?.get(`${key}:${problem.members[p]}`);
    memberBest[p] = cached ?? (yield* runReference(p)).value;
    done++;
  }

  // Selecting: the weighted objective, from the efficiency-only plan.
  const refs: References = { efficiencyBest, memberBest };
  let best: Routes;
  if (c.weight === 0) {
    best = new Routes(model);
    for (let t = 0; t < model.tours; t++) best.setTour(t, efficiency.tours[t]!);
  } else {
    report("selecting", 0, "Balancing wishes between members");
    const search = new Portfolio(model, () => new Objective(model, refs, c.weight), {
      seed,
      iterations: Objective.fairBudget(budget(usableCount(model), effort)),
      deadline: began + limit * 0.92,
      initial: previous ?? efficiency.tours,
      travelWeight: c.travelWeight,
      steady: options.steady,
    });
    while (!search.step(64)) {
      checkAbort();
      report("selecting", search.iteration / search.options.iterations, "Choosing places");
      yield;
    }
    // The worst-off member's unplanned wishes, each tried against the visits of each day (issue 26
    // item 5): at most half the search's budget more, and only what the same objective prefers.
    search.repairWorst(Math.round(search.options.iterations / 2));
    checkAbort();
    best = search.best;
  }

  // Places left out only for their time-of-day wish: searched again at any hour, from this plan, while
  // every other place keeps its band (issue 26 item 1). Its fitness only rises, so nothing kept is lost.
  const blocked = bandBlocked(c, best);
  if (blocked.size > 0 && c.relaxed) {
    report("selecting", 1, "Fitting the places whose preferred time is taken at another hour");
    const open = mergeWindows(model, c.relaxed, blocked);
    const from = best;
    const search = new Portfolio(open, () => new Objective(open, refs, c.weight), {
      seed: seed + 104_729,
      iterations: Math.round(budget(usableCount(model), effort) / 2),
      deadline: began + limit * 0.96,
      initial: Array.from({ length: model.tours }, (_, t) => from.tour(t)),
      travelWeight: c.travelWeight,
      steady: options.steady,
    });
    while (!search.step(64)) {
      checkAbort();
      yield;
    }
    best = search.best;
  }

  // Routing: shorter legs inside each day (same places), then the plan.
  report("routing", 0, "Ordering each day");
  const scratch = new Int32Array(model.nodes + 2);
  for (let t = 0; t < model.tours; t++) {
    while (reverseRuns(best, t, scratch) || improveTour(best, t, scratch));
    report("routing", (t + 1) / model.tours, `Day ${t + 1} of ${model.tours}`);
  }
  checkAbort();
  yield;
  // Locked places back on their days; time-of-day wishes the plan could not keep, as close as it can.
  const finished = finishRoutes(c, best);
  const plan = finishPlan(finished.c, finished.routes, refs, key, options.cache);
  for (const day of plan.days)
    for (const visit of day.visits)
      if (finished.missed.has(c.placeIndex.get(visit.placeId)!)) visit.preferredMissed = true;
  plan.ms = Math.round(now() - began);
  report("complete", 1, "Itinerary ready");
  return plan;
}

function usableCount(model: Compiled["model"]): number {
  let n = 0;
  for (let v = 0; v < model.places; v++) if (model.wishPtr[v + 1]! > model.wishPtr[v]!) n++;
  return n;
}

/** Scores the final tours; a reference below what this plan reaches is raised (shares never exceed 1). */
function finishPlan(
  c: Compiled,
  routes: Routes,
  refs: References,
  key: string,
  cache?: ReferenceCache,
): Plan {
  const days = planDays(c, routes);
  const objective = new Objective(c.model, refs, c.weight);
  objective.recompute(routes.tourOf);
  const memberBest: Record<string, number> = {};
  c.problem.members.forEach((m, p) => {
    memberBest[m] = Math.max(refs.memberBest[p]!, objective.collectedBy[p]!);
    cache?.set(`${key}:${m}`, memberBest[m]);
  });
  const efficiencyBest = Math.max(refs.efficiencyBest, objective.collected);
  cache?.set(`${key}:*`, efficiencyBest);
  return {
    days,
    unscheduled: unscheduledReasons(c, routes),
    scores: score(c.problem, days, { efficiencyBest, memberBest }),
    ms: 0,
  };
}

/** Solves synchronously (CLI, bench, tests, or inside a worker that needs no cancellation). */
export function solveSync(problem: Problem, options: SolveOptions = {}): Plan {
  const steps = solveSteps(problem, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const YIELD_EVERY_MS = 40;

/**
 * Solves without blocking the event loop for long: every ~40 ms it lets other tasks run, so progress
 * messages go out and an abort is seen. Rejects with the signal's reason (or an AbortError).
 */
export async function solve(problem: Problem, options: SolveOptions = {}): Promise<Plan> {
  const timer = (globalThis as unknown as { setTimeout: (cb: () => void, ms: number) => unknown }).setTimeout;
  const steps = solveSteps(problem, options);
  let slice = now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (now() - slice >= YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => timer(resolve, 0));
      slice = now();
    }
  }
}
