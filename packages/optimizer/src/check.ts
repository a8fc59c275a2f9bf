import { type Compiled, compile } from "./build";
import { legModeOf } from "./plan";
import { score } from "./score";
import { parseAfter } from "./time";
import type { Plan, PlanDay, Problem, Scores } from "./types";
import { checkTours } from "./verify";

export interface PlanCheck {
  ok: boolean;
  errors: string[];
}

const REASONS = new Set(["closed", "too_far", "preferred_time", "no_time", "lower_value"]);

/**
 * The invariant checker every solver result goes through: recomputes each arrival, wait and departure
 * from the travel times and proves every opening window, meal window and day bound, that no place is
 * visited twice, that every left-out place has a reason, and that the reported scores are the recomputed ones.
 */
export function checkPlan(problem: Problem, plan: Plan): PlanCheck {
  const errors: string[] = [];
  let c: Compiled;
  try {
    c = compile(problem);
    // Time-of-day wishes are kept where the plan can (issue 12): the hard rules are the opening hours.
    if (c.relaxed) c = { ...c, model: c.relaxed };
  } catch (e) {
    return { ok: false, errors: [`problem: ${(e as Error).message}`] };
  }
  if (plan.days.length !== problem.days.length) {
    errors.push(`expected ${problem.days.length} days, got ${plan.days.length}`);
    return { ok: false, errors };
  }
  const seen = new Set<string>();
  const tours: number[][] = [];
  plan.days.forEach((day, t) => {
    if (day.date !== problem.days[t]!.date)
      errors.push(`day ${t}: date ${day.date}, expected ${problem.days[t]!.date}`);
    tours.push(checkDay(c, day, t, errors));
    for (const v of day.visits) {
      if (seen.has(v.placeId)) errors.push(`place "${v.placeId}" visited twice`);
      seen.add(v.placeId);
    }
  });
  const left = new Set<string>();
  for (const u of plan.unscheduled) {
    if (!c.placeIndex.has(u.placeId)) errors.push(`unscheduled: unknown place "${u.placeId}"`);
    if (seen.has(u.placeId) || left.has(u.placeId))
      errors.push(`unscheduled: "${u.placeId}" listed twice or also visited`);
    if (!REASONS.has(u.reason)) errors.push(`unscheduled "${u.placeId}": unknown reason "${u.reason}"`);
    left.add(u.placeId);
  }
  for (const p of problem.places) {
    if (!seen.has(p.id) && !left.has(p.id))
      errors.push(`place "${p.id}" neither visited nor listed with a reason`);
  }
  // Windows, meals, duplicates and day ends, on the solver's own model (the same checker as the bench).
  const tourCheck = checkTours(c.model, tours);
  errors.push(...tourCheck.errors);
  if (errors.length === 0) errors.push(...checkScores(problem, plan));
  return { ok: errors.length === 0, errors };
}

/** Checks one day's reported times; returns its node sequence (visits and meals in order). */
function checkDay(c: Compiled, day: PlanDay, t: number, errors: string[]): number[] {
  const { model } = c;
  const where = `day ${t} (${day.date})`;
  const nodes: number[] = [];
  const mealNode = new Map<string, number>();
  for (let v = model.places; v < model.nodes; v++) {
    if (model.mealTour[v - model.places] === t) mealNode.set(c.mealKind[v - model.places]!, v);
  }
  if (day.meals.length !== mealNode.size)
    errors.push(`${where}: ${day.meals.length} meals, expected ${mealNode.size}`);
  let clock: number;
  try {
    clock = parseAfter(day.depart, model.tourStart[t]!);
  } catch (e) {
    errors.push(`${where}: depart: ${(e as Error).message}`);
    return nodes;
  }
  if (clock >= model.tourStart[t]! + 1440)
    errors.push(`${where}: departs at ${day.depart}, a day after its start`);
  let at = model.tourFrom[t]!;
  const time = (text: string, after: number) => parseAfter(text, after);
  const takeMeals = (after: string | null) => {
    for (const meal of day.meals.filter((m) => m.afterPlaceId === after)) {
      const v = mealNode.get(meal.kind);
      if (v === undefined) {
        errors.push(`${where}: unexpected meal ${meal.kind}`);
        continue;
      }
      nodes.push(v);
      const start = time(meal.start, clock);
      const end = time(meal.end, start);
      const w = model.winPtr[t * model.nodes + v]!;
      if (start < model.winOpen[w]! || start > model.winLatest[w]!)
        errors.push(`${where}: ${meal.kind} at ${meal.start} is outside its window`);
      if (end - start !== model.service[v])
        errors.push(`${where}: ${meal.kind} lasts ${end - start} min, expected ${model.service[v]}`);
      clock = end;
    }
  };
  takeMeals(null);
  for (const visit of day.visits) {
    const v = c.placeIndex.get(visit.placeId);
    if (v === undefined) {
      errors.push(`${where}: unknown place "${visit.placeId}"`);
      continue;
    }
    nodes.push(v);
    const loc = model.loc[v]!;
    const leg = model.travel[at * model.locations + loc]!;
    if (visit.travelMinutes !== leg)
      errors.push(`${where}: "${visit.placeId}" travel ${visit.travelMinutes}, matrix says ${leg}`);
    if (visit.mode !== legModeOf(c, at, loc))
      errors.push(`${where}: "${visit.placeId}" mode ${visit.mode}, expected ${legModeOf(c, at, loc)}`);
    const arrive = time(visit.arrive, clock);
    const start = time(visit.start, arrive);
    const end = time(visit.end, start);
    if (arrive !== clock + leg)
      errors.push(`${where}: "${visit.placeId}" arrives ${visit.arrive}, expected ${clock + leg} min`);
    let inWindow = false;
    for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
      if (start >= model.winOpen[w]! && start <= model.winLatest[w]!) inWindow = true;
    }
    if (!inWindow)
      errors.push(`${where}: "${visit.placeId}" ${visit.start}-${visit.end} is outside its opening hours`);
    if (end - start !== model.service[v])
      errors.push(`${where}: "${visit.placeId}" stays ${end - start} min, expected ${model.service[v]}`);
    clock = end;
    at = loc;
    takeMeals(visit.placeId);
  }
  const backLeg = model.travel[at * model.locations + model.tourTo[t]!]!;
  if (day.backTravelMinutes !== backLeg)
    errors.push(`${where}: last leg ${day.backTravelMinutes} min, matrix says ${backLeg}`);
  const back = time(day.back, clock);
  if (back !== clock + backLeg) errors.push(`${where}: back at ${day.back}, expected ${clock + backLeg} min`);
  if (back > model.tourEnd[t]!)
    errors.push(`${where}: back at ${day.back}, after the day's end ${c.problem.days[t]!.end}`);
  return nodes;
}

function checkScores(problem: Problem, plan: Plan): string[] {
  const errors: string[] = [];
  const again = score(problem, plan.days, plan.scores.reference);
  const compare = (path: string, a: number, b: number) => {
    if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b))))
      errors.push(`scores.${path}: reported ${a}, recomputed ${b}`);
  };
  const walk = (path: string, reported: unknown, recomputed: unknown) => {
    if (typeof recomputed === "number") compare(path, reported as number, recomputed);
    else if (recomputed && typeof recomputed === "object") {
      for (const [k, v] of Object.entries(recomputed))
        walk(path ? `${path}.${k}` : k, (reported as Record<string, unknown>)?.[k], v);
    }
  };
  walk("", plan.scores, again as Scores);
  // Every score lies in [0, 1] (issue 12), and efficiency is not held there by its clamp: the
  // reference is at least what the plan collects.
  const unit = (path: string, x: number) => {
    if (!(x >= 0 && x <= 1)) errors.push(`scores.${path} is ${x}, outside [0, 1]`);
  };
  unit("total", again.total);
  unit("fairness", again.fairness);
  unit("efficiency", again.efficiency);
  unit("min_share", again.min_share);
  for (const [k, x] of Object.entries(again.details)) unit(`details.${k}`, x);
  for (const [m, x] of Object.entries(again.shares)) unit(`shares.${m}`, x);
  const wishes = new Map(problem.places.map((p) => [p.id, p.wishes]));
  let collected = 0;
  for (const day of plan.days)
    for (const visit of day.visits)
      for (const [m, wish] of Object.entries(wishes.get(visit.placeId) ?? {}))
        if (wish > 0 && problem.members.includes(m)) collected += wish;
  if (collected > plan.scores.reference.efficiencyBest + 1e-9)
    errors.push(
      `the plan collects ${collected}, more than its efficiency reference ${plan.scores.reference.efficiencyBest}`,
    );
  return errors;
}
