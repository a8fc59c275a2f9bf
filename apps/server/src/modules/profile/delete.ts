import { MESSAGES } from "@tabi/contracts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/connect";
import { subscriptions, tripMembers, trips } from "../../db/schema";
import { AppError, badRequest } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { text } from "../../i18n";
import type { PaymentsProvider } from "../../providers/payments/types";
import type { StorageProvider } from "../../providers/storage";
import { deleteUploadFiles, removeDocumentFiles } from "../../providers/storage/delete-files";
import type { TripBus } from "../../realtime/bus";
import { deletePrivateDocumentsOf } from "../documents/queries";
import { deletePersonalListsOf } from "../members/end";
import { revokeLinksOf } from "../members/queries";
import { documentKeysOfTrip, lockTrip, setMemberCount, uploadsOfTrip } from "../trips/queries";
import {
  deleteUploadsOf,
  deleteUserRow,
  dropPhotoUrls,
  forgetTraces,
  handOver,
  heirOf,
  membershipsOf,
} from "./delete-queries";

/** What deleting an account did to the trips it was in (tests and the events read it). */
export interface DeletionOutcome {
  /** Owned trips with other members: the new owner of each. */
  handedOver: { tripId: string; ownerId: string }[];
  /** Owned trips nobody else was in: gone, with their files. */
  deleted: string[];
  /** Other people's trips the user left. */
  left: string[];
}

/** The typed confirmation: the account's e-mail in any case, or a guest's name. */
export function confirms(user: SessionUser, typed: string): boolean {
  const want = user.isAnonymous ? user.name : user.email;
  return typed.trim().toLowerCase() === want.trim().toLowerCase() && want.trim() !== "";
}

/**
 * Deletes the account and everything of it, in one transaction: each owned trip with other members
 * passes to the next admin (else the longest-standing member), owned trips without others are deleted,
 * the user leaves every other trip (colour released, count updated, their share links stop opening),
 * their photos and private documents go from every trip, and the users row goes; sessions, accounts,
 * wishes, read cursors, reactions, settings, subscriptions and calendar feeds go with it by cascade,
 * while messages, places, plans and shared documents stay in their trips without a sender ("Deleted
 * user"). Files are removed after the commit;
 * every affected trip hears members.changed and membership.ended.
 */
export async function deleteAccount(
  deps: {
    db: Db;
    storage: StorageProvider;
    bus: TripBus;
    payments: PaymentsProvider;
    log: FastifyBaseLogger;
  },
  user: SessionUser,
  confirm: string,
): Promise<DeletionOutcome> {
  if (!confirms(user, confirm))
    throw badRequest(
      text(
        user.isAnonymous
          ? "server:accountData.confirmNameMismatch"
          : "server:accountData.confirmEmailMismatch",
      ),
    );
  // A deleted account is never charged again: its live subscriptions end first. If the provider cannot
  // be reached, this throws and nothing is deleted (the user can try again).
  const live = await deps.db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, user.id),
        eq(subscriptions.provider, deps.payments.name),
        inArray(subscriptions.status, ["active", "pending"]),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    );
  try {
    for (const s of live) await deps.payments.cancelSubscription(s.id!);
  } catch (err) {
    deps.log.warn({ err }, "cancelling the subscription of an account being deleted failed");
    throw new AppError(503, "SERVICE_UNAVAILABLE", MESSAGES.serviceUnavailable);
  }
  const outcome: DeletionOutcome = { handedOver: [], deleted: [], left: [] };
  const files: { key: string; thumbKey: string }[] = [];
  const documentFiles: { key: string }[] = [];
  await deps.db.transaction(async (tx) => {
    for (const { tripId } of await membershipsOf(tx, user.id)) {
      // Joins and leaves of one trip run one at a time (trips/queries.ts): the owner is read under the lock.
      const trip = await lockTrip(tx, tripId);
      if (!trip) continue;
      if (trip.ownerId === user.id) {
        const heir = await heirOf(tx, tripId, user.id);
        if (!heir) {
          files.push(...(await uploadsOfTrip(tx, tripId)));
          documentFiles.push(...(await documentKeysOfTrip(tx, tripId)));
          // The trip's rows go by cascade, as deleting a trip does (trips/service.ts removeTrip).
          await tx.delete(trips).where(eq(trips.id, tripId));
          outcome.deleted.push(tripId);
          continue;
        }
        await handOver(tx, tripId, heir);
        outcome.handedOver.push({ tripId, ownerId: heir });
      } else outcome.left.push(tripId);
      await tx
        .delete(tripMembers)
        .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, user.id)));
      await revokeLinksOf(tx, tripId, user.id);
      await setMemberCount(tx, tripId);
    }
    const photos = await deleteUploadsOf(tx, user.id);
    await dropPhotoUrls(tx, photos);
    files.push(...photos);
    // Private documents only meant something to them (decision 0024); shared ones stay with the group.
    documentFiles.push(...(await deletePrivateDocumentsOf(tx, user.id)));
    // Their personal lists in the trips they leave (the foreign key would only take the owner away).
    await deletePersonalListsOf(tx, user.id);
    await forgetTraces(tx, user.id, user.email);
    await deleteUserRow(tx, user.id);
  });

  const removed = await Promise.all([
    ...files.map((f) => deleteUploadFiles(deps.storage, f)),
    removeDocumentFiles(deps.storage, documentFiles),
  ]);
  if (removed.includes(false))
    deps.log.warn(
      { files: removed.filter((ok) => !ok).length },
      "files of a deleted account were left in storage",
    );
  const publish = async (tripId: string, userId: string | null) => {
    await deps.bus.publish({ type: "members.changed", tripId }).catch(() => {});
    await deps.bus.publish({ type: "membership.ended", tripId, userId }).catch(() => {});
  };
  for (const { tripId } of outcome.handedOver) await publish(tripId, user.id);
  for (const tripId of outcome.left) await publish(tripId, user.id);
  for (const tripId of outcome.deleted) await publish(tripId, null);
  return outcome;
}
