import { PLAN_LIMITS } from "@tabi/contracts";

type PlanUser = { isPremium?: boolean | null; premiumExpiresAt?: Date | string | null };

/** Premium is active when the user is premium with no expiry or an expiry in the future (spec 1 s.4). */
export function isPremiumActive(u: PlanUser, now = new Date()): boolean {
  if (!u.isPremium) return false;
  return !u.premiumExpiresAt || new Date(u.premiumExpiresAt) > now;
}

export function limitsFor(u: PlanUser) {
  return isPremiumActive(u) ? PLAN_LIMITS.premium : PLAN_LIMITS.free;
}
