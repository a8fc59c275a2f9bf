import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { places, placeWishes, tripMembers, trips, users } from "../../db/schema";
import type { TripScope } from "../../http/guards";

export type PlaceRow = typeof places.$inferSelect;

export async function listPlaceRows(db: Executor, scope: TripScope, placeId?: string) {
  return db
    .select()
    .from(places)
    .where(and(eq(places.tripId, scope.tripId), placeId ? eq(places.id, placeId) : undefined))
    .orderBy(asc(places.createdAt));
}

/** Wishes of the given places with each wisher's name and trip colour (null once they left). */
export async function listWishes(db: Executor, scope: TripScope, placeIds: string[]) {
  if (placeIds.length === 0) return [];
  return db
    .select({
      placeId: placeWishes.placeId,
      userId: placeWishes.userId,
      wishLevel: placeWishes.wishLevel,
      name: users.name,
      colorIndex: tripMembers.assignedColorIndex,
    })
    .from(placeWishes)
    .innerJoin(users, eq(users.id, placeWishes.userId))
    .leftJoin(
      tripMembers,
      and(eq(tripMembers.userId, placeWishes.userId), eq(tripMembers.tripId, scope.tripId)),
    )
    .where(inArray(placeWishes.placeId, placeIds))
    .orderBy(asc(placeWishes.createdAt));
}

export async function tripDeadline(db: Executor, scope: TripScope) {
  const [row] = await db
    .select({ addPlaceDeadline: trips.addPlaceDeadline })
    .from(trips)
    .where(eq(trips.id, scope.tripId));
  return row?.addPlaceDeadline ?? null;
}

/** The caller's wishes in the trip: what the per-trip place limit counts. */
export async function countMyWishes(db: Executor, scope: TripScope) {
  const [row] = await db
    .select({ n: count() })
    .from(placeWishes)
    .innerJoin(places, eq(places.id, placeWishes.placeId))
    .where(and(eq(places.tripId, scope.tripId), eq(placeWishes.userId, scope.userId)));
  return row?.n ?? 0;
}

/** Places of the trip that may be the same real place: same provider id, or the same name. */
export async function sameNameOrProvider(
  db: Executor,
  scope: TripScope,
  name: string,
  providerPlaceId?: string | null,
) {
  return db
    .select()
    .from(places)
    .where(
      and(
        eq(places.tripId, scope.tripId),
        or(
          sql`lower(${places.name}) = ${name.trim().toLowerCase()}`,
          providerPlaceId ? eq(places.providerPlaceId, providerPlaceId) : undefined,
        ),
      ),
    );
}

export async function insertPlace(db: Executor, values: typeof places.$inferInsert) {
  const [row] = await db.insert(places).values(values).returning();
  return row!;
}

export async function updatePlace(
  db: Executor,
  scope: TripScope,
  placeId: string,
  patch: Partial<typeof places.$inferInsert>,
) {
  await db
    .update(places)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(places.id, placeId), eq(places.tripId, scope.tripId)));
}

export async function deletePlace(db: Executor, scope: TripScope, placeId: string) {
  await db.delete(places).where(and(eq(places.id, placeId), eq(places.tripId, scope.tripId)));
}

export async function upsertWish(db: Executor, placeId: string, userId: string, wishLevel: number) {
  await db
    .insert(placeWishes)
    .values({ placeId, userId, wishLevel })
    .onConflictDoUpdate({
      target: [placeWishes.placeId, placeWishes.userId],
      set: { wishLevel, updatedAt: new Date() },
    });
}

export async function deleteWish(db: Executor, placeId: string, userId: string) {
  await db.delete(placeWishes).where(and(eq(placeWishes.placeId, placeId), eq(placeWishes.userId, userId)));
}

export async function remainingWishers(db: Executor, placeId: string) {
  return db
    .select({ userId: placeWishes.userId })
    .from(placeWishes)
    .where(eq(placeWishes.placeId, placeId))
    .orderBy(asc(placeWishes.createdAt));
}
