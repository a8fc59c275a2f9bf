import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Auth } from "../auth/auth";
import { toFetchHeaders } from "../auth/bridge";
import { unauthorized } from "./errors";

export type Guard = "public" | "signedIn" | "tripMember" | "tripAdmin" | "tripOwner";

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
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; checked once, here. */
    guard?: Guard;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved at most once per request. */
    currentUser(): Promise<SessionUser | null>;
    /** The signed-in user; throws 401 when there is none. */
    requireUser(): Promise<SessionUser>;
  }
}

const userCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function registerGuards(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest("currentUser", function (this: FastifyRequest) {
    let pending = userCache.get(this);
    if (!pending) {
      pending = auth.api
        .getSession({ headers: toFetchHeaders(this) })
        .then((s) => (s?.user as SessionUser | undefined) ?? null)
        .catch(() => null);
      userCache.set(this, pending);
    }
    return pending;
  });
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
    await request.requireUser();
    // Trip guards (tripMember, tripAdmin, tripOwner) are added with the trips module.
  });
}
