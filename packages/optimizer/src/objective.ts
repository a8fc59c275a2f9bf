import type { Model } from "./model";

/**
 * How fairness is measured (issue 12 item 8). A member's share is the wish value of their places in the
 * plan over the wish value of all their wishes (their raw share); their shortfall is 1 - share.
 * Fairness is one minus the power mean (exponent `power`) of the shortfalls: the share every member
 * could have for the same welfare when the largest shortfalls count most. It lies between the lowest
 * and the mean share (power 1 would be the mean share, infinity the lowest). At power 8 a shortfall
 * twice as large weighs 2^7 = 128 times more at the margin, so the search lifts the worst-off member
 * first without ignoring the next ones; unlike a mean of logs (Nash welfare, used before) it stays
 * finite, and keeps a gradient for everyone, when some member can get nothing.
 */
export const FAIRNESS = {
  power: 8,
  /**
   * The slider prices fairness in wish value: at weight w the plan keeps at least 1 - w x maxCost of
   * the efficiency-only plan's wish value (94% at the default 0.6), and each unit of efficiency below
   * that costs `penalty` on top of its weight. Issue 26: at 1/15 (96%) the floor held the worst-off
   * member of some trips well under what fairness could give for a few points of value (group trip
   * 1003: 0.353 at 0.6, 0.479 at 1/8 for 5% less value); the group kept 99.7% on average, where 97%
   * is asked. 1/8 kept 97.5% on average but lowered the worst-off share from 0.6 to 1 on the fairness
   * test's trips (0.664 to 0.663); 1/10 keeps the slider monotone there.
   */
  maxCost: 1 / 10,
  penalty: 10,
  /**
   * Nobody with nothing (issue 26 items 1 and 5). In the search, each member who wishes a place some
   * day could hold and gets none of their wishes costs `nothing`: more than the slider's floor and the
   * lost value can charge above the wall ((penalty + 1) x (1 - rescueFloor) = 1.65), so a plan that
   * gives them something wins over one that does not as long as the group keeps `keepFloor` of the
   * efficiency-only value. The search returns no plan under `keepFloor` (`Search.keepIfBest`) but may
   * pass through plans down to `rescueFloor` on its way (under it each unit costs `rescuePenalty`, a
   * wall): fitting a far wish takes half a day apart and puts the rest back, and the first plans that
   * hold it are often a few points short of where the search ends. A member whose only wish is an
   * hour out (mixed trip 5024) was left with nothing at every weight under 1, where a plan keeping
   * 90.4% of the value gives it to them. Plans in which everyone gets something compare as before
   * (none under `keepFloor` is returned: at weight 1 that is the slider's own floor).
   */
  nothing: 2,
  keepFloor: 0.9,
  rescueFloor: 0.85,
  rescuePenalty: 2000,
};

/** What the scores are measured against: the best efficiency-only total and each member's best alone. */
export interface References {
  efficiencyBest: number;
  memberBest: Float64Array;
}

export interface ObjectiveParts {
  efficiency: number;
  fairness: number;
  /** `weighted(efficiency, fairness, w)` in [0, 1]: what the search maximises. */
  wishScore: number;
  /** Each member's share: collected over the wish value of all their wishes (1 with no wishes). */
  shares: Float64Array;
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** A member's collected wish value at or under this is nothing (sums of removals drift by 1e-15). */
const EMPTY = 1e-9;

/** x^power, by squaring at the default power 8: the search's gains call it for every wish they price. */
function shortfallPower(x: number): number {
  if (FAIRNESS.power !== 8) return x ** FAIRNESS.power;
  const x2 = x * x;
  const x4 = x2 * x2;
  return x4 * x4;
}

/**
 * Fairness from the sum over members of shortfall^power. The search keeps that sum incrementally, so
 * it drifts a few 1e-17 below 0 when every member has all their wishes: a negative base to the 1/8th
 * is NaN, and a NaN fitness made the search take whatever came next as its best (a re-run of a trip
 * that planned every wish dropped a place: issue 26 item 4).
 */
function fairnessFrom(powerSum: number, members: number): number {
  return members > 0 ? clamp01(1 - (Math.max(0, powerSum) / members) ** (1 / FAIRNESS.power)) : 1;
}

/** The lowest efficiency the slider allows at weight w (no floor at 0: the plain TOPTW). */
export function efficiencyFloor(weight: number): number {
  return weight > 0 ? 1 - weight * FAIRNESS.maxCost : 0;
}

/** (1 - w) E + w F, less `FAIRNESS.penalty` per unit of E below the slider's floor. */
export function weighted(efficiency: number, fairness: number, weight: number): number {
  const floor = efficiencyFloor(weight);
  const below = efficiency < floor ? floor - efficiency : 0;
  return (1 - weight) * efficiency + weight * fairness - FAIRNESS.penalty * below;
}

/**
 * The overall score of a plan: its wish score (`weighted`), less half the share of its active time
 * spent travelling and half the share of its time-of-day wishes missed. The search maximises the wish
 * score and treats travel as a cost and time-of-day wishes as windows (`Settings.travelWeight`,
 * `PlaceInput.preferred`); this puts all three in one number that only a plan without travel and with
 * every wish kept could bring to 1.
 */
export function overall(wishScore: number, travelEfficiency: number, timeCompliance: number): number {
  return clamp01(wishScore * ((1 + clamp01(travelEfficiency)) / 2) * ((1 + clamp01(timeCompliance)) / 2));
}

/**
 * THE objective, used by the solver, `score` and `checkPlan`: E = collected / efficiencyBest,
 * F = fairness of the members' shares (`FAIRNESS`), wish score = `weighted(E, F, w)`; each in [0, 1].
 */
export function objectiveParts(
  collected: number,
  memberCollected: ArrayLike<number>,
  memberWished: ArrayLike<number>,
  efficiencyBest: number,
  weight: number,
): ObjectiveParts {
  const members = memberWished.length;
  const shares = new Float64Array(members);
  let powerSum = 0;
  for (let p = 0; p < members; p++) {
    const wished = memberWished[p]!;
    shares[p] = wished > 0 ? clamp01(memberCollected[p]! / wished) : 1;
    powerSum += shortfallPower(1 - shares[p]!);
  }
  const efficiency = efficiencyBest > 0 ? clamp01(collected / efficiencyBest) : 1;
  const fairness = fairnessFrom(powerSum, members);
  return { efficiency, fairness, wishScore: clamp01(weighted(efficiency, fairness, weight)), shares };
}

/** Wish value of all of each member's wishes (the denominator of their raw share). */
export function memberWishTotals(model: Model): Float64Array {
  const total = new Float64Array(model.members);
  for (let k = 0; k < model.wishMember.length; k++) {
    const p = model.wishMember[k]!;
    total[p] = total[p]! + model.wishValue[k]!;
  }
  return total;
}

/**
 * Incremental form of `objectiveParts` for the search: O(wishes of v) per gain.
 * With weight 0 it is linear (the plain TOPTW profit, scaled).
 */
export class Objective {
  readonly collectedBy: Float64Array;
  collected = 0;
  /** Sum over members of shortfall^power. */
  private powerSum = 0;
  /** `slider()` of the current state (NaN: to compute), shared by every gain priced before the next change. */
  private current = Number.NaN;
  /** 1 / denominator of each member's share (0: no wishes, share fixed at 1). */
  private readonly inv: Float64Array;
  private readonly members: number;
  /** Members some day could give a wish (`rescue`); null: nobody is counted (no fairness, or not set). */
  private rescuable: Uint8Array | null = null;
  /** Rescuable members with none of their wishes in the plan. */
  private zeros = 0;

  /**
   * Iterations for a search with fairness (weight > 0), from the usual budget of a search on the trip:
   * four times it, up to 10000 iterations (never less than usual), so large trips do not take four times
   * as long. The power mean of `FAIRNESS` is steeper than the efficiency-only objective and the search
   * needs more iterations to climb it: on the bench's group trips (4-7 members, 3-5 days, about 40
   * places) the worst-off member's raw share at the default weight rose over the efficiency-only plan
   * by 0.085 and 0.099 (two sets of 40 trips) with the usual budget, 0.099 and 0.110 with four times it,
   * 0.102 and 0.110 with eight times it. The cap keeps 60 places, 8 members, 7 days under a second.
   */
  static fairBudget(usual: number): number {
    return Math.max(usual, Math.min(4 * usual, 10_000));
  }

  constructor(
    readonly model: Model,
    readonly refs: References,
    readonly weight: number,
  ) {
    this.members = refs.memberBest.length;
    this.collectedBy = new Float64Array(this.members);
    const wished = memberWishTotals(model);
    this.inv = wished.map((x) => (x > 0 ? 1 / x : 0));
    this.reset();
  }

  reset(): void {
    this.collectedBy.fill(0);
    this.collected = 0;
    this.current = Number.NaN;
    this.powerSum = 0;
    for (let p = 0; p < this.members; p++) this.powerSum += this.term(p, 0);
    this.zeros = 0;
    if (this.rescuable) for (let p = 0; p < this.members; p++) this.zeros += this.rescuable[p]!;
  }

  /**
   * Counts, from now on, the members with nothing among those who wish a place some tour can hold
   * (`usable[t * places + v]`, the search's own reachability), with fairness only.
   */
  rescue(usable: Uint8Array): void {
    // Where the slider's own floor is already the rescue's (at 1: 90%), the power mean alone gives such
    // a member their wish (5024 at 1 did); counted there too, it only moved the search's path (the
    // fairness test's six trips: mean worst-off share 0.666 at 1 became 0.660, under 0.6's 0.661).
    if (this.weight === 0 || efficiencyFloor(this.weight) <= FAIRNESS.keepFloor + 1e-12) return;
    const m = this.model;
    const n = m.places;
    const mask = new Uint8Array(this.members);
    for (let v = 0; v < n; v++) {
      let any = false;
      for (let t = 0; t < m.tours && !any; t++) any = usable[t * n + v] === 1;
      if (!any) continue;
      for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++)
        if (m.wishValue[k]! > 0) mask[m.wishMember[k]!] = 1;
    }
    this.rescuable = mask;
    this.current = Number.NaN;
    this.zeros = 0;
    for (let p = 0; p < this.members; p++) if (mask[p] && this.collectedBy[p]! <= EMPTY) this.zeros++;
  }

  /** What `value()` takes off for members with nothing and for a plan under the rescue floor. */
  rescueCost(): number {
    if (!this.rescuable) return 0;
    return this.costOf(this.efficiency(), this.zeros);
  }

  private costOf(e: number, zeros: number): number {
    const below = e < FAIRNESS.rescueFloor ? FAIRNESS.rescueFloor - e : 0;
    return FAIRNESS.nothing * zeros + FAIRNESS.rescuePenalty * below;
  }

  /** The group's wish value over the efficiency-only best (E). */
  efficiency(): number {
    return this.refs.efficiencyBest > 0 ? this.collected / this.refs.efficiencyBest : 1;
  }

  /** Shortfall^power of member p with `collected` of their wishes. */
  private term(p: number, collected: number): number {
    const inv = this.inv[p]!;
    const share = inv > 0 ? Math.min(1, collected * inv) : 1;
    return shortfallPower(1 - share);
  }

  /** Member p's raw share now (1 with no wishes). */
  share(p: number): number {
    const inv = this.inv[p]!;
    return inv > 0 ? Math.min(1, this.collectedBy[p]! * inv) : 1;
  }

  /** Whether member p wishes place v (value > 0). */
  wishes(p: number, v: number): boolean {
    const m = this.model;
    for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++)
      if (m.wishMember[k] === p && m.wishValue[k]! > 0) return true;
    return false;
  }

  /** What the search maximises: the slider's objective (`weighted`) less `rescueCost`. */
  value(): number {
    if (this.weight === 0) return this.efficiency();
    return this.slider() - (this.rescuable ? this.costOf(this.efficiency(), this.zeros) : 0);
  }

  /** The slider's objective now (`weighted`), shared by every gain priced before the next change. */
  private slider(): number {
    if (Number.isNaN(this.current))
      this.current = weighted(this.efficiency(), fairnessFrom(this.powerSum, this.members), this.weight);
    return this.current;
  }

  /**
   * Change of `value()` if node v were added (sign = -1: removed), but for the rescue floor's wall:
   * what the recreate ranks insertions by. The wall is for the search's acceptance only: priced into
   * every insertion of a half-ruined plan (under the wall while it is refilled) it made the recreate
   * fill by value alone, and set H lost 0.003 of its bound ratio. A member's first wish does carry
   * `FAIRNESS.nothing`: that is what puts a far wish in before the places around it.
   */
  gain(v: number, sign = 1): number {
    const m = this.model;
    let wishSum = 0;
    let delta = 0;
    let rescued = 0;
    const rescuable = this.rescuable;
    for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++) {
      const x = m.wishValue[k]!;
      wishSum += x;
      if (this.weight > 0) {
        const p = m.wishMember[k]!;
        const c = this.collectedBy[p]!;
        delta += this.term(p, c + sign * x) - this.term(p, c);
        if (rescuable?.[p]) rescued += (c <= EMPTY ? 1 : 0) - (c + sign * x <= EMPTY ? 1 : 0);
      }
    }
    const de = this.refs.efficiencyBest > 0 ? (sign * wishSum) / this.refs.efficiencyBest : 0;
    if (this.weight === 0) return de;
    const e = this.efficiency();
    return (
      weighted(e + de, fairnessFrom(this.powerSum + delta, this.members), this.weight) -
      this.slider() +
      FAIRNESS.nothing * rescued
    );
  }

  add(v: number, sign = 1): void {
    const m = this.model;
    this.current = Number.NaN;
    for (let k = m.wishPtr[v]!; k < m.wishPtr[v + 1]!; k++) {
      const p = m.wishMember[k]!;
      const x = m.wishValue[k]!;
      const c = this.collectedBy[p]!;
      if (this.weight > 0) this.powerSum += this.term(p, c + sign * x) - this.term(p, c);
      if (this.rescuable?.[p]) this.zeros += (c + sign * x <= EMPTY ? 1 : 0) - (c <= EMPTY ? 1 : 0);
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
