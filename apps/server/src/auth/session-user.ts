import type { Language } from "../i18n";

/** The signed-in user as the guards give it to routes (and the session cache keeps it). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  isAnonymous?: boolean | null;
  isPremium?: boolean | null;
  premiumExpiresAt?: Date | null;
  createdAt: Date;
  /** The profile's language (user_settings), read with the session and cached with it; null: not chosen. */
  language?: Language | null;
}
