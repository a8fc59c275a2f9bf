import { z } from "zod";
import { singleLineText } from "./text";

/** The app's languages (issue 13): English, 日本語, 한국어, 中文. */
export const LANGUAGE_CODES = ["en", "ja", "ko", "zh"] as const;
export const languageSchema = z.enum(LANGUAGE_CODES);
export type LanguageCode = z.infer<typeof languageSchema>;
/** PUT /api/me/language: the profile's language, kept on the server so it follows the user. */
export const setLanguageSchema = z.object({ language: languageSchema });

// What the web app needs to know about the signed-in user (GET /api/me).
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
  isGuest: z.boolean(),
  isPremium: z.boolean(),
  premiumExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Chosen in the profile; null until chosen (the app then follows the browser's language). */
  language: languageSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;

// Public client configuration (GET /api/config): what is switched on in this deployment.
export const clientConfigSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  googleSignIn: z.boolean(),
  devMailbox: z.boolean(),
  marketingUrl: z.string(),
  /** Added to the Uber deep link of a ride (UBER_CLIENT_ID); null when not set. */
  uberClientId: z.string().nullable(),
  map: z.object({
    /** A full MapLibre style URL replaces the built-in basemap. */
    styleUrl: z.string().nullable(),
    /** Raster tiles drawn over the built-in land and borders ({z}/{x}/{y}); null: offline basemap only. */
    tileUrl: z.string().nullable(),
    tileAttribution: z.string(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const guestNameSchema = z.object({
  name: singleLineText().trim().min(1, "Please enter a name").max(60, "Please use at most 60 characters"),
});

export const attachAccountSchema = z.object({
  email: z.email("Please enter a valid email address").max(254),
  password: z.string().min(8, "Password must be at least 8 characters").max(128),
});
export type AttachAccountInput = z.infer<typeof attachAccountSchema>;

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  migrations: z.object({ applied: z.number(), latest: z.string().nullable(), upToDate: z.boolean() }),
  uptimeMs: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
