import { placeResultSchema, placeSearchQuerySchema, placeSearchResponseSchema } from "@tabi/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { AppError, notFound } from "../../http/errors";
import { t, text } from "../../i18n";
import { creditLine, type PlacesProvider, PlacesProviderError, searchAnswer } from "../../providers/places";
import type { App } from "../types";

// Candidates for packages/contracts once the web uses them.
export const placeDetailsResponseSchema = z.object({ result: placeResultSchema, attribution: z.string() });
export const placeReverseQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const placeReverseResponseSchema = z.object({
  /** null when nothing named is near the point (open sea, the poles). */
  result: placeResultSchema.nullable(),
  attribution: z.string(),
});

/** Needs only the provider; buildApp passes its ctx once ctx has `places`. */
export async function placeSearchRoutes(app: App, ctx: { places: PlacesProvider }) {
  const { places } = ctx;

  app.get(
    "/api/places/search",
    {
      // Search as you type: a few requests per second per person is normal.
      config: { guard: "signedIn", rateLimit: { max: 300, timeWindow: "1 minute" } },
      schema: {
        tags: ["places"],
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { q, near, trip, limit } = request.query;
      return fromProvider(reply, places, async () => {
        const answer = await searchAnswer(places, q, { near, trip }, limit);
        return {
          results: answer.value,
          attribution: creditLine(answer.sources),
          sources: answer.sources,
          // The default set-up answers from the gazetteer alone when Photon does not: say so.
          ...(answer.missed
            ? { notice: t("server:places.onlineMissed", undefined, await request.language()) }
            : {}),
        };
      });
    },
  );

  app.get(
    "/api/places/details/:id",
    {
      config: { guard: "signedIn", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["places"],
        params: z.object({ id: z.string().min(1).max(300) }),
        response: { 200: placeDetailsResponseSchema },
      },
    },
    async (request, reply) =>
      fromProvider(reply, places, async () => {
        const result = await places.details(request.params.id);
        if (!result) throw notFound("Place not found");
        return { result, attribution: places.attribution };
      }),
  );

  app.get(
    "/api/places/reverse",
    {
      config: { guard: "signedIn", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["places"],
        querystring: placeReverseQuerySchema,
        response: { 200: placeReverseResponseSchema },
      },
    },
    async (request, reply) =>
      fromProvider(reply, places, async () => ({
        result: await places.reverse(request.query.lat, request.query.lng),
        attribution: places.attribution,
      })),
  );
}

/**
 * An outside service failing is not our bug: 503 when it could not be reached (or is busy), 502 when
 * it answered wrongly, with its reason, never a 500. (The codes are not in contracts' ERROR_CODES
 * yet; see docs/decisions/0003-place-search.md.)
 */
async function fromProvider<T>(reply: FastifyReply, places: PlacesProvider, call: () => Promise<T>) {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof PlacesProviderError)) throw err;
    reply.log.warn(
      { provider: places.name, reason: err.reason, message: err.message },
      "place search failed",
    );
    const status = err.reason === "unavailable" ? 503 : 502;
    throw new AppError(
      status,
      "PLACES_UNAVAILABLE",
      text("server:errors.placeSearchUnavailable", { detail: err.message }),
    );
  }
}
