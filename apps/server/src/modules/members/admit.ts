import { TRIP_MESSAGES } from "@tabi/contracts";
import type { Tx } from "../../db/connect";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { insertMember, lockTrip, setMemberCount } from "../trips/queries";
import { lowestFreeColor } from "./colors";
import { limitsFor } from "./plan";
import { countMemberships, usedColors } from "./queries";
import { findUserById } from "./users";

export interface JoinFlags {
  canAddPlaces: boolean;
  canEditPlaces: boolean;
  canOptimize: boolean;
}

/** Spec 3 s.4: a member who joins may add places and optimise, not edit others' places or invite. */
export const JOINING_FLAGS: JoinFlags = { canAddPlaces: true, canEditPlaces: false, canOptimize: true };

/**
 * Adds the user to the trip as a member with a colour, within the plans' limits (the joiner's trip
 * limit, the owner's member limit), by an invitation code or a share link. An existing member counts
 * as success (`alreadyMember`); a trip that is gone gives null.
 */
export async function admitMember(tx: Tx, tripId: string, user: SessionUser, flags: JoinFlags) {
  const trip = await lockTrip(tx, tripId);
  if (!trip) return null;
  const already = await tx.query.tripMembers.findFirst({
    where: (m, { and, eq }) => and(eq(m.tripId, trip.id), eq(m.userId, user.id)),
  });
  if (already) return { tripId: trip.id, alreadyMember: true };
  if ((await countMemberships(tx, user.id)) >= limitsFor(user).trips)
    throw new AppError(403, "PLAN_LIMIT", TRIP_MESSAGES.tripLimitJoin);
  const owner = await findUserById(tx, trip.ownerId);
  if (trip.totalMembers >= limitsFor(owner ?? {}).membersPerTrip)
    throw new AppError(403, "PLAN_LIMIT", TRIP_MESSAGES.memberLimit);
  await insertMember(tx, {
    tripId: trip.id,
    userId: user.id,
    role: "member",
    assignedColorIndex: lowestFreeColor(await usedColors(tx, trip.id)),
    colorAssignedAt: new Date(),
    ...flags,
    canInviteMembers: false,
  });
  await setMemberCount(tx, trip.id);
  return { tripId: trip.id, alreadyMember: false };
}
