import type { NotificationSettings } from "@tabi/contracts";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connect";
import { optimizationResults, places, tripMembers, userSettings, users } from "../../db/schema";
import type { Language } from "../../i18n";

export async function emailTaken(db: Db, email: string, exceptUserId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)));
  return Boolean(row);
}

export async function attachEmail(db: Db, userId: string, email: string) {
  await db
    .update(users)
    .set({ email, emailVerified: false, isAnonymous: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function touchLastActive(db: Db, userId: string) {
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, userId));
}

/** Home stats: places the user added, optimisations they ran, trips they belong to. */
export async function userStats(db: Db, userId: string) {
  const [[p], [o], [t]] = await Promise.all([
    db
      .select({ n: count() })
      .from(places)
      .where(and(eq(places.userId, userId), eq(places.placeType, "visit"))),
    db.select({ n: count() }).from(optimizationResults).where(eq(optimizationResults.createdBy, userId)),
    db.select({ n: count() }).from(tripMembers).where(eq(tripMembers.userId, userId)),
  ]);
  return { placesAdded: p?.n ?? 0, routesOptimized: o?.n ?? 0, tripsPlanned: t?.n ?? 0 };
}

export async function saveLanguage(db: Db, userId: string, language: Language) {
  await db
    .insert(userSettings)
    .values({ userId, language })
    .onConflictDoUpdate({ target: userSettings.userId, set: { language, updatedAt: new Date() } });
}

export async function saveName(db: Db, userId: string, name: string) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The trips the user is a member of: whose members see the user's name. */
export async function tripIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tripId: tripMembers.tripId })
    .from(tripMembers)
    .where(eq(tripMembers.userId, userId));
  return rows.map((r) => r.tripId);
}

const NOTIFY = {
  notifyMessages: userSettings.notifyMessages,
  notifyTripUpdates: userSettings.notifyTripUpdates,
  notifyNewMembers: userSettings.notifyNewMembers,
  notifyReminders: userSettings.notifyReminders,
};

/** The four notification toggles; all on while the user has no settings row. */
export async function findNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select(NOTIFY).from(userSettings).where(eq(userSettings.userId, userId));
  return (
    row ?? { notifyMessages: true, notifyTripUpdates: true, notifyNewMembers: true, notifyReminders: true }
  );
}

/** Changes the given toggles (the row is made on the first write) and returns all four. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  changes: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning(NOTIFY);
  return row as NotificationSettings;
}
