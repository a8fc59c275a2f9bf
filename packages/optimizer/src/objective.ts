import type { Model } from "./model";

/** Added to every share before the geometric mean, so one empty-handed member does not zero G. */
export const SHARE_FLOOR = 0.01;

/** What the shares are measured against: the best efficiency-only total and each member's best alone. */
export interface References {
  efficiencyBest: number;
  memberBest: Float64Array;
}

export interface ObjectiveParts {
  efficiency: number;
  fairness: number;
  total: number;
  shares: Float64Array;
}

/**
 * THE objective, used by the solver, `score` and `checkPlan`:
 * E = collected / efficiencyBest, s_p = collected_p / memberBest_p (1 when p can get nothing),
 * G = geometric mean of (s_p + 0.01), total = (1 - w) E + w G.
 */
export function objectiveParts(
  collected: number,
  memberCollected: ArrayLike<number>,
  refs: References,
  weight: number,
): ObjectiveParts {
  const members = refs.memberBest.length;
  const shares = new Float64Array(members);
  let logSum = 0;
  for (let p = 0; p < members; p++) {
    const best = refs.memberBest[p]!;
    shares[p] = best > 0 ? memberCollected[p]! / best : 1;
    logSum += Math.log(shares[p]! + SHARE_FLOOR);
  }
  const efficiency = refs.efficiencyBest > 0 ? collected / refs.efficiencyBest : 1;
  const fairness = members > 0 ? Math.exp(logSum / members) : 1;
  return { efficiency, fairness, total: (1 - weight) * efficiency + weight * fairness, shares };
}

/**
 * Incremental form of `objectiveParts` for the search: O(wishes of v) per gain.
 * With weight 0 it is linear (the plain TOPTW profit, scaled).
 */
export class Objective {
  readonly collectedBy: Float64Array;
  collected = 0;
  private logSum = 0;
  private readonly invBest: Float64Array;
  private readonly members: number;

  constructor(
    readonly model: Model,
    readonly refs: References,
    readonly weight: number,
  ) {
    this.members = refs.memberBest.length;
    this.collectedBy = new Float64Array(this.members);
    this.invBest = refs.memberBest.map((b) => (b > 0 ? 1 / b : 0));
    this.reset();
  }

  reset(): void {
    this.collectedBy.fill(0);
    this.collected = 0;
    this.logSum = 0;
    for (let p = 0; p < this.members; p++) this.logSum += Math.log(this.share(p, 0) + SHARE_FLOOR);
  }

  private share(p: number, collected: number): number {
    return this.refs.memberBest[p]! > 0 ? collected * this.invBest[p]! : 1;
  }

  value(): number {
    const e = this.refs.efficiencyBest > 0 ? this.collected / this.refs.efficiencyBest : 1;
    if (this.weight === 0) return e;
    const g = this.members > 0 ? Math.exp(this.logSum / this.members) : 1;
    return (1 - this.weight) * e + this.weight * g;
  }

  /** Change of `value()` if node v were added (sign = -1: removed). */
  gain(v: number, sign = 1): number {
    const m = this.model;
    let wishSum = 0;
    let logDelta = 0;
    for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++) {
      const x = m.wishValue[k]!;
      wishSum += x;
      if (this.weight > 0) {
        const p = m.wishMember[k]!;
        const c = this.collectedBy[p]!;
        logDelta +=
          Math.log(this.share(p, c + sign * x) + SHARE_FLOOR) - Math.log(this.share(p, c) + SHARE_FLOOR);
      }
    }
    const de = this.refs.efficiencyBest > 0 ? (sign * wishSum) / this.refs.efficiencyBest : 0;
    if (this.weight === 0) return de;
    const g0 = Math.exp(this.logSum / this.members);
    const g1 = Math.exp((this.logSum + logDelta) / this.members);
    return (1 - this.weight) * de + this.weight * (g1 - g0);
  }

  add(v: number, sign = 1): void {
    const m = this.model;
    for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++) {
      const p = m.wishMember[k]!;
      const x = m.wishValue[k]!;
      const c = this.collectedBy[p]!;
      if (this.weight > 0) {
        this.logSum +=
          Math.log(this.share(p, c + sign * x) + SHARE_FLOOR) - Math.log(this.share(p, c) + SHARE_FLOOR);
      }
      this.collectedBy[p] = c + sign * x;
      this.collected += sign * x;
    }
  }

  /** Recomputes from the visited set (drift-free; used after restoring a snapshot). */
  recompute(tourOf: Int32Array): void {
    this.reset();
    for (let v = 0; v < this.model.places; v++) if (tourOf[v]! >= 0) this.add(v);
  }
}
