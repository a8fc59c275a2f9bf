import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createAuth } from "./auth/auth";
import { registerAuthBridge } from "./auth/bridge";
import { createReadCaches, registerReadCacheInvalidation } from "./cache";
import type { Config } from "./config";
import { connect, type Database } from "./db/connect";
import { startEmbeddedMaintenance } from "./db/maintenance";
import { runMigrations } from "./db/migrate";
import { registerCompression } from "./http/compress";
import { registerErrorHandler, registerNotFound } from "./http/errors";
import { registerGuards } from "./http/guards";
import { registerInputGuards } from "./http/json";
import { registerLifecycle } from "./http/lifecycle";
import { registerMetrics } from "./http/metrics";
import { allowedOrigins, registerOriginCheck } from "./http/origin";
import { registerSecurityHeaders } from "./http/security-headers";
import { findWebDist, inlineScriptSources, registerWeb } from "./http/web";
import { pgBossQueue } from "./jobs/queue";
import { createCounters } from "./limits/counters";
import { routeLimitStore } from "./limits/route-store";
import { billingRoutes } from "./modules/billing/routes";
import { BillingService } from "./modules/billing/service";
import { bookingRoutes } from "./modules/bookings/routes";
import { chatRoutes } from "./modules/chat/routes";
import { ChatService } from "./modules/chat/service";
import { documentRoutes } from "./modules/documents/routes";
import { feedbackRoutes } from "./modules/feedback/routes";
import { invitationRoutes } from "./modules/invitations/routes";
import { itineraryRoutes } from "./modules/itinerary/routes";
import { OptimizationService } from "./modules/itinerary/service";
import { listsRoutes } from "./modules/lists/routes";
import { ListsService } from "./modules/lists/service";
import { memberRoutes } from "./modules/members/routes";
import { moneyRoutes } from "./modules/money/routes";
import { MoneyService } from "./modules/money/service";
import { notificationRoutes } from "./modules/notifications/routes";
import { startReminders } from "./modules/notifications/scheduler";
import { NotificationService } from "./modules/notifications/service";
import { placeSearchRoutes } from "./modules/place-search/routes";
import { placeRoutes } from "./modules/places/routes";
import { pollRoutes } from "./modules/polls/routes";
import { PollService } from "./modules/polls/service";
import { accountDataRoutes } from "./modules/profile/data-routes";
import { profileRoutes } from "./modules/profile/routes";
import { sharingPreviewRoutes } from "./modules/sharing/preview-routes";
import { sharingRoutes } from "./modules/sharing/routes";
import { SharingService } from "./modules/sharing/service";
import { ShareKeys } from "./modules/sharing/token";
import { systemRoutes } from "./modules/system/routes";
import { transferRoutes } from "./modules/transfer/routes";
import { travelRoutes } from "./modules/travel/routes";
import { TravelService } from "./modules/travel/service";
import { tripRoutes } from "./modules/trips/routes";
import type { AppContext } from "./modules/types";
import { multipartOptions, uploadRoutes } from "./modules/uploads/routes";
import { startUploadSweep } from "./modules/uploads/sweep";
import { createMailProvider } from "./providers/mail";
import { createPaymentsProvider } from "./providers/payments";
import { createGeoLookup, createPlacesProvider } from "./providers/places";
import { createRates } from "./providers/rates";
import { createRides } from "./providers/rides";
import { createRouting } from "./providers/routing";
import { createStorage } from "./providers/storage";
import { TripBus } from "./realtime/bus";
import { realtimeRoutes } from "./realtime/hub";
import { Presence } from "./realtime/presence";
import { secretsFor } from "./secrets";

/** Where images may come from: our own, the map's tiles, and Google's photo hosts when used (issue 11). */
function imageSources(config: Config): string[] {
  const sources = ["'self'", "data:", "blob:"];
  // A {s} subdomain placeholder becomes a CSP wildcard ("https://*.tile.example.org").
  for (const url of [config.map.tileUrl, config.map.styleUrl])
    if (url) sources.push(url.match(/^https?:\/\/[^/]+/)![0].replace(/\{[a-z]\}/g, "*"));
  if (config.places.provider === "google")
    sources.push("https://maps.googleapis.com", "https://*.googleusercontent.com");
  return [...new Set(sources)];
}

export interface BuildOptions {
  /** An already connected database (tests); otherwise connect from the config. */
  database?: Database;
  /** Serve the built web app when it exists (default true). */
  serveWeb?: boolean;
}

/** The one place that wires plugins and modules; tests call it too (DESIGN.md). */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const startedAt = Date.now();
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A slow or idle client is dropped in seconds, not after Node's minutes.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // Above a proxy's idle timeout (nginx upstream keepalive_timeout, a cloud balancer's 60 s): the
    // proxy, not the app, closes an idle connection, so it never sends a request on one being closed.
    keepAliveTimeout: 65_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuards(app);

  const database =
    options.database ??
    (await connect({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      pgliteThread: config.pgliteThread,
      onIdleError: (err) => app.log.warn({ err }, "an idle database connection failed"),
    }));
  await runMigrations(database);
  const stopMaintenance = startEmbeddedMaintenance(database, (err) =>
    app.log.warn({ err }, "refreshing the database statistics failed"),
  );
  app.addHook("onClose", async () => stopMaintenance());
  if (!options.database) app.addHook("onClose", () => database.close());

  const secrets = await secretsFor(database, config.dataDir, { authSecret: config.authSecret });
  const mail = createMailProvider(config, database.db, app.log);
  const auth = createAuth({ config, database, mail, secret: secrets.authSecret });
  const places = createPlacesProvider({
    provider: config.places.provider,
    photonUrl: config.places.photonUrl,
    nominatimUrl: config.places.nominatimUrl,
    googleApiKey: config.places.googleApiKey,
    userAgent: `Tabi/0.1 (+${config.publicUrl})`, // Nominatim's usage policy requires one
    onGazetteerBuilt: (ms) => app.log.info({ ms: Math.round(ms) }, "built the offline gazetteer"),
    onOnlineFailed: (err) =>
      app.log.warn(
        { provider: err.provider, reason: err.reason, message: err.message },
        "online place search failed: the built-in gazetteer answers alone for a while",
      ),
  });
  const bus = new TripBus(database, (err) => app.log.warn({ err }, "trip event channel"));
  await bus.start();
  app.addHook("onClose", () => bus.close());
  const caches = createReadCaches((kind) => void bus.clearCaches(kind));
  const counters = createCounters(database, (err) => app.log.warn({ err }, "sweeping ended limit windows"));
  app.addHook("onClose", async () => counters.close());
  // The queue lives in the app's own database (tests give the app a fresh one).
  const queueUrl = (database.pool?.options.connectionString as string | undefined) ?? config.databaseUrl!;
  const queue = config.jobQueue === "pg-boss" ? await pgBossQueue(queueUrl, app.log) : null;
  if (queue) app.addHook("onClose", () => queue.close());
  const routing = createRouting(config, app.log);
  const geo = createGeoLookup(places);
  const optimizations = new OptimizationService(database.db, bus, geo, app.log, queue, routing);
  const storage = await createStorage(config);
  app.addHook("onClose", () => storage.close());
  const stopSweep = startUploadSweep(database.db, storage, (err) =>
    app.log.warn({ err }, "removing unused uploads failed"),
  );
  app.addHook("onClose", async () => stopSweep());
  const presence = new Presence(bus, bus.origin);
  app.addHook("onClose", async () => presence.close());
  const notifications = new NotificationService({
    db: database.db,
    mail,
    bus,
    presence,
    publicUrl: config.publicUrl,
    secret: secrets.authSecret,
    log: app.log,
  });
  const stopNotifications = notifications.start();
  const stopReminders = await startReminders(notifications, app.log, queue ? queueUrl : null);
  app.addHook("onClose", async () => {
    stopNotifications();
    await stopReminders();
    await notifications.settled();
  });
  const payments = createPaymentsProvider(config, secrets.authSecret);
  const lifecycle = registerLifecycle(app, database);
  registerCompression(app);
  registerMetrics(app, config.metricsToken, {
    database,
    queue,
    runningHere: () => optimizations.runningCount,
  });
  const ctx: AppContext = {
    config,
    database,
    auth,
    mail,
    places,
    bus,
    caches,
    optimizations,
    storage,
    presence,
    notifications,
    payments,
    counters,
    lifecycle,
    startedAt,
  };

  const dist = options.serveWeb === false ? undefined : findWebDist(config.webDistDir);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        // The page's own inline script (the theme before the first paint) by its hash.
        "script-src": ["'self'", ...inlineScriptSources(dist)],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": imageSources(config),
        "connect-src": ["'self'", "ws:", "wss:", "https:"],
        "worker-src": ["'self'", "blob:"],
        "font-src": ["'self'", "data:"],
        // Only behind https: on plain http (localhost) it would break every asset request.
        "upgrade-insecure-requests": config.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The routes' own limits, counted where every process sees them (limits/route-store.ts). A store
  // that fails (the database gone) lets the request through: it fails on its own with a 503.
  await app.register(fastifyRateLimit, {
    global: false,
    store: routeLimitStore(counters),
    skipOnError: true,
  });
  // Multipart bodies reach only routes that say `multipart: true` (http/origin.ts): the photo upload.
  await app.register(fastifyMultipart, multipartOptions);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Tabi API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // Every route, as registered: the route-by-role and bad-body tests walk this list.
  const routeTable: { method: string | string[]; url: string; guard?: string }[] = [];
  app.addHook("onRoute", (r) => {
    routeTable.push({ method: r.method, url: r.url, guard: r.config?.guard });
  });
  registerOriginCheck(app, allowedOrigins(config));
  registerGuards(app, auth, database.db, caches);
  registerReadCacheInvalidation(app, caches, bus);
  await registerAuthBridge(app, auth, counters);
  const { clientConfig } = await systemRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await accountDataRoutes(app, ctx);
  await feedbackRoutes(app, ctx);
  await tripRoutes(app, ctx);
  await memberRoutes(app, ctx);
  await invitationRoutes(app, ctx);
  await placeRoutes(app, ctx);
  await bookingRoutes(app, ctx);
  await documentRoutes(app, ctx);
  await placeSearchRoutes(app, ctx);
  await travelRoutes(app, new TravelService({ routing, geo, rides: createRides(config, app.log), places }));
  await itineraryRoutes(app, ctx);
  await uploadRoutes(app, ctx);
  await chatRoutes(app, new ChatService(database.db, bus, storage));
  const rates = createRates({
    offline: config.rates.provider === "offline",
    url: config.rates.url,
    onFailed: (err) =>
      app.log.warn({ err: err.message }, "exchange rates: the ECB did not answer; the shipped table is used"),
  });
  await moneyRoutes(app, ctx, new MoneyService(database.db, bus, rates, caches.trips));
  await pollRoutes(app, new PollService(database.db, bus));
  await listsRoutes(app, new ListsService(database.db, bus));
  const sharing = new SharingService(database.db, new ShareKeys(secrets.authSecret), bus, counters);
  await sharingRoutes(app, ctx, sharing);
  await transferRoutes(app, ctx, sharing);
  await billingRoutes(app, ctx, new BillingService(database.db, payments, config, caches));
  await realtimeRoutes(app, ctx);
  await notificationRoutes(app, notifications);

  const web = dist ? await registerWeb(app, dist, clientConfig) : undefined;
  // Link previews: the card image, and /shared/{token} with its Open Graph meta when the web app is served.
  await sharingPreviewRoutes(app, ctx, sharing, web?.index);
  registerNotFound(app, web?.spaIndex);

  return Object.assign(app, { ctx, routeTable, sharing });
}

export type TabiApp = Awaited<ReturnType<typeof buildApp>>;
