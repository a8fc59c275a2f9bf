import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Auth } from "../auth/auth";
import type { ReadCaches } from "../cache";
import type { Config } from "../config";
import type { Database } from "../db/connect";
import type { Lifecycle } from "../http/lifecycle";
import type { Counters } from "../limits/counters";
import type { MailProvider } from "../providers/mail";
import type { PaymentsProvider } from "../providers/payments/types";
import type { PlacesProvider } from "../providers/places";
import type { StorageProvider } from "../providers/storage";
import type { TripBus } from "../realtime/bus";
import type { Presence } from "../realtime/presence";
import type { OptimizationService } from "./itinerary/service";
import type { NotificationService } from "./notifications/service";

/** Everything a module needs, passed in by buildApp (no module reaches for globals). */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mail: MailProvider;
  places: PlacesProvider;
  bus: TripBus;
  caches: ReadCaches;
  optimizations: OptimizationService;
  /** Uploaded photos: files under the data dir, or S3 (providers/storage). */
  storage: StorageProvider;
  /** Premium checkout: Stripe, or the built-in test checkout (providers/payments). */
  payments: PaymentsProvider;
  /** Who has each trip open (realtime/presence.ts). */
  presence: Presence;
  /** Notification e-mails; its hooks are fire-and-forget (modules/notifications). */
  notifications: NotificationService;
  /** Every limit's counts: in memory, or in PostgreSQL shared by all processes (limits/). */
  counters: Counters;
  /** Draining on SIGTERM, and readiness (http/lifecycle.ts). */
  lifecycle: Lifecycle;
  startedAt: number;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
