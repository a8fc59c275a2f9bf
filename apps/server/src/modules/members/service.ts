import { type MemberUpdateInput, TRIP_MESSAGES } from "@tabi/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect";
import { tripMembers, trips } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import { lockTrip } from "../trips/queries";
import { getTripDetail } from "../trips/service";
import { endMembership } from "./end";
import { findMembership, updateMember } from "./queries";

export async function changeMember(db: Db, scope: TripScope, userId: string, input: MemberUpdateInput) {
  // An empty change would reach the database as an UPDATE with no columns.
  if (Object.values(input).every((v) => v === undefined))
    throw badRequest(text("server:members.nothingToChange"));
  if (input.role !== undefined && userId === scope.userId) throw forbidden(TRIP_MESSAGES.ownRole);
  const target = await findMembership(db, scope.tripId, userId);
  if (!target) throw notFound(text("server:members.memberNotFound"));
  if (input.role === "member" && target.ownerId === userId) throw forbidden(TRIP_MESSAGES.ownerStaysAdmin);
  await updateMember(db, scope.tripId, userId, input);
  return getTripDetail(db, scope);
}

/**
 * Leaving releases the member's colour; the owner hands the trip on first. Answers the storage keys of
 * the member's private documents, for the caller to delete (end.ts).
 */
export async function leaveTrip(db: Db, scope: TripScope) {
  if (scope.isOwner) throw conflict(TRIP_MESSAGES.ownerMustTransfer);
  return db.transaction(async (tx) => {
    await lockTrip(tx, scope.tripId);
    return endMembership(tx, scope.tripId, scope.userId);
  });
}

export async function transferOwnership(db: Db, scope: TripScope, userId: string) {
  const target = await findMembership(db, scope.tripId, userId);
  if (!target) throw notFound(text("server:members.memberNotFound"));
  await db.transaction(async (tx) => {
    await tx.update(trips).set({ ownerId: userId, updatedAt: new Date() }).where(eq(trips.id, scope.tripId));
    await tx
      .update(tripMembers)
      .set({ role: "admin" })
      .where(and(eq(tripMembers.tripId, scope.tripId), eq(tripMembers.userId, userId)));
  });
  return getTripDetail(db, scope);
}
