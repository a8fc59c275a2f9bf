import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { guestNameSchema } from "@tabi/contracts";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { anonymous } from "better-auth/plugins";
import type { Config } from "../config";
import type { Database } from "../db/connect";
import * as schema from "../db/schema";
import { allowedOrigins } from "../http/origin";
import { contextLanguage, translate } from "../i18n";
import { findLanguage } from "../modules/members/users";
import type { MailProvider } from "../providers/mail";
import { confirmEmail } from "../providers/mail/templates";

/** Header the Fastify bridge sets from request.ip (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = "x-tabi-client-ip";
export const AUTH_CALLBACK_PATH = "/auth/callback";

/**
 * The error behind a failed better-auth call, kept for the bridge: better-auth answers 500 by itself
 * (a database outage included), and only the error tells the bridge that it should be a 503.
 */
export const authFailure = new AsyncLocalStorage<{ error?: unknown }>();
const noteFailure = (error: unknown) => {
  const failure = authFailure.getStore();
  if (failure) failure.error = error;
};

export interface AuthDeps {
  config: Config;
  database: Database;
  mail: MailProvider;
  secret: string;
}

export function createAuth({ config, database, mail, secret }: AuthDeps) {
  return betterAuth({
    appName: "Tabi",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(database.db, { provider: "pg", schema, usePlural: true }),
    user: {
      additionalFields: {
        isPremium: { type: "boolean", input: false, defaultValue: false },
        premiumExpiresAt: { type: "date", input: false, required: false },
        lastActiveAt: { type: "date", input: false, required: false },
      },
      // The profile's e-mail change (modules/profile): a link to the NEW address, which takes effect
      // when followed; an address never confirmed is replaced at once and confirmed like a sign-up.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
    },
    databaseHooks: {
      user: {
        create: {
          // Spec 1 section 5: an e-mail sign-up is named after the part of the e-mail before '@'.
          before: async (user, ctx) =>
            ctx?.path === "/sign-up/email"
              ? { data: { ...user, name: user.email.split("@")[0] || user.name } }
              : { data: user },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // A confirmation link confirms the address only: whoever holds the link (a leaked outbox, a
      // forwarded mail) must not get a session; the user signs in with the password (decision 0006).
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        // In the user's language if they chose one, else in the language of the request that sent it.
        const language = (await findLanguage(database.db, user.id)) ?? contextLanguage() ?? "en";
        await mail.send({ to: user.email, ...confirmEmail(user.name, url, language) });
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            accessType: "offline",
            prompt: "consent",
          },
        }
      : {},
    plugins: [
      anonymous({
        emailDomainName: "guest.tabi.invalid",
        // The welcome card sends the display name with the sign-in request.
        generateName: (ctx) => {
          // Guest name: trimmed, non-empty (spec 1 section 5); a blank one is refused, not replaced.
          const parsed = guestNameSchema.safeParse(ctx.body);
          if (!parsed.success)
            throw new APIError("BAD_REQUEST", {
              message: translate(
                parsed.error.issues[0]?.message ?? "Please enter a name",
                contextLanguage() ?? "en",
              ),
            });
          return parsed.data.name;
        },
        // We never link by creating a second user: guests attach credentials to themselves
        // (modules/profile), so this hook is not expected to run; keep the data if it does.
        disableDeleteAnonymousUser: true,
      }),
    ],
    rateLimit: {
      enabled: true,
      storage: database.kind === "postgres" ? "database" : "memory",
      window: 60,
      max: 100,
      customRules: {
        "/sign-up/email": { window: 60, max: config.authLimits.signUpPerMinute },
        "/sign-in/email": { window: 60, max: config.authLimits.signInPerMinute },
        "/sign-in/anonymous": { window: 60, max: config.authLimits.signUpPerMinute * 2 },
        "/send-verification-email": { window: 60, max: 3 },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // Errors thrown by an endpoint reach onError; the APIErrors it turns them into (getSession's
    // "Failed to get session", with the database's error as cause) reach the after hooks.
    onAPIError: { onError: noteFailure },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.context.returned instanceof Error) noteFailure(ctx.context.returned);
      }),
    },
    trustedOrigins: allowedOrigins(config),
    logger: { disabled: config.env === "test" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
