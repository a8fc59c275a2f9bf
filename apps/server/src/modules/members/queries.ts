import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { tripMembers, tripShares, trips, users } from "../../db/schema";

export type MembershipRow = typeof tripMembers.$inferSelect & { ownerId: string };

/** The caller's membership of a trip, with the trip's owner: what every trip guard needs. */
export async function findMembership(
  db: Executor,
  tripId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select({ member: tripMembers, ownerId: trips.ownerId })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  return row ? { ...row.member, ownerId: row.ownerId } : undefined;
}

export async function listMembers(db: Executor, tripIds: string[]) {
  if (tripIds.length === 0) return [];
  return db
    .select({
      tripId: tripMembers.tripId,
      userId: tripMembers.userId,
      role: tripMembers.role,
      colorIndex: tripMembers.assignedColorIndex,
      canEditPlaces: tripMembers.canEditPlaces,
      canOptimize: tripMembers.canOptimize,
      canAddPlaces: tripMembers.canAddPlaces,
      canInviteMembers: tripMembers.canInviteMembers,
      joinedAt: tripMembers.joinedAt,
      name: users.name,
      email: users.email,
      isGuest: users.isAnonymous,
    })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(inArray(tripMembers.tripId, tripIds))
    .orderBy(asc(tripMembers.joinedAt));
}

export async function countMemberships(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tripMembers).where(eq(tripMembers.userId, userId));
  return row?.n ?? 0;
}

export async function usedColors(db: Executor, tripId: string): Promise<number[]> {
  const rows = await db
    .select({ c: tripMembers.assignedColorIndex })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), isNotNull(tripMembers.assignedColorIndex)));
  return rows.map((r) => r.c!);
}

export async function updateMember(
  db: Executor,
  tripId: string,
  userId: string,
  patch: Partial<
    Pick<
      typeof tripMembers.$inferInsert,
      "role" | "canEditPlaces" | "canOptimize" | "canAddPlaces" | "canInviteMembers"
    >
  >,
) {
  await db
    .update(tripMembers)
    .set(patch)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
}

export async function deleteMember(db: Executor, tripId: string, userId: string) {
  await db.delete(tripMembers).where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
}

/** A member leaves or is removed: the links they made stop opening (they know those URLs). */
export async function revokeLinksOf(db: Executor, tripId: string, userId: string) {
  await db
    .update(tripShares)
    .set({ isActive: false })
    .where(and(eq(tripShares.tripId, tripId), eq(tripShares.createdBy, userId)));
}
