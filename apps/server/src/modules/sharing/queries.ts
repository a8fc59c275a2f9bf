import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/connect";
import {
  optimizationResults,
  places,
  placeWishes,
  shareEvents,
  tripMembers,
  tripShares,
  trips,
} from "../../db/schema";

export type ShareRow = typeof tripShares.$inferSelect;
export type ShareEventKind = (typeof shareEvents.$inferInsert)["kind"];

export async function findShareByHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(tripShares).where(eq(tripShares.tokenHash, tokenHash)).limit(1);
  return row;
}

/** A link of this trip (routes take the trip from the guard's scope, so another trip's link is not found). */
export async function findShare(db: Executor, tripId: string, shareId: string) {
  const [row] = await db
    .select()
    .from(tripShares)
    .where(and(eq(tripShares.tripId, tripId), eq(tripShares.id, shareId)))
    .limit(1);
  return row;
}

export async function lockShare(tx: Tx, shareId: string) {
  const [row] = await tx.select().from(tripShares).where(eq(tripShares.id, shareId)).for("update");
  return row;
}

/** Active links of the trip, newest first (spec 3 s.7 'Read trip_shares'). */
export function activeShares(db: Executor, tripId: string) {
  return db
    .select()
    .from(tripShares)
    .where(and(eq(tripShares.tripId, tripId), eq(tripShares.isActive, true)))
    .orderBy(desc(tripShares.createdAt));
}

export async function insertShare(db: Executor, values: typeof tripShares.$inferInsert) {
  const [row] = await db.insert(tripShares).values(values).returning();
  return row!;
}

export async function updateShare(
  db: Executor,
  shareId: string,
  patch: Partial<typeof tripShares.$inferInsert>,
) {
  const [row] = await db.update(tripShares).set(patch).where(eq(tripShares.id, shareId)).returning();
  return row;
}

export async function countShareUse(db: Executor, shareId: string) {
  await db
    .update(tripShares)
    .set({ currentUses: sql`${tripShares.currentUses} + 1` })
    .where(eq(tripShares.id, shareId));
}

/** Records an event; true when it is this visitor's first of its kind on this link today. */
export async function recordEvent(
  db: Executor,
  values: { shareId: string; kind: ShareEventKind; day: string; visitorHash: string },
): Promise<boolean> {
  const [seen] = await db
    .select({ id: shareEvents.id })
    .from(shareEvents)
    .where(
      and(
        eq(shareEvents.shareId, values.shareId),
        eq(shareEvents.day, values.day),
        eq(shareEvents.kind, values.kind),
        eq(shareEvents.visitorHash, values.visitorHash),
      ),
    )
    .limit(1);
  await db.insert(shareEvents).values(values);
  return !seen;
}

/** Per day since `from`: opens, distinct visitors who opened, joins and exports. */
export function eventsByDay(db: Executor, shareId: string, from: string) {
  return db
    .select({
      day: shareEvents.day,
      opens: sql<number>`count(*) filter (where ${shareEvents.kind} = 'open')::int`,
      visitors: sql<number>`count(distinct ${shareEvents.visitorHash}) filter (where ${shareEvents.kind} = 'open')::int`,
      joins: sql<number>`count(*) filter (where ${shareEvents.kind} = 'join')::int`,
      exports: sql<number>`count(*) filter (where ${shareEvents.kind} = 'export')::int`,
    })
    .from(shareEvents)
    .where(and(eq(shareEvents.shareId, shareId), gte(shareEvents.day, from)))
    .groupBy(shareEvents.day)
    .orderBy(asc(shareEvents.day));
}

/** Distinct visitors over the whole period (a visitor of two days is two: the hash changes daily). */
export async function visitorsSince(db: Executor, shareId: string, from: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${shareEvents.day}, ${shareEvents.visitorHash}))::int` })
    .from(shareEvents)
    .where(and(eq(shareEvents.shareId, shareId), eq(shareEvents.kind, "open"), gte(shareEvents.day, from)));
  return row?.n ?? 0;
}

export async function sharedTripRow(db: Executor, tripId: string) {
  const [row] = await db.select().from(trips).where(eq(trips.id, tripId)).limit(1);
  return row;
}

export function tripPlaces(db: Executor, tripId: string) {
  return db.select().from(places).where(eq(places.tripId, tripId)).orderBy(asc(places.createdAt));
}

/** The mean wish level of each place (1-10). */
export async function meanWishes(db: Executor, placeIds: string[]) {
  if (placeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ placeId: placeWishes.placeId, mean: sql<number>`avg(${placeWishes.wishLevel})::float8` })
    .from(placeWishes)
    .where(inArray(placeWishes.placeId, placeIds))
    .groupBy(placeWishes.placeId);
  return new Map(rows.map((r) => [r.placeId, r.mean]));
}

export async function activeRoute(db: Executor, tripId: string) {
  const [row] = await db
    .select({ route: optimizationResults.optimizedRoute })
    .from(optimizationResults)
    .where(and(eq(optimizationResults.tripId, tripId), eq(optimizationResults.isActive, true)))
    .orderBy(desc(optimizationResults.createdAt))
    .limit(1);
  return row?.route as { days?: unknown[] } | undefined;
}

export async function membershipOf(db: Executor, tripId: string, userId: string) {
  const [row] = await db
    .select({ role: tripMembers.role })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
    .limit(1);
  return row;
}
