import {
  shareAnalyticsSchema,
  shareCreateSchema,
  sharedExportSchema,
  sharedJoinResponseSchema,
  sharedViewSchema,
  shareLinkListSchema,
  shareLinkSchema,
  shareUnlockSchema,
  shareUpdateSchema,
} from "@tabi/contracts";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App, AppContext } from "../types";
import { type SharingService, unlockCookieName, type Visitor } from "./service";

const tripParams = z.object({ tripId: z.string() });
const shareParams = tripParams.extend({ shareId: z.uuid() });
const tokenParams = z.object({ token: z.string().max(200) });
const BASE = "/api/trips/:tripId/shares";

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

export async function visitorOf(request: FastifyRequest): Promise<Visitor> {
  return {
    ip: request.ip,
    userAgent: String(request.headers["user-agent"] ?? ""),
    user: await request.currentUser(),
    // The cookie is named by the link's id, which only the service knows once it found the link.
    cookieOf: (shareId) => cookie(request, unlockCookieName(shareId)),
  };
}

/** Share links (issue 15): the trip's side for members who may invite, and the public side by token. */
export async function sharingRoutes(app: App, ctx: AppContext, sharing: SharingService) {
  const secure = ctx.config.publicUrl.startsWith("https://");

  app.get(
    BASE,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["sharing"], params: tripParams, response: { 200: shareLinkListSchema } },
    },
    async (request) => ({ links: await sharing.list(scopeOf(request)) }),
  );

  app.post(
    BASE,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["sharing"],
        params: tripParams,
        body: shareCreateSchema,
        response: { 200: shareLinkSchema, 201: shareLinkSchema },
      },
    },
    async (request, reply) => {
      const { link, created } = await sharing.create(
        scopeOf(request),
        await request.requireUser(),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(link);
    },
  );

  app.patch(
    `${BASE}/:shareId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["sharing"],
        params: shareParams,
        body: shareUpdateSchema,
        response: { 200: shareLinkSchema },
      },
    },
    async (request) =>
      sharing.update(scopeOf(request), await request.requireUser(), request.params.shareId, request.body),
  );

  app.delete(
    `${BASE}/:shareId`,
    { config: { guard: "tripMember" }, schema: { tags: ["sharing"], params: shareParams } },
    async (request, reply) => {
      await sharing.revoke(scopeOf(request), request.params.shareId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${BASE}/:shareId/analytics`,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["sharing"], params: shareParams, response: { 200: shareAnalyticsSchema } },
    },
    async (request) =>
      sharing.analytics(scopeOf(request), await request.requireUser(), request.params.shareId),
  );

  // ---- public: anyone with the link --------------------------------------------------------------

  app.get(
    "/api/shared/:token",
    {
      config: { guard: "public", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["sharing"], params: tokenParams, response: { 200: sharedViewSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return sharing.view(request.params.token, await visitorOf(request));
    },
  );

  app.post(
    "/api/shared/:token/unlock",
    {
      // Per address, on top of the service's limits per client and per link (wrong answers only).
      config: { guard: "public", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["sharing"], params: tokenParams, body: shareUnlockSchema },
    },
    async (request, reply) => {
      const unlock = await sharing.unlock(request.params.token, request.body.password, request.ip);
      const attributes = [
        `${unlock.name}=${unlock.value}`,
        "Path=/api/shared/",
        `Max-Age=${unlock.maxAge}`,
        "HttpOnly",
        "SameSite=Lax",
        ...(secure ? ["Secure"] : []),
      ];
      return reply.header("set-cookie", attributes.join("; ")).status(204).send();
    },
  );

  app.post(
    "/api/shared/:token/join",
    {
      config: { guard: "signedIn", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["sharing"], params: tokenParams, response: { 200: sharedJoinResponseSchema } },
    },
    async (request) => {
      const visitor = await visitorOf(request);
      const user = await request.requireUser();
      const joined = await sharing.join(request.params.token, { ...visitor, user });
      if (!joined.alreadyMember) ctx.notifications.memberJoined(joined.tripId, user.id);
      return joined;
    },
  );

  app.get(
    "/api/shared/:token/export",
    {
      config: { guard: "public", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["sharing"], params: tokenParams, response: { 200: sharedExportSchema } },
    },
    async (request, reply) => {
      const file = await sharing.exportTrip(
        request.params.token,
        await visitorOf(request),
        ctx.config.publicUrl,
      );
      return reply
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `attachment; filename*=UTF-8''${encodeURIComponent(exportFileName(file.trip.name))}`,
        )
        .send(file);
    },
  );
}

/** "Kyoto in spring" -> "kyoto-in-spring.json" (letters of any script kept). */
export function exportFileName(tripName: string): string {
  const base = tripName
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "trip"}.json`;
}
