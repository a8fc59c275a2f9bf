import { eq } from "drizzle-orm";
import type { Executor } from "../../db/connect";
import { userSettings, users } from "../../db/schema";
import type { Language } from "../../i18n";

// Who a member is: read by the session guard and sign-in (their language) and when they join.

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The profile's language; null when the user has not chosen one (no settings row, or none set). */
export async function findLanguage(db: Executor, userId: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.language ?? null;
}
