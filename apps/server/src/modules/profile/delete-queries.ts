import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import {
  chatMessages,
  feedback,
  mailOutbox,
  places,
  tripMembers,
  trips,
  uploads,
  users,
  verifications,
} from "../../db/schema";

// Database work of deleting an account (delete.ts), all inside its one transaction.

/** Every trip the user belongs to, with whether they own it. */
export async function membershipsOf(db: Executor, userId: string) {
  return db
    .select({ tripId: tripMembers.tripId, ownerId: trips.ownerId })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(asc(tripMembers.tripId));
}

/**
 * Who takes an owned trip on: the admin who joined first, else the member who joined first (the
 * longest-standing); undefined when nobody else is in the trip.
 */
export async function heirOf(db: Executor, tripId: string, userId: string) {
  const [row] = await db
    .select({ userId: tripMembers.userId })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), ne(tripMembers.userId, userId)))
    .orderBy(desc(sql`${tripMembers.role} = 'admin'`), asc(tripMembers.joinedAt), asc(tripMembers.userId))
    .limit(1);
  return row?.userId;
}

/** The trip passes to `heirId`: ownership, the admin role and every permission an owner holds. */
export async function handOver(db: Executor, tripId: string, heirId: string) {
  await db.update(trips).set({ ownerId: heirId, updatedAt: new Date() }).where(eq(trips.id, tripId));
  await db
    .update(tripMembers)
    .set({
      role: "admin",
      canAddPlaces: true,
      canEditPlaces: true,
      canOptimize: true,
      canInviteMembers: true,
    })
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, heirId)));
}

/**
 * The photos the user uploaded to trips that stay: their rows go. A message that was only a photo
 * becomes a deleted message (the chat's placeholder), not an empty bubble; others keep their text.
 */
export async function deleteUploadsOf(db: Executor, userId: string) {
  const now = new Date();
  await db
    .update(chatMessages)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          chatMessages.imageId,
          db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, userId)),
        ),
        isNull(chatMessages.deletedAt),
        sql`coalesce(${chatMessages.content}, '') = ''`,
      ),
    );
  return db
    .delete(uploads)
    .where(eq(uploads.userId, userId))
    .returning({ id: uploads.id, tripId: uploads.tripId, key: uploads.key, thumbKey: uploads.thumbKey });
}

/** Places of these trips whose photos name one of these uploads: those URLs are taken out. */
export async function dropPhotoUrls(db: Executor, gone: { id: string; tripId: string }[]) {
  if (gone.length === 0) return;
  const ids = new Set(gone.map((u) => u.id));
  const tripIds = [...new Set(gone.map((u) => u.tripId))];
  const rows = await db
    .select({ id: places.id, photos: places.photos })
    .from(places)
    .where(
      and(
        inArray(places.tripId, tripIds),
        or(...[...ids].map((id) => sql`${places.photos}::text like ${`%${id}%`}`)),
      ),
    );
  for (const row of rows) {
    const kept = row.photos.filter((url) => ![...ids].some((id) => url.includes(id)));
    if (kept.length !== row.photos.length)
      await db.update(places).set({ photos: kept, updatedAt: new Date() }).where(eq(places.id, row.id));
  }
}

/**
 * What names the user outside rows that go with them: the address on feedback they sent, mails of
 * the embedded outbox to their address, and pending verifications (password reset) of the account.
 */
export async function forgetTraces(db: Executor, userId: string, email: string) {
  await db.update(feedback).set({ email: null }).where(eq(feedback.userId, userId));
  await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`);
  await db.delete(verifications).where(eq(verifications.value, userId));
}

export async function deleteUserRow(db: Executor, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
