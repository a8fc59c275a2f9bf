import type { AttachAccountInput, Me } from "@tabi/contracts";
import type { Auth } from "../../auth/auth";
import { AUTH_CALLBACK_PATH } from "../../auth/auth";
import type { Db } from "../../db/connect";
import { conflict } from "../../http/errors";
import type { SessionUser } from "../../http/guards";
import { isPremiumActive } from "../billing/plan";
import { attachEmail, emailTaken, findUserById, touchLastActive } from "./queries";

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
  };
}

export async function getMe(db: Db, user: SessionUser): Promise<Me> {
  await touchLastActive(db, user.id);
  return presentMe(user);
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
): Promise<Me> {
  if (!user.isAnonymous) throw conflict("This account already has an e-mail address");
  const email = input.email.trim().toLowerCase();
  if (await emailTaken(db, email, user.id)) throw conflict("An account with this e-mail already exists");
  await attachEmail(db, user.id, email);
  await auth.api.setPassword({ body: { newPassword: input.password }, headers });
  await auth.api.sendVerificationEmail({ body: { email, callbackURL: AUTH_CALLBACK_PATH }, headers });
  const updated = await findUserById(db, user.id);
  return presentMe(updated as SessionUser);
}
