import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { bookings, tripMembers, trips, users } from "../../db/schema";
import type { TripScope } from "../../http/guards";

export type BookingRow = typeof bookings.$inferSelect;
export type BookingValues = Omit<typeof bookings.$inferInsert, "id" | "tripId" | "userId" | "createdAt">;
/** A row with the name of who saved it (null once that account is deleted). */
export type BookingView = BookingRow & { userName: string | null };

/** The trip's bookings, newest first (spec 2 s.7), or one of them by id. */
export function readBookings(db: Executor, scope: TripScope, bookingId?: string): Promise<BookingView[]> {
  return db
    .select({ row: bookings, userName: users.name })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.tripId, scope.tripId), bookingId ? eq(bookings.id, bookingId) : undefined))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .then((rows) => rows.map((r) => ({ ...r.row, userName: r.userName })));
}

export async function countBookings(db: Executor, scope: TripScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.tripId, scope.tripId));
  return row?.n ?? 0;
}

/**
 * Marks the trip's bookings as changed (a plan made before is out of date) and returns what the
 * defaults need. First in each write's transaction: the row lock it takes serialises the trip's
 * booking writes, so the per-trip limit holds under concurrent saves.
 */
export async function markBookingsChanged(db: Executor, scope: TripScope) {
  const [row] = await db
    .update(trips)
    .set({ bookingsChangedAt: sql`now()` })
    .where(eq(trips.id, scope.tripId))
    .returning({ startDate: trips.startDate });
  return row;
}

export async function memberCount(db: Executor, scope: TripScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tripMembers).where(eq(tripMembers.tripId, scope.tripId));
  return row?.n ?? 0;
}

export async function insertBooking(db: Executor, scope: TripScope, values: BookingValues): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({ ...values, tripId: scope.tripId, userId: scope.userId })
    .returning({ id: bookings.id });
  return row!.id;
}

export async function updateBooking(
  db: Executor,
  scope: TripScope,
  bookingId: string,
  values: Partial<BookingValues>,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bookings.tripId, scope.tripId), eq(bookings.id, bookingId)))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

export async function deleteBooking(db: Executor, scope: TripScope, bookingId: string): Promise<boolean> {
  const rows = await db
    .delete(bookings)
    .where(and(eq(bookings.tripId, scope.tripId), eq(bookings.id, bookingId)))
    .returning({ id: bookings.id });
  return rows.length > 0;
}
