import type { Model } from "./model";

export interface TourCheck {
  ok: boolean;
  errors: string[];
  /** Per tour and visit: the recomputed earliest arrival and start of service. */
  arrive: number[][];
  start: number[][];
  travel: number;
}

const EPS = 1e-6;

/**
 * The one invariant checker, on the solver model: recomputes every arrival, wait and departure
 * from the travel matrix (independently of `Routes`) and proves windows, tour bounds, every meal,
 * and that no node is visited twice. `checkPlan` and the TOPTW bench both end here.
 */
export function checkTours(model: Model, tours: readonly (readonly number[])[]): TourCheck {
  const errors: string[] = [];
  const seen = new Int32Array(model.nodes).fill(-1);
  const arrive: number[][] = [];
  const start: number[][] = [];
  let travel = 0;
  if (tours.length !== model.tours) errors.push(`expected ${model.tours} tours, got ${tours.length}`);
  tours.forEach((tour, t) => {
    let time = model.tourStart[t]!;
    let at = model.tourFrom[t]!;
    const arr: number[] = [];
    const st: number[] = [];
    for (const v of tour) {
      if (!Number.isInteger(v) || v < 0 || v >= model.nodes) {
        errors.push(`tour ${t}: unknown node ${v}`);
        continue;
      }
      if (seen[v]! >= 0) errors.push(`node ${v} visited twice (tours ${seen[v]} and ${t})`);
      seen[v] = t;
      if (v >= model.places && model.mealTour[v - model.places] !== t) {
        errors.push(`meal node ${v} belongs to tour ${model.mealTour[v - model.places]}, found in ${t}`);
      }
      const vl = model.loc[v]!;
      const leg = vl < 0 ? 0 : model.travel[at * model.locations + vl]!;
      travel += leg;
      const a = time + leg;
      let s = Number.NaN;
      for (let w = model.winPtr[t * model.nodes + v]!; w < model.winPtr[t * model.nodes + v + 1]!; w++) {
        if (model.winLatest[w]! + EPS >= a) {
          s = Math.max(a, model.winOpen[w]!);
          break;
        }
      }
      if (Number.isNaN(s)) {
        errors.push(`tour ${t}: node ${v} reached at ${a}, after its last window`);
        s = a;
      }
      arr.push(a);
      st.push(s);
      time = s + model.service[v]!;
      if (vl >= 0) at = vl;
    }
    const back = model.travel[at * model.locations + model.tourTo[t]!]!;
    travel += back;
    if (time + back > model.tourEnd[t]! + EPS) {
      errors.push(`tour ${t}: ends at ${time + back}, after its end ${model.tourEnd[t]}`);
    }
    arrive.push(arr);
    start.push(st);
  });
  for (let v = model.places; v < model.nodes; v++) {
    if (seen[v]! < 0) errors.push(`meal node ${v} of tour ${model.mealTour[v - model.places]} is missing`);
  }
  return { ok: errors.length === 0, errors, arrive, start, travel };
}
