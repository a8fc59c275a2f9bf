import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { z } from "zod";
import { PLACES_PROVIDERS, type PlacesProviderName } from "./providers/places";

// Every setting, read from the environment once and validated (DESIGN.md). A malformed value stops
// the start with a message naming the variable.
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");
const url = z.url();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  TABI_DATA_DIR: z.string().min(1).default("./data"),
  // Embedded mode: PGlite on its own thread (decision 0027); 0 runs it on the server's thread.
  TABI_PGLITE_THREAD: bool.default(true),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_URL: url.optional(),
  // Extra origins (comma-separated) allowed to send state-changing requests and to sign in.
  ALLOWED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((o) => new URL(o).origin)))
    .default([]),
  // The secret in the /dev/mail URL; unset: a random one per start, printed in the log.
  DEV_MAIL_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // Where optimisations run: worker threads of this process, or a pg-boss queue for `npm run worker`.
  JOB_QUEUE: z.enum(["threads", "pg-boss"]).default("threads"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  // Exchange rates for expenses (issue 29): the ECB's daily reference rates with the shipped table as
  // the fallback (auto), or the table alone (offline: no request leaves the server).
  RATES_PROVIDER: z.enum(["auto", "offline"]).default("auto"),
  RATES_URL: z.url().optional(),
  // A Prometheus scraper's bearer token for GET /api/metrics; unset: no metrics route.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  // SIGTERM: how long open connections may take to finish before the process closes them.
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tabi <no-reply@tabi.local>"),
  SUPPORT_EMAIL: z.email().default("support@tabi.app"),
  MARKETING_URL: url.default("https://tabi.app"),
  AUTH_SIGNUP_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  AUTH_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  WEB_DIST_DIR: z.string().optional(),
  MAP_STYLE_URL: url.optional(),
  // "auto": the gazetteer shipped with the app first, Photon (PHOTON_URL) added when it answers.
  PLACES_PROVIDER: z.enum(PLACES_PROVIDERS).default("auto"),
  PHOTON_URL: url.default("https://photon.komoot.io"),
  NOMINATIM_URL: url.default("https://nominatim.openstreetmap.org"),
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  // An OSRM server for real walking and driving times; unset: the embedded travel model.
  ROUTING_URL: url.optional(),
  // "none" turns the raster tiles off: the built-in land and borders alone.
  TILE_URL: z
    .union([
      z.literal("none"),
      z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, "must be an http(s) URL with {z}, {x} and {y}"),
    ])
    .optional(),
  TILE_ATTRIBUTION: z.string().optional(),
  // S3-compatible storage for uploaded photos; unset S3_BUCKET: files under the data dir.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // MinIO, s3rver and most self-hosted stores want https://host/bucket/key rather than bucket.host.
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Stripe Checkout for Premium (issue 16); unset: the built-in test checkout (no real payment).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  // Another Stripe API address (stripe-mock, or the tests' fake server); unset: api.stripe.com.
  STRIPE_API_URL: url.optional(),
  // Uber's ride estimates (issue 17); unset: the spec's local taxi model. The client id goes into
  // the Uber deep link.
  UBER_SERVER_TOKEN: z.string().min(1).optional(),
  UBER_CLIENT_ID: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Embedded mode: PGlite on its own thread (TABI_PGLITE_THREAD, on by default). */
  pgliteThread: boolean;
  jobQueue: "threads" | "pg-boss";
  publicUrl: string;
  /** Whether PUBLIC_URL was set: otherwise every address the server listens on is trusted. */
  publicUrlSet: boolean;
  allowedOrigins: string[];
  devMailToken: string;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  rates: { provider: "auto" | "offline"; url: string | undefined };
  metricsToken: string | undefined;
  drainSeconds: number;
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  marketingUrl: string;
  authLimits: { signUpPerMinute: number; signInPerMinute: number };
  webDistDir: string | undefined;
  map: { styleUrl: string | null; tileUrl: string | null; tileAttribution: string };
  places: {
    provider: PlacesProviderName;
    photonUrl: string;
    nominatimUrl: string;
    googleApiKey: string | undefined;
  };
  routingUrl: string | undefined;
  /** Where uploaded photos live: S3-compatible storage when S3_BUCKET is set, else `<dataDir>/uploads`. */
  s3: S3Config | undefined;
  /** Stripe Checkout when both keys are set; undefined: the built-in test checkout (issue 16). */
  stripe:
    | { secretKey: string; webhookSecret: string; priceId: string | undefined; apiUrl: string | undefined }
    | undefined;
  /** Uber's ride estimates when UBER_SERVER_TOKEN is set; undefined: the local taxi model (issue 17). */
  uber: { serverToken: string } | undefined;
  /** Uber's client id for the ride deep link (optional there). */
  uberClientId: string | undefined;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO=` in a .env file does not fail validation.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.PLACES_PROVIDER === "google" && !e.GOOGLE_PLACES_API_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  GOOGLE_PLACES_API_KEY is required when PLACES_PROVIDER=google",
    );
  }
  if (e.JOB_QUEUE === "pg-boss" && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  JOB_QUEUE=pg-boss needs DATABASE_URL (the queue lives in PostgreSQL)",
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET is required when other S3_* settings are set");
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    // A relative path is taken from where `npm start` was typed (npm's INIT_CWD), not from apps/server.
    dataDir: resolve(source.INIT_CWD ?? process.cwd(), e.TABI_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.TABI_PGLITE_THREAD,
    jobQueue: e.JOB_QUEUE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    allowedOrigins: e.ALLOWED_ORIGINS,
    devMailToken: e.DEV_MAIL_TOKEN ?? randomBytes(24).toString("base64url"),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rates: { provider: e.RATES_PROVIDER, url: e.RATES_URL },
    metricsToken: e.METRICS_TOKEN,
    drainSeconds: e.DRAIN_SECONDS,
    authSecret: e.BETTER_AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    marketingUrl: e.MARKETING_URL,
    authLimits: { signUpPerMinute: e.AUTH_SIGNUP_PER_MINUTE, signInPerMinute: e.AUTH_SIGNIN_PER_MINUTE },
    webDistDir: e.WEB_DIST_DIR,
    places: {
      provider: e.PLACES_PROVIDER,
      photonUrl: e.PHOTON_URL,
      nominatimUrl: e.NOMINATIM_URL,
      googleApiKey: e.GOOGLE_PLACES_API_KEY,
    },
    routingUrl: e.ROUTING_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            priceId: e.STRIPE_PRICE_ID,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    uber: e.UBER_SERVER_TOKEN ? { serverToken: e.UBER_SERVER_TOKEN } : undefined,
    uberClientId: e.UBER_CLIENT_ID,
    map: {
      styleUrl: e.MAP_STYLE_URL ?? null,
      tileUrl:
        e.TILE_URL === "none" ? null : (e.TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
      tileAttribution: e.TILE_ATTRIBUTION ?? "© OpenStreetMap contributors",
    },
  };
}
