import type { AttachAccountInput, LanguageCode, Me } from "@tabi/contracts";
import type { Auth } from "../../auth/auth";
import { AUTH_CALLBACK_PATH } from "../../auth/auth";
import type { Db } from "../../db/connect";
import { conflict } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { type Language, languageContext, text } from "../../i18n";
import { isPremiumActive } from "../billing/plan";
import { attachEmail, emailTaken, findUserById, saveLanguage, touchLastActive } from "./queries";

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
