import { type Invitation, TRIP_MESSAGES } from "@tabi/contracts";
import type { Db, Executor } from "../../db/connect";
import { AppError, forbidden } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { text } from "../../i18n";
import { limitsFor } from "../billing/plan";
import { lowestFreeColor } from "../members/colors";
import { countMemberships, usedColors } from "../members/queries";
import { findUserById } from "../profile/queries";
import { insertMember, lockTrip, setMemberCount } from "../trips/queries";
import { getTripDetail } from "../trips/service";
import { displayCode, generateCode, normalizeCode } from "./code";
import { FailureLimiter } from "./limiter";
import { countUse, findUsableInvitation, insertInvitation, lockInvitation } from "./queries";

const EXPIRY_DAYS = 30;
const MAX_USES = 10;

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

export async function createInvitation(db: Executor, tripId: string, createdBy: string) {
  for (;;) {
    const row = await insertInvitation(db, {
      code: generateCode(),
      tripId,
      createdBy,
      maxUses: MAX_USES,
      expiresAt: new Date(Date.now() + EXPIRY_DAYS * 86_400_000),
    });
    if (row) return row; // else: the random code existed already; draw again
  }
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

const failures = new FailureLimiter();

export async function joinTrip(db: Db, user: SessionUser, rawCode: string) {
  if (failures.blocked(user.id)) throw new AppError(429, "RATE_LIMITED", TRIP_MESSAGES.joinTooMany);
  const code = normalizeCode(rawCode);
  const result = await db.transaction(async (tx) => {
    const inv = await lockInvitation(tx, code);
    // Unknown, inactive, expired and used-up codes get the same answer.
    const usable =
      inv?.isActive && (!inv.expiresAt || inv.expiresAt > new Date()) && inv.currentUses < inv.maxUses;
    if (!inv || !usable) return { error: "invalid" as const };
    const trip = await lockTrip(tx, inv.tripId);
    if (!trip) return { error: "invalid" as const };
    const members = await usedColors(tx, trip.id);
    const already = await tx.query.tripMembers.findFirst({
      where: (m, { and, eq }) => and(eq(m.tripId, trip.id), eq(m.userId, user.id)),
    });
    if (already) return { tripId: trip.id, alreadyMember: true };

    if ((await countMemberships(tx, user.id)) >= limitsFor(user).trips)
      throw new AppError(403, "PLAN_LIMIT", TRIP_MESSAGES.tripLimitJoin);
    const owner = await findUserById(tx, trip.ownerId);
    if (trip.totalMembers >= limitsFor(owner ?? {}).membersPerTrip)
      throw new AppError(403, "PLAN_LIMIT", TRIP_MESSAGES.memberLimit);
    const color = lowestFreeColor(members);
    // Spec 3 s.4: a joining member may add places and optimise, not edit others' places or invite.
    await insertMember(tx, {
      tripId: trip.id,
      userId: user.id,
      role: "member",
      assignedColorIndex: color,
      colorAssignedAt: new Date(),
      canAddPlaces: true,
      canOptimize: true,
      canEditPlaces: false,
      canInviteMembers: false,
    });
    await countUse(tx, code);
    await setMemberCount(tx, trip.id);
    return { tripId: trip.id, alreadyMember: false };
  });
  if ("error" in result) {
    failures.fail(user.id);
    throw new AppError(404, "NOT_FOUND", TRIP_MESSAGES.invalidCode);
  }
  const detail = await getTripDetail(db, { tripId: result.tripId, userId: user.id } as TripScope);
  return { trip: detail.trip, alreadyMember: result.alreadyMember };
}
