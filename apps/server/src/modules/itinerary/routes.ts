import {
  itineraryEditResponseSchema,
  itineraryEditSchema,
  OPTIMIZATION_MESSAGES,
  optimizationResultSchema,
  optimizationSettingsSchema,
  progressSchema,
  startOptimizationResponseSchema,
  tripFullSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { acceptedEncoding } from "../../http/compress";
import { forbidden, notFound } from "../../http/errors";
import { scopeOf, type TripScope } from "../../http/guards";
import { matchLanguage, text } from "../../i18n";
import type { App, AppContext } from "../types";
import { tripFullAnswer } from "./full";
import { findFeedMember, rotateMemberFeedToken } from "./queries";

const tripParams = z.object({ tripId: z.string() });

export async function itineraryRoutes(app: App, ctx: AppContext) {
  const service = ctx.optimizations;

  app.post(
    "/api/trips/:tripId/optimizations",
    {
      config: { guard: "tripMember", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["itinerary"],
        params: tripParams,
        body: optimizationSettingsSchema,
        response: { 202: startOptimizationResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.start(scopeOf(request), request.body)),
  );

  app.get(
    "/api/trips/:tripId/optimizations/progress",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["itinerary"],
        params: tripParams,
        response: { 200: z.object({ progress: progressSchema.nullable(), running: z.boolean() }) },
      },
    },
    async (request) => service.status(scopeOf(request)),
  );

  // The trip screen's one read: the trip, its members, its places and the active plan together. Kept
  // serialised until the trip changes (full.ts): a screen load costs no database read.
  const fullSchema = tripFullSchema;
  app.get(
    "/api/trips/:tripId/full",
    {
      config: { guard: "tripMember" },
      schema: { tags: ["itinerary"], params: tripParams, response: { 200: fullSchema } },
    },
    async (request, reply) => {
      const answer = await tripFullAnswer(
        ctx,
        scopeOf(request),
        await request.requireUser(),
        acceptedEncoding(request.headers["accept-encoding"]),
      );
      reply.header("vary", "accept-encoding");
      if (answer.encoding) reply.header("content-encoding", answer.encoding);
      // A string or its compressed bytes with a JSON content type go as they are (already checked
      // against the schema above).
      return reply
        .type("application/json; charset=utf-8")
        .send(answer.body as unknown as z.infer<typeof fullSchema>);
    },
  );

  app.get(
    "/api/trips/:tripId/optimizations/active",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["itinerary"],
        params: tripParams,
        response: { 200: z.object({ result: optimizationResultSchema.nullable() }) },
      },
    },
    async (request) => ({ result: await service.active(scopeOf(request)) }),
  );

  app.post(
    "/api/trips/:tripId/itinerary/edits",
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["itinerary"],
        params: tripParams,
        body: itineraryEditSchema,
        response: { 200: itineraryEditResponseSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      // Editing the shared plan is optimising by hand: the same flag (admins always may).
      if (!scope.canOptimize && scope.role !== "admin")
        throw forbidden(OPTIMIZATION_MESSAGES.noEditPermission);
      return service.edit(scope, request.body);
    },
  );

  app.get(
    "/api/trips/:tripId/itinerary.ics",
    { config: { guard: "tripMember" }, schema: { tags: ["itinerary"], params: tripParams } },
    async (request, reply) => {
      const file = await service.ics(scopeOf(request), await request.language());
      if (!file) throw notFound(text("server:optimization.noItineraryToExport"));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.body);
    },
  );

  app.post(
    "/api/trips/:tripId/calendar-feed",
    {
      config: { guard: "tripMember" },
      schema: { tags: ["itinerary"], params: tripParams, response: { 200: z.object({ url: z.string() }) } },
    },
    async (request) => ({
      url: `${ctx.config.publicUrl}/api/calendar/${await rotateMemberFeedToken(ctx.database.db, scopeOf(request))}.ics`,
    }),
  );

  // Calendar apps subscribe without signing in; the unguessable token is the permission.
  app.get(
    "/api/calendar/:token",
    {
      config: { guard: "public", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { tags: ["itinerary"], params: z.object({ token: z.string().max(100) }) },
    },
    async (request, reply) => {
      // Each member's own token, looked up on every read: it stops the moment the membership ends.
      const member = await findFeedMember(ctx.database.db, request.params.token.replace(/\.ics$/, ""));
      // In the member's language; a calendar app's own Accept-Language when they chose none.
      const language = member?.language ?? matchLanguage(request.headers["accept-language"]) ?? "en";
      const file = member
        ? await service.ics({ tripId: member.tripId, userId: member.userId } as TripScope, language)
        : null;
      if (!file) throw notFound(text("server:optimization.calendarNotFound"));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .send(file.body);
    },
  );

  app.delete(
    "/api/trips/:tripId/optimizations/current",
    { config: { guard: "tripMember" }, schema: { tags: ["itinerary"], params: tripParams } },
    async (request, reply) => {
      // Idempotent: nothing running is fine too.
      await service.cancel(scopeOf(request));
      return reply.status(204).send();
    },
  );
}
