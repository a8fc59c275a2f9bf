import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/connect";
import { tripMembers, trips } from "../../db/schema";
import type { TripScope } from "../../http/guards";

export type TripRow = typeof trips.$inferSelect;
export type MemberRow = typeof tripMembers.$inferSelect;
export type { Tx };

/** Trips the user belongs to (owned and joined), newest first, with the user's membership. */
export async function listTripsOfUser(db: Db, userId: string, limit: number) {
  return db
    .select({ trip: trips, member: tripMembers })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(desc(trips.createdAt))
    .limit(limit);
}

export async function getTrip(db: Executor, scope: TripScope) {
  const [row] = await db
    .select({ trip: trips, member: tripMembers })
    .from(trips)
    .innerJoin(tripMembers, and(eq(tripMembers.tripId, trips.id), eq(tripMembers.userId, scope.userId)))
    .where(eq(trips.id, scope.tripId));
  return row;
}

/** The trip row alone (the parts of a trip read shared by its members). */
export async function getTripRow(db: Executor, tripId: string): Promise<TripRow | undefined> {
  const [row] = await db.select().from(trips).where(eq(trips.id, tripId));
  return row;
}

export async function insertTrip(tx: Tx, values: typeof trips.$inferInsert) {
  const [row] = await tx.insert(trips).values(values).returning();
  return row!;
}

export async function insertMember(tx: Tx, values: typeof tripMembers.$inferInsert) {
  await tx.insert(tripMembers).values(values);
}

export async function updateTrip(db: Db, scope: TripScope, patch: Partial<typeof trips.$inferInsert>) {
  await db
    .update(trips)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(trips.id, scope.tripId));
}

export async function deleteTrip(db: Db, scope: TripScope) {
  await db.delete(trips).where(eq(trips.id, scope.tripId));
}

/** Locks the trip row for the rest of the transaction: joins and leaves of one trip run one at a time. */
export async function lockTrip(tx: Tx, tripId: string): Promise<TripRow | undefined> {
  const [row] = await tx.select().from(trips).where(eq(trips.id, tripId)).for("update");
  return row;
}

export async function setMemberCount(tx: Tx, tripId: string) {
  await tx
    .update(trips)
    .set({ totalMembers: sql`(select count(*) from ${tripMembers} where ${tripMembers.tripId} = ${tripId})` })
    .where(eq(trips.id, tripId));
}
