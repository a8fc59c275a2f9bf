import type { Model } from "./model";
import { withProfits } from "./model";
import type { References } from "./objective";

/**
 * A cache of reference values ("the best plan for p alone", "the best efficiency-only value") that the
 * server may keep between runs: keys combine a fingerprint of the problem with the member.
 */
export type ReferenceCache = Map<string, number>;

/** Profit vector of one member (index) or of everyone (-1). */
export function profitsOf(model: Model, member: number): Float64Array {
  const profit = new Float64Array(model.places);
  for (let v = 0; v < model.places; v++) {
    for (let k = model.wishPtr[v]!; k < model.wishPtr[v + 1]!; k++) {
      if (member < 0 || model.wishMember[k] === member) profit[v] = profit[v]! + model.wishValue[k]!;
    }
  }
  return profit;
}

/** The single-profit model of a reference solve and the neutral references it is scored with (weight 0). */
export function referenceProblem(
  model: Model,
  member: number,
): { model: Model; refs: References; profit: Float64Array } {
  const profit = profitsOf(model, member);
  const upper = profit.reduce((a, b) => a + b, 0);
  return {
    model: withProfits(model, profit),
    refs: { efficiencyBest: Math.max(upper, 1), memberBest: new Float64Array([Math.max(upper, 1)]) },
    profit,
  };
}

/** FNV-1a over the numbers that decide a reference value: cheap and stable across runtimes. */
export function fingerprint(model: Model): string {
  let h = 0x811c9dc5;
  const mix = (x: number) => {
    const s = String(x);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  };
  const arrays = [
    model.travel,
    model.loc,
    model.service,
    model.tourStart,
    model.tourEnd,
    model.tourFrom,
    model.tourTo,
  ];
  for (const a of arrays) for (let i = 0; i < a.length; i++) mix(a[i]!);
  for (const a of [
    model.winPtr,
    model.winOpen,
    model.winLatest,
    model.wishPtr,
    model.wishMember,
    model.wishValue,
  ]) {
    for (let i = 0; i < a.length; i++) mix(a[i]!);
  }
  return (h >>> 0).toString(16);
}
