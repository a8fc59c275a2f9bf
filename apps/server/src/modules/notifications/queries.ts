import type { LanguageCode } from "@tabi/contracts";
import { and, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/connect";
import {
  chatMessages,
  chatReads,
  notificationLog,
  optimizationResults,
  tripMembers,
  trips,
  userSettings,
  users,
} from "../../db/schema";
import type { Toggle } from "./token";

export type LogKind = (typeof notificationLog.$inferInsert)["kind"];

export interface Recipient {
  userId: string;
  name: string;
  email: string;
  role: "admin" | "member";
  language: LanguageCode;
  toggles: Record<Toggle, boolean>;
}

/**
 * The trip's members who can receive mail: a real, confirmed address (no guests), with their language
 * and toggles (no settings row: all on, English).
 */
export async function recipients(db: Db, tripId: string): Promise<Recipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: tripMembers.role,
      language: userSettings.language,
      newMembers: userSettings.notifyNewMembers,
      tripUpdates: userSettings.notifyTripUpdates,
      reminders: userSettings.notifyReminders,
      messages: userSettings.notifyMessages,
    })
    .from(tripMembers)
    .innerJoin(users, eq(users.id, tripMembers.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(eq(tripMembers.tripId, tripId), eq(users.isAnonymous, false), eq(users.emailVerified, true)));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    language: r.language ?? "en",
    toggles: {
      newMembers: r.newMembers ?? true,
      tripUpdates: r.tripUpdates ?? true,
      reminders: r.reminders ?? true,
      messages: r.messages ?? true,
    },
  }));
}

/** What a notification says of its trip (name, time zone, dates). */
const TRIP_FIELDS = {
  id: trips.id,
  name: trips.name,
  timezone: trips.timezone,
  startDate: trips.startDate,
  addPlaceDeadline: trips.addPlaceDeadline,
};

export async function tripInfo(db: Db, tripId: string) {
  const [row] = await db.select(TRIP_FIELDS).from(trips).where(eq(trips.id, tripId));
  return row;
}

export async function userName(db: Db, userId: string | null): Promise<string> {
  if (!userId) return "";
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? "";
}

/**
 * Claims one notification: true for the one caller (of any process) whose row went in; a repeat of
 * the same (kind, user, trip, key) finds it there. `quietMs`: also refused while a mail of this kind
 * went to the user for the trip within that time (the chat throttle).
 */
export async function claim(
  db: Db,
  row: { kind: LogKind; userId: string; tripId: string; key: string },
  now: Date,
  quietMs = 0,
): Promise<boolean> {
  const since = new Date(now.getTime() - quietMs).toISOString();
  const result = (await db.execute(sql`
    insert into ${notificationLog} (kind, user_id, trip_id, key, sent_at)
    select ${row.kind}, ${row.userId}, ${row.tripId}, ${row.key}, ${now.toISOString()}::timestamptz
    where ${quietMs} = 0 or not exists (
      select 1 from ${notificationLog} l where l.kind = ${row.kind} and l.user_id = ${row.userId}
        and l.trip_id = ${row.tripId} and l.sent_at > ${since}::timestamptz)
    on conflict do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Gives a claim back (its mail could not be sent): the next run may try again. */
export async function release(db: Db, row: { kind: LogKind; userId: string; tripId: string; key: string }) {
  await db
    .delete(notificationLog)
    .where(
      and(
        eq(notificationLog.kind, row.kind),
        eq(notificationLog.userId, row.userId),
        eq(notificationLog.tripId, row.tripId),
        eq(notificationLog.key, row.key),
      ),
    );
}

export async function joinedAt(db: Db, tripId: string, userId: string) {
  const [row] = await db
    .select({ joinedAt: tripMembers.joinedAt })
    .from(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)));
  return row?.joinedAt;
}

export async function planAuthor(db: Db, resultId: string) {
  const [row] = await db
    .select({ createdBy: optimizationResults.createdBy, tripId: optimizationResults.tripId })
    .from(optimizationResults)
    .where(eq(optimizationResults.id, resultId));
  return row;
}

export async function messageRow(db: Db, messageId: string) {
  const [row] = await db
    .select({
      id: chatMessages.id,
      num: chatMessages.num,
      tripId: chatMessages.tripId,
      userId: chatMessages.userId,
      content: chatMessages.content,
      messageType: chatMessages.messageType,
      senderName: users.name,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, messageId));
  return row;
}

/** Messages of others the user has not read (after their read cursor), up to `upTo`. */
export async function unreadCount(db: Db, tripId: string, userId: string, upTo: number): Promise<number> {
  const [cursor] = await db
    .select({ num: chatReads.num })
    .from(chatReads)
    .where(and(eq(chatReads.tripId, tripId), eq(chatReads.userId, userId)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tripId, tripId),
        gt(chatMessages.num, cursor?.num ?? 0),
        lte(chatMessages.num, upTo),
        sql`${chatMessages.userId} is distinct from ${userId}`,
        sql`${chatMessages.deletedAt} is null`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Trips a reminder may be due for (decided exactly by `dueReminders`): a deadline in the next day,
 * or a start within the next days.
 */
export async function reminderCandidates(db: Db, now: Date) {
  const dayAhead = new Date(now.getTime() + 86_400_000);
  const deadlines = await db
    .select(TRIP_FIELDS)
    .from(trips)
    .where(
      and(
        isNotNull(trips.addPlaceDeadline),
        gt(trips.addPlaceDeadline, now),
        lte(trips.addPlaceDeadline, dayAhead),
      ),
    );
  const from = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
  const starts = await db
    .select(TRIP_FIELDS)
    .from(trips)
    .where(and(sql`${trips.startDate} between ${from}::date and ${to}::date`));
  return { deadlines, starts };
}

export async function setToggleOff(db: Db, userId: string, toggle: Toggle) {
  const column = {
    newMembers: { notifyNewMembers: false },
    tripUpdates: { notifyTripUpdates: false },
    reminders: { notifyReminders: false },
    messages: { notifyMessages: false },
  }[toggle];
  const exists = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists.length) return null;
  await db
    .insert(userSettings)
    .values({ userId, ...column })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...column, updatedAt: new Date() } });
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { language: (row?.language ?? "en") as LanguageCode };
}
