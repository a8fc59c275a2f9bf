import { type Invitation, TRIP_MESSAGES } from "@tabi/contracts";
import type { Db } from "../../db/connect";
import { AppError, forbidden } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { FailureLimiter } from "../../limits/failure-limiter";
import { admitMember, JOINING_FLAGS } from "../members/admit";
import { createInvitation } from "../members/invitation";
import { displayCode, normalizeCode } from "../members/invitation-code";
import { getTripDetail } from "../trips/service";
import { countUse, findUsableInvitation, lockInvitation } from "./queries";

function present(row: {
  code: string;
  expiresAt: Date | null;
  maxUses: number;
  currentUses: number;
}): Invitation {
  return {
    code: row.code,
    displayCode: displayCode(row.code),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
  };
}

/** The trip's code: reused while active, unexpired and not used up; otherwise a new one (spec 3 s.4). */
export async function currentInvitation(db: Db, scope: TripScope): Promise<Invitation> {
  if (scope.role !== "admin" && !scope.canInviteMembers)
    throw forbidden(text("server:members.noInvitePermission"));
  const row =
    (await findUsableInvitation(db, scope.tripId)) ??
    (await createInvitation(db, scope.tripId, scope.userId));
  return present(row);
}

// Failed join attempts per user: with the per-IP route limit, guessing codes stays impractical
// (8.5e11 codes, 10 failures per user per 10 minutes).
export const JOIN_FAILURES = { max: 10, windowMs: 10 * 60_000 };

export async function joinTrip(db: Db, user: SessionUser, rawCode: string, failures: FailureLimiter) {
  if (await failures.blocked(user.id)) throw new AppError(429, "RATE_LIMITED", TRIP_MESSAGES.joinTooMany);
  const code = normalizeCode(rawCode);
  const result = await db.transaction(async (tx) => {
    const inv = await lockInvitation(tx, code);
    // Unknown, inactive, expired and used-up codes get the same answer.
    const usable =
      inv?.isActive && (!inv.expiresAt || inv.expiresAt > new Date()) && inv.currentUses < inv.maxUses;
    if (!inv || !usable) return { error: "invalid" as const };
    const admitted = await admitMember(tx, inv.tripId, user, JOINING_FLAGS);
    if (!admitted) return { error: "invalid" as const };
    if (admitted.alreadyMember) return admitted;
    await countUse(tx, code);
    return admitted;
  });
  if ("error" in result) {
    await failures.fail(user.id);
    throw new AppError(404, "NOT_FOUND", TRIP_MESSAGES.invalidCode);
  }
  const detail = await getTripDetail(db, { tripId: result.tripId, userId: user.id } as TripScope);
  return { trip: detail.trip, alreadyMember: result.alreadyMember };
}
