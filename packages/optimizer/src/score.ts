import { PREFERRED_BANDS } from "./meals";
import { clamp01, objectiveParts, overall } from "./objective";
import { parseHhmm } from "./time";
import type { PlanDay, Problem, ScoreReference, Scores } from "./types";

/**
 * The scores of a plan (issues 5 and 12), from its visits alone: the one scoring function shared by the
 * solver, the server and the tests; every score lies in [0, 1]. `reference` holds what efficiency is
 * measured against (and each member's best alone, which only decides who counts for adoption); shares
 * are raw: the wish value of a member's places in the plan over the wish value of all their wishes.
 */
export function score(
  problem: Problem,
  days: readonly Pick<PlanDay, "visits" | "backTravelMinutes">[],
  reference: ScoreReference,
): Scores {
  const places = new Map(problem.places.map((p) => [p.id, p]));
  const members = problem.members;
  const memberAt = new Map(members.map((m, i) => [m, i]));
  const collectedBy = new Float64Array(members.length);
  let collected = 0;
  let travelMinutes = 0;
  let visitMinutes = 0;
  let withPreference = 0;
  let inPreference = 0;
  for (const day of days) {
    travelMinutes += day.backTravelMinutes;
    for (const visit of day.visits) {
      const place = places.get(visit.placeId);
      if (!place) throw new Error(`score: unknown place "${visit.placeId}"`);
      for (const [member, wish] of Object.entries(place.wishes)) {
        const p = memberAt.get(member);
        if (p === undefined || !(wish > 0)) continue;
        collectedBy[p] = collectedBy[p]! + wish;
        collected += wish;
      }
      travelMinutes += visit.travelMinutes;
      const start = parseHhmm(visit.start);
      const end = parseHhmm(visit.end);
      visitMinutes += (((end - start) % 1440) + 1440) % 1440;
      if (place.preferred) {
        withPreference++;
        const [from, to] = PREFERRED_BANDS[place.preferred];
        if (start >= from && start < to) inPreference++;
      }
    }
  }
  const weight = problem.settings?.fairnessWeight ?? 0.6;
  const memberBest = Float64Array.from(members, (m) => reference.memberBest[m] ?? 0);
  const wished = new Float64Array(members.length);
  for (const place of problem.places) {
    for (const [member, wish] of Object.entries(place.wishes)) {
      const p = memberAt.get(member);
      if (p !== undefined && wish > 0) wished[p] = wished[p]! + wish;
    }
  }
  const parts = objectiveParts(collected, collectedBy, wished, reference.efficiencyBest, weight);
  const shares: Record<string, number> = {};
  let adopted = 0;
  let eligible = 0;
  let sum = 0;
  let sumSq = 0;
  let minShare = members.length ? Number.POSITIVE_INFINITY : 1;
  members.forEach((m, p) => {
    const s = parts.shares[p]!;
    shares[m] = s;
    sum += s;
    sumSq += s * s;
    if (s < minShare) minShare = s;
    // Members who wished for nothing reachable cannot be adopted; they do not count.
    if (memberBest[p]! > 0) {
      eligible++;
      if (collectedBy[p]! > 0) adopted++;
    }
  });
  const travel = visitMinutes + travelMinutes > 0 ? visitMinutes / (visitMinutes + travelMinutes) : 1;
  const time = withPreference ? inPreference / withPreference : 1;
  return {
    total: overall(parts.wishScore, travel, time),
    fairness: parts.fairness,
    efficiency: parts.efficiency,
    details: {
      user_adoption_balance: eligible ? adopted / eligible : 1,
      wish_satisfaction_balance: sumSq > 0 ? clamp01((sum * sum) / (members.length * sumSq)) : 0,
      travel_efficiency: travel,
      time_constraint_compliance: time,
    },
    min_share: minShare,
    shares,
    reference: { efficiencyBest: reference.efficiencyBest, memberBest: { ...reference.memberBest } },
    fairnessWeight: weight,
    travelMinutes,
    visitMinutes,
  };
}
