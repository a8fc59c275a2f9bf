import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import {
  bookings,
  chatMessages,
  expensePayers,
  expenseShares,
  expenses,
  feedback,
  messageReactions,
  optimizationResults,
  places,
  placeWishes,
  subscriptions,
  tripMembers,
  tripShares,
  trips,
  uploads,
  userSettings,
  users,
} from "../../db/schema";

// Reads of one user's own data for the export (export.ts). Every read is by the user's id: what the
// user made or holds, never another member's data beyond the names of the trips and places it names.

/** How many rows each large part holds: the export's progress is measured in them. */
export async function exportCounts(db: Executor, userId: string) {
  const n = (table: string, column: string) =>
    sql<number>`(select count(*)::int from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId})`;
  const [row] = await db
    .select({
      trips: n("trip_members", "user_id"),
      places: n("places", "user_id"),
      wishes: n("place_wishes", "user_id"),
      plans: n("optimization_results", "created_by"),
      messages: n("chat_messages", "user_id"),
      bookings: n("bookings", "user_id"),
      expenses: n("expenses", "created_by"),
      uploads: n("uploads", "user_id"),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function profileOf(db: Executor, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const subs = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  return { user, settings, subscriptions: subs };
}

/** The user's trips, owned and joined, with their role, colour and permissions in each. */
export function tripsOf(db: Executor, userId: string) {
  return db
    .select({ trip: trips, member: tripMembers })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(eq(tripMembers.userId, userId))
    .orderBy(asc(tripMembers.joinedAt));
}

/** Places the user added (first proposed), with their trip's name. */
export function placesOf(db: Executor, userId: string) {
  return db
    .select({ place: places, tripName: trips.name })
    .from(places)
    .innerJoin(trips, eq(trips.id, places.tripId))
    .where(eq(places.userId, userId))
    .orderBy(asc(places.createdAt));
}

/** The user's wishes, with the names of their places and trips. */
export function wishesOf(db: Executor, userId: string) {
  return db
    .select({
      placeId: placeWishes.placeId,
      placeName: places.name,
      tripId: places.tripId,
      tripName: trips.name,
      wishLevel: placeWishes.wishLevel,
      createdAt: placeWishes.createdAt,
      updatedAt: placeWishes.updatedAt,
    })
    .from(placeWishes)
    .innerJoin(places, eq(places.id, placeWishes.placeId))
    .innerJoin(trips, eq(trips.id, places.tripId))
    .where(eq(placeWishes.userId, userId))
    .orderBy(asc(placeWishes.createdAt));
}

/** Plans (optimisation results) the user made. */
export function plansOf(db: Executor, userId: string) {
  return db
    .select({ plan: optimizationResults, tripName: trips.name })
    .from(optimizationResults)
    .innerJoin(trips, eq(trips.id, optimizationResults.tripId))
    .where(eq(optimizationResults.createdBy, userId))
    .orderBy(asc(optimizationResults.createdAt));
}

/** The trips the user wrote messages in (also trips they have left), with their names. */
export function messageTripsOf(db: Executor, userId: string) {
  return db
    .selectDistinct({ tripId: chatMessages.tripId, tripName: trips.name })
    .from(chatMessages)
    .innerJoin(trips, eq(trips.id, chatMessages.tripId))
    .where(eq(chatMessages.userId, userId));
}

/** A page of the user's messages in one trip, oldest first, after `afterNum` (the trip's index). */
export function messagePage(db: Executor, tripId: string, userId: string, afterNum: number, limit: number) {
  return db
    .select({
      id: chatMessages.id,
      num: chatMessages.num,
      type: chatMessages.messageType,
      content: chatMessages.content,
      imageId: chatMessages.imageId,
      replyToId: chatMessages.replyToId,
      attachment: chatMessages.attachment,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.tripId, tripId), gt(chatMessages.num, afterNum), eq(chatMessages.userId, userId)),
    )
    .orderBy(asc(chatMessages.num))
    .limit(limit);
}

export function reactionsOf(db: Executor, userId: string) {
  return db
    .select({
      messageId: messageReactions.messageId,
      tripId: chatMessages.tripId,
      emoji: messageReactions.emoji,
      createdAt: messageReactions.createdAt,
    })
    .from(messageReactions)
    .innerJoin(chatMessages, eq(chatMessages.id, messageReactions.messageId))
    .where(eq(messageReactions.userId, userId))
    .orderBy(asc(messageReactions.createdAt));
}

export function bookingsOf(db: Executor, userId: string) {
  return db
    .select({ booking: bookings, tripName: trips.name })
    .from(bookings)
    .innerJoin(trips, eq(trips.id, bookings.tripId))
    .where(eq(bookings.userId, userId))
    .orderBy(asc(bookings.createdAt));
}

/**
 * The user's money (issue 29): expenses and settlements they recorded, and their own part of any
 * expense (what they paid, their share): amounts in minor units, with the currency and the trip.
 */
export async function moneyOf(db: Executor, userId: string) {
  const recorded = await db
    .select({
      id: expenses.id,
      kind: expenses.kind,
      tripName: trips.name,
      title: expenses.title,
      amountMinor: expenses.amountMinor,
      currency: expenses.currency,
      homeAmountMinor: expenses.homeAmountMinor,
      homeCurrency: expenses.homeCurrency,
      rate: expenses.rate,
      date: expenses.spentOn,
      category: expenses.category,
      notes: expenses.notes,
      createdAt: expenses.createdAt,
    })
    .from(expenses)
    .innerJoin(trips, eq(trips.id, expenses.tripId))
    .where(eq(expenses.createdBy, userId))
    .orderBy(asc(expenses.createdAt));
  const part = (table: typeof expensePayers | typeof expenseShares) =>
    db
      .select({
        expenseId: table.expenseId,
        title: expenses.title,
        tripName: trips.name,
        amountMinor: table.amountMinor,
        currency: expenses.currency,
        homeAmountMinor: table.homeAmountMinor,
        homeCurrency: expenses.homeCurrency,
      })
      .from(table)
      .innerJoin(expenses, eq(expenses.id, table.expenseId))
      .innerJoin(trips, eq(trips.id, expenses.tripId))
      .where(eq(table.userId, userId))
      .orderBy(asc(expenses.spentOn));
  const [paid, shares] = await Promise.all([part(expensePayers), part(expenseShares)]);
  return { recorded, paid, shares };
}

/** What the user uploaded: the records, not the bytes (those are in the trips, for members). */
export function uploadsOf(db: Executor, userId: string) {
  return db
    .select({
      id: uploads.id,
      tripId: uploads.tripId,
      tripName: trips.name,
      purpose: uploads.purpose,
      contentType: uploads.contentType,
      width: uploads.width,
      height: uploads.height,
      bytes: uploads.bytes,
      originalName: uploads.originalName,
      originalType: uploads.originalType,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .innerJoin(trips, eq(trips.id, uploads.tripId))
    .where(eq(uploads.userId, userId))
    .orderBy(asc(uploads.createdAt));
}

/** Share links the user made (without their tokens or passwords: those are not data about the user). */
export function shareLinksOf(db: Executor, userId: string) {
  return db
    .select({
      id: tripShares.id,
      tripId: tripShares.tripId,
      tripName: trips.name,
      shareType: tripShares.shareType,
      isActive: tripShares.isActive,
      expiresAt: tripShares.expiresAt,
      maxUses: tripShares.maxUses,
      currentUses: tripShares.currentUses,
      permissions: tripShares.permissions,
      hasPassword: sql<boolean>`${tripShares.passwordHash} is not null`,
      createdAt: tripShares.createdAt,
    })
    .from(tripShares)
    .innerJoin(trips, eq(trips.id, tripShares.tripId))
    .where(eq(tripShares.createdBy, userId))
    .orderBy(asc(tripShares.createdAt));
}

export function feedbackOf(db: Executor, userId: string) {
  return db
    .select({
      type: feedback.feedbackType,
      message: feedback.message,
      email: feedback.email,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(asc(feedback.createdAt));
}
