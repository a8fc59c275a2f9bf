import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import {
  bookings,
  optimizationProgress,
  optimizationResults,
  places,
  placeWishes,
  tripMembers,
  trips,
  userSettings,
  users,
} from "../../db/schema";
import type { TripScope } from "../../http/guards";
import type { BookingRow } from "./booked";

export async function loadTripForOptimization(db: Executor, scope: TripScope) {
  const [trip] = await db.select().from(trips).where(eq(trips.id, scope.tripId));
  // In a fixed order, so the same trip gives the same problem (and plan) every time.
  const placeRows = await db
    .select()
    .from(places)
    .where(eq(places.tripId, scope.tripId))
    .orderBy(places.createdAt, places.id);
  const wishes = placeRows.length
    ? await db
        .select({
          placeId: placeWishes.placeId,
          userId: placeWishes.userId,
          wishLevel: placeWishes.wishLevel,
        })
        .from(placeWishes)
        .where(
          inArray(
            placeWishes.placeId,
            placeRows.map((p) => p.id),
          ),
        )
    : [];
  const members = await db
    .select({ userId: tripMembers.userId, name: users.name, colorIndex: tripMembers.assignedColorIndex })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .where(eq(tripMembers.tripId, scope.tripId));
  return { trip, places: placeRows, wishes, members };
}

export async function upsertProgress(db: Executor, values: typeof optimizationProgress.$inferInsert) {
  await db
    .insert(optimizationProgress)
    .values(values)
    .onConflictDoUpdate({
      target: [optimizationProgress.tripId, optimizationProgress.userId],
      set: { ...values, updatedAt: new Date() },
    });
}

export async function latestProgress(db: Executor, scope: TripScope) {
  const [row] = await db
    .select()
    .from(optimizationProgress)
    .where(eq(optimizationProgress.tripId, scope.tripId))
    .orderBy(desc(optimizationProgress.updatedAt))
    .limit(1);
  return row;
}

/** The trip's active plan, and when its bookings last changed (a plan older than that is out of date). */
export async function activeResult(db: Executor, scope: TripScope) {
  const [row] = await db
    .select({ result: optimizationResults, bookingsChangedAt: trips.bookingsChangedAt })
    .from(optimizationResults)
    .innerJoin(trips, eq(trips.id, optimizationResults.tripId))
    .where(and(eq(optimizationResults.tripId, scope.tripId), eq(optimizationResults.isActive, true)))
    .orderBy(desc(optimizationResults.createdAt))
    .limit(1);
  return row;
}

/** The trip's bookings as the plan reads them (booked.ts), in a fixed order. */
export async function tripBookings(db: Executor, scope: TripScope): Promise<BookingRow[]> {
  return db
    .select({
      id: bookings.id,
      bookingType: bookings.bookingType,
      flightNumber: bookings.flightNumber,
      route: bookings.route,
      departureDate: bookings.departureDate,
      departureTime: bookings.departureTime,
      arrivalTime: bookings.arrivalTime,
      hotelName: bookings.hotelName,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      location: bookings.location,
      transportInfo: bookings.transportInfo,
    })
    .from(bookings)
    .where(eq(bookings.tripId, scope.tripId))
    .orderBy(bookings.createdAt, bookings.id);
}

const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new feed token for this member only (the old one stops working); only its hash is kept. */
export async function rotateMemberFeedToken(db: Executor, scope: TripScope): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db
    .update(tripMembers)
    .set({ calendarTokenHash: hashFeedToken(token) })
    .where(and(eq(tripMembers.tripId, scope.tripId), eq(tripMembers.userId, scope.userId)));
  return token;
}

/** The membership behind a feed token; none once the member left, was removed or the trip was deleted. */
export async function findFeedMember(db: Executor, token: string) {
  if (token.length < 20) return undefined;
  const [row] = await db
    .select({ tripId: tripMembers.tripId, userId: tripMembers.userId, language: userSettings.language })
    .from(tripMembers)
    .leftJoin(userSettings, eq(userSettings.userId, tripMembers.userId))
    .where(eq(tripMembers.calendarTokenHash, hashFeedToken(token)));
  return row;
}
