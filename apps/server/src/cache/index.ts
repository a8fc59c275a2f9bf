import type { FastifyInstance } from "fastify";
import type { SessionUser } from "../auth/session-user";
import type { TripBus } from "../realtime/bus";
import type { CacheClear } from "../realtime/pg-notify";
import { SessionCache } from "./session-cache";
import { TripCache } from "./trip-cache";

export type { CacheClear };

export interface ReadCaches {
  trips: TripCache;
  sessions: SessionCache<SessionUser>;
  /**
   * Forgets who is signed in, here and on every other process (sign-out, a deleted account, a plan
   * or profile change): a cookie revoked through one process is refused by all within a second.
   */
  forgetSessions(): void;
  /** Forgets every cached read and sign-in, here and on every other process. */
  forgetAll(): void;
}

export function createReadCaches(tellOthers: (kind: CacheClear) => void = () => {}): ReadCaches {
  const caches: ReadCaches = {
    trips: new TripCache(),
    sessions: new SessionCache<SessionUser>(),
    forgetSessions() {
      caches.sessions.clear();
      tellOthers("sessions");
    },
    forgetAll() {
      clearHere(caches, "all");
      tellOthers("all");
    },
  };
  return caches;
}

/** What another process said to forget (`TripBus.onCacheClear`). */
export function clearHere(caches: ReadCaches, kind: CacheClear): void {
  caches.sessions.clear();
  if (kind === "all") caches.trips.clear();
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The guard's cached membership of a user in a trip (`http/guards.ts`). */
export const membershipKey = (userId: string) => `member:${userId}`;
/** The parts of the trip screen's read shared by all members (`modules/itinerary/full.ts`). */
export const TRIP_PARTS = {
  trip: "trip:detail",
  result: "trip:result",
  places: "places:all",
  bookings: "trip:bookings",
} as const;
/** The trip's balances (`modules/money`); money writes touch no other cached read. */
export const MONEY_BALANCES = "money:balances";
const untouchedByMoneyWrites = (key: string) => !key.startsWith("money:");

// Place and wish writes change places and wishes only: memberships, the trip with its members and
// the plan stay, so after such a write the next reads cost one database read (the places), not six.
const PLACE_ROUTES = "/api/trips/:tripId/places";
const UNCACHED_WRITES =
  /^\/api\/trips\/:tripId\/(chat|uploads|imports|polls|lists|checklists|documents)(\/|$)/;
const MONEY_WRITES = /^\/api\/trips\/:tripId\/(expenses|settlements|money)(\/|$)/;
const untouchedByPlaceWrites = (key: string) => key.startsWith("member:") || key.startsWith("trip:");

/**
 * Drops cached reads when what they were read from may have changed. Runs before the answer of a
 * write leaves (onSend), so the writer's next read, and the other members' reads after the event on
 * the trip's channel, never see the old value. Events cover writes that are not requests (the
 * optimiser's result) and, with a shared bus, the other server processes.
 */
export function registerReadCacheInvalidation(app: FastifyInstance, caches: ReadCaches, bus: TripBus): void {
  app.addHook("onSend", async (request, _reply, payload) => {
    const url = request.url;
    if (READS.has(request.method)) {
      // better-auth changes accounts on some GETs too (e-mail confirmation, OAuth callbacks).
      if (url.startsWith("/api/auth/") && !url.startsWith("/api/auth/get-session")) caches.forgetAll();
      return payload;
    }
    const scope = request.tripScope;
    // Chat messages, uploads, polls, lists and documents are in no cached read; money only in its own.
    if (scope && UNCACHED_WRITES.test(request.routeOptions.url ?? "")) return payload;
    if (scope && MONEY_WRITES.test(request.routeOptions.url ?? "")) {
      caches.trips.invalidate(scope.tripId, untouchedByMoneyWrites);
      return payload;
    }
    const placesOnly = request.routeOptions.url?.startsWith(PLACE_ROUTES);
    if (scope) caches.trips.invalidate(scope.tripId, placesOnly ? untouchedByPlaceWrites : undefined);
    // A trip route whose guard refused the caller wrote nothing.
    else if (!request.routeOptions.config?.guard?.startsWith("trip")) caches.forgetAll();
    return payload;
  });
  bus.onCacheClear((kind) => clearHere(caches, kind));
  bus.subscribeAll((event) => {
    // Chat and checklists are in no cached read.
    if (
      event.type === "optimization.progress" ||
      event.type.startsWith("chat.") ||
      event.type === "checklists.changed"
    )
      return;
    if (event.type === "money.changed") return caches.trips.invalidate(event.tripId, untouchedByMoneyWrites);
    const placesOnly = event.type === "places.changed";
    caches.trips.invalidate(event.tripId, placesOnly ? untouchedByPlaceWrites : undefined);
  });
}
