import { TRIP_MESSAGES } from "@tabi/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Auth } from "../auth/auth";
import { toFetchHeaders } from "../auth/bridge";
import type { SessionUser } from "../auth/session-user";
import { membershipKey, type ReadCaches } from "../cache";
import type { Db } from "../db/connect";
import { type Language, matchLanguage } from "../i18n";
import { findMembership } from "../modules/members/queries";
import { findLanguage } from "../modules/members/users";
import { forbidden, type Message, notFound, unauthorized } from "./errors";
import { isDatabaseUnavailable } from "./unavailable";

export type Guard = "public" | "signedIn" | "tripMember" | "tripAdmin" | "tripOwner";

export type { SessionUser };

declare const tripScopeBrand: unique symbol;
/**
 * A trip the caller was proven to belong to. Only the trip guards make one, and every trip-scoped
 * query takes one, so a query cannot run on an unchecked trip id (STYLE.md, rallly's branded scope).
 */
export interface TripScope {
  readonly tripId: string;
  readonly userId: string;
  readonly role: "admin" | "member";
  readonly isOwner: boolean;
  readonly canEditPlaces: boolean;
  readonly canOptimize: boolean;
  readonly canAddPlaces: boolean;
  readonly canInviteMembers: boolean;
  readonly [tripScopeBrand]: true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; checked once, here. */
    guard?: Guard;
    /** The 403 message of a trip guard when the spec has a specific one. */
    forbiddenMessage?: Message;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved at most once per request. */
    currentUser(): Promise<SessionUser | null>;
    /** The signed-in user; throws 401 when there is none. */
    requireUser(): Promise<SessionUser>;
    /**
     * The language to answer in (issue 13): the user's chosen one, else the best match of the
     * browser's Accept-Language among the app's languages, else English.
     */
    language(): Promise<Language>;
    /** Set by the trip guards: the checked membership of the trip in the route's :tripId. */
    tripScope?: TripScope;
  }
}

const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The trip scope a trip guard checked; a route without one is a programming error. */
export function scopeOf(request: FastifyRequest): TripScope {
  if (!request.tripScope)
    throw new Error(`${request.routeOptions.url} uses a trip scope without a trip guard`);
  return request.tripScope;
}

export function registerGuards(app: FastifyInstance, auth: Auth, db: Db, caches: ReadCaches): void {
  app.decorateRequest("currentUser", function (this: FastifyRequest) {
    let pending = userCache.get(this);
    if (!pending) {
      const cookie = this.headers.cookie;
      const cached = cookie ? caches.sessions.get(cookie) : undefined;
      pending = !cookie
        ? Promise.resolve(null) // better-auth sessions are cookies: nothing to look up
        : cached
          ? Promise.resolve(cached)
          : auth.api
              .getSession({ headers: toFetchHeaders(this) })
              .then(async (s) => {
                const found = (s?.user as SessionUser | undefined) ?? null;
                if (!found) return null;
                // A failed read of the language is no reason to sign anyone out (an outage still is).
                const language = await findLanguage(db, found.id).catch((err) => {
                  if (isDatabaseUnavailable(err)) throw err;
                  return null;
                });
                const user: SessionUser = { ...found, language };
                caches.sessions.set(cookie, user, s?.session?.expiresAt);
                return user;
              })
              .catch((err) => {
                // A database outage is not "signed out": let it become a 503, not a 401.
                if (isDatabaseUnavailable(err)) throw err;
                return null;
              });
      userCache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest("language", async function (this: FastifyRequest) {
    const user = await this.currentUser();
    return user?.language ?? matchLanguage(this.headers["accept-language"]) ?? "en";
  });
  app.decorateRequest("tripScope", undefined);
  app.decorateRequest("requireUser", async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw unauthorized();
    return user;
  });

  // A route under /api without a guard is a programming error: refuse to start.
  app.addHook("onRoute", (route) => {
    if (
      !route.url.startsWith("/api/") ||
      route.url.startsWith("/api/auth/") ||
      route.url.startsWith("/api/docs")
    )
      return;
    if (!route.config?.guard) throw new Error(`Route ${route.method} ${route.url} declares no guard`);
  });

  app.addHook("preHandler", async (request) => {
    const guard = request.routeOptions.config.guard;
    if (!guard || guard === "public") return;
    const user = await request.requireUser();
    if (guard === "signedIn") return;

    // Trip guards: a trip the caller does not belong to does not exist for them (404, never its data).
    const tripId = (request.params as { tripId?: string }).tripId;
    if (!tripId) throw new Error(`${request.routeOptions.url}: guard ${guard} needs a :tripId parameter`);
    if (!UUID.test(tripId)) throw notFound(TRIP_MESSAGES.tripNotFound);
    const m = await cachedMembership(db, caches, tripId, user.id);
    if (!m) throw notFound(TRIP_MESSAGES.tripNotFound);
    const isOwner = m.ownerId === user.id;
    const message = request.routeOptions.config.forbiddenMessage;
    if (guard === "tripAdmin" && m.role !== "admin") throw forbidden(message ?? TRIP_MESSAGES.onlyAdmins);
    if (guard === "tripOwner" && !isOwner) throw forbidden(message ?? TRIP_MESSAGES.onlyOwnerDelete);
    request.tripScope = {
      tripId,
      userId: user.id,
      role: m.role,
      isOwner,
      canEditPlaces: m.canEditPlaces,
      canOptimize: m.canOptimize,
      canAddPlaces: m.canAddPlaces,
      canInviteMembers: m.canInviteMembers,
    } as TripScope;
  });
}

/** The guard's membership read, kept until the trip changes (cache/trip-cache.ts). */
async function cachedMembership(db: Db, caches: ReadCaches, tripId: string, userId: string) {
  const key = membershipKey(userId);
  const hit = caches.trips.get<Awaited<ReturnType<typeof findMembership>>>(tripId, key);
  if (hit) return hit;
  const token = caches.trips.token(tripId);
  const row = await findMembership(db, tripId, userId);
  // Only memberships: a refusal is not kept, so joining works at once.
  if (row) caches.trips.set(tripId, key, row, token);
  return row;
}
