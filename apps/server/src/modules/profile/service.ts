import type {
  AttachAccountInput,
  ChangeEmailResult,
  LanguageCode,
  Me,
  NotificationSettings,
  NotificationSettingsUpdate,
} from "@tabi/contracts";
import { APIError } from "better-auth/api";
import type { Auth } from "../../auth/auth";
import { AUTH_CALLBACK_PATH } from "../../auth/auth";
import type { ReadCaches } from "../../cache";
import type { Db } from "../../db/connect";
import { badRequest, conflict } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { type Language, languageContext, text } from "../../i18n";
import type { TripBus } from "../../realtime/bus";
import { isPremiumActive } from "../members/plan";
import { findUserById } from "../members/users";
import {
  attachEmail,
  emailTaken,
  findNotificationSettings,
  saveLanguage,
  saveName,
  saveNotificationSettings,
  touchLastActive,
  tripIdsOf,
} from "./queries";

export function presentMe(u: SessionUser): Me {
  const guest = Boolean(u.isAnonymous);
  return {
    id: u.id,
    name: u.name,
    email: guest ? null : u.email,
    emailVerified: u.emailVerified,
    avatarUrl: u.image ?? null,
    isGuest: guest,
    isPremium: isPremiumActive(u),
    premiumExpiresAt: u.premiumExpiresAt ? new Date(u.premiumExpiresAt).toISOString() : null,
    createdAt: new Date(u.createdAt).toISOString(),
    language: u.language ?? null,
  };
}

export async function getMe(db: Db, user: SessionUser): Promise<Me> {
  await touchLastActive(db, user.id);
  return presentMe(user);
}

/** The profile's language (issue 13): kept on the server, so it follows the user to every device. */
export async function setLanguage(db: Db, user: SessionUser, language: LanguageCode): Promise<Me> {
  await saveLanguage(db, user.id, language);
  return presentMe({ ...user, language });
}

/**
 * A guest keeps the same user (and so every trip, place and message) and gains an e-mail and a
 * password; a confirmation e-mail follows, as for a new sign-up.
 */
export async function attachAccount(
  db: Db,
  auth: Auth,
  user: SessionUser,
  input: AttachAccountInput,
  headers: Headers,
  language: Language,
): Promise<Me> {
  if (!user.isAnonymous) throw conflict(text("server:profile.alreadyHasEmail"));
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(db, email, user.id)) throw conflict(text("server:profile.emailTaken"));
  await attachEmail(db, user.id, email);
  await auth.api.setPassword({ body: { newPassword: input.password }, headers });
  // The confirmation e-mail speaks the language of the request that asked for it.
  await languageContext.run(language, () =>
    auth.api.sendVerificationEmail({ body: { email, callbackURL: AUTH_CALLBACK_PATH }, headers }),
  );
  const updated = await findUserById(db, user.id);
  return presentMe({ ...(updated as SessionUser), language: user.language ?? null });
}

/**
 * The profile's name (spec 3 'Profile settings'). One name is kept: it is the account's name and
 * what the members of the user's trips see (every list, chat and wish reads users.name). The session
 * cache and the read caches of the user's trips drop it, and each trip's channel says
 * members.changed, so the members' open screens show the new name at once.
 */
export async function updateName(
  deps: { db: Db; caches: ReadCaches; bus: TripBus },
  user: SessionUser,
  name: string,
): Promise<Me> {
  const me = presentMe({ ...user, name });
  if (name === user.name) return me;
  await saveName(deps.db, user.id, name);
  deps.caches.forgetSessions();
  const tripIds = await tripIdsOf(deps.db, user.id);
  for (const tripId of tripIds) deps.caches.trips.invalidate(tripId);
  // The name is saved: a lost event costs the members a refresh, not the change.
  await Promise.all(
    tripIds.map((tripId) => deps.bus.publish({ type: "members.changed", tripId }).catch(() => {})),
  );
  return me;
}

export const getNotificationSettings = (db: Db, user: SessionUser): Promise<NotificationSettings> =>
  findNotificationSettings(db, user.id);

export const updateNotificationSettings = (
  db: Db,
  user: SessionUser,
  changes: NotificationSettingsUpdate,
): Promise<NotificationSettings> => saveNotificationSettings(db, user.id, changes);

/**
 * A registered user's new e-mail address: better-auth's change-email sends a link to the NEW address
 * and the address changes only when it is followed (so nobody moves an account to an address they
 * cannot read). An address never confirmed (a typo when the account was made) changes at once and
 * gets a confirmation link, as at sign-up. Guests add an address with a password (attachAccount).
 */
export async function changeEmail(
  db: Db,
  auth: Auth,
  user: SessionUser,
  email: string,
  headers: Headers,
  language: Language,
): Promise<ChangeEmailResult> {
  if (user.isAnonymous) throw conflict(text("server:profileSettings.guestEmail"));
  const newEmail = email.trim().toLowerCase();
  if (newEmail === user.email.toLowerCase()) throw badRequest(text("server:profileSettings.emailSame"));
  try {
    // The link's e-mail speaks the language of the request that asked for it.
    await languageContext.run(language, () =>
      auth.api.changeEmail({ body: { newEmail, callbackURL: AUTH_CALLBACK_PATH }, headers }),
    );
  } catch (err) {
    if (err instanceof APIError && Number(err.statusCode) < 500)
      throw badRequest(text("server:profileSettings.emailNotChanged"));
    throw err;
  }
  const updated = (await findUserById(db, user.id)) as SessionUser | undefined;
  const me = presentMe({ ...(updated ?? user), language: user.language ?? null });
  // An address already in use answers the same as a free one (better-auth sends nothing then):
  // the answer does not tell which addresses have accounts.
  return { me, pendingEmail: me.email === newEmail ? null : newEmail };
}
