import type { Db } from "../../db/connect";
import { conflict, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import { lockTrip } from "../trips/queries";
import { endMembership } from "./end";
import { findMembership } from "./queries";

/**
 * An admin removes another member. Their feed token goes with the membership row; realtime/hub.ts tells
 * their sockets and unsubscribes them. The owner cannot be removed; one leaves oneself with 'leave'.
 * Answers the storage keys of the member's private documents, for the caller to delete (end.ts).
 */
export async function removeMember(db: Db, scope: TripScope, userId: string) {
  if (userId === scope.userId) throw conflict(text("server:members.useLeave"));
  const target = await findMembership(db, scope.tripId, userId);
  if (!target) throw notFound(text("server:members.memberNotFound"));
  if (target.ownerId === userId) throw forbidden(text("server:members.ownerNotRemovable"));
  return db.transaction(async (tx) => {
    await lockTrip(tx, scope.tripId);
    return endMembership(tx, scope.tripId, userId);
  });
}
