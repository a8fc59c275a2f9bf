import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/connect";
import { rowsOf } from "../../db/json-rows";
import { documents, places, tripMembers, trips, uploads } from "../../db/schema";
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

/**
 * What the trip's time zone is made of (trips/zone.ts), in one statement: its stored zone, its
 * departure, and its places' positions in the order they were added. Undefined: no such trip.
 */
export async function zoneInputs(db: Executor, tripId: string) {
  const [row] = await rowsOf<{
    timezone: string;
    departureLatitude: number | null;
    departureLongitude: number | null;
    places: { latitude: number; longitude: number }[] | null;
  }>(
    db,
    sql`select t.timezone, t.departure_latitude as "departureLatitude",
        t.departure_longitude as "departureLongitude",
        (select json_agg(json_build_object('latitude', p.latitude, 'longitude', p.longitude)
            order by p.created_at, p.id)
          from ${places} p where p.trip_id = t.id) as places
      from ${trips} t where t.id = ${tripId}`,
  );
  return row && { ...row, places: row.places ?? [] };
}

/** Sets the trip's zone; true when it changed (a write that keeps it as it was changes nothing). */
export async function setTripZone(db: Executor, tripId: string, zone: string): Promise<boolean> {
  const rows = await db
    .update(trips)
    .set({ timezone: zone })
    .where(and(eq(trips.id, tripId), sql`${trips.timezone} <> ${zone}`))
    .returning({ id: trips.id });
  return rows.length > 0;
}

/** The storage keys of every upload of a trip (its files, to remove with the trip). */
export function uploadsOfTrip(db: Executor, tripId: string) {
  return db
    .select({ key: uploads.key, thumbKey: uploads.thumbKey })
    .from(uploads)
    .where(eq(uploads.tripId, tripId));
}

/** The storage keys of a trip's documents (to remove with the trip: its rows go by cascade). */
export function documentKeysOfTrip(db: Executor, tripId: string) {
  return db.select({ key: documents.key }).from(documents).where(eq(documents.tripId, tripId));
}
