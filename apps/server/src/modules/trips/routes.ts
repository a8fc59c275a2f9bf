import {
  TRIP_MESSAGES,
  tripCreateSchema,
  tripDetailSchema,
  tripListSchema,
  tripUpdateSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App, AppContext } from "../types";
import { createTrip, editTrip, getTripDetail, listTrips, removeTrip } from "./service";

const tripParams = z.object({ tripId: z.string() });
/** GET /api/trips: the newest 20 (spec 1), or every trip with all=1 ("Show all"). */
const tripListQuerySchema = z.object({ all: z.enum(["1"]).optional() });

export async function tripRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;

  app.get(
    "/api/trips",
    {
      config: { guard: "signedIn" },
      schema: { tags: ["trips"], querystring: tripListQuerySchema, response: { 200: tripListSchema } },
    },
    // The spec caps the list at 20; ?all=1 is the home screen's "Show all" (Premium has more).
    async (request) => listTrips(db, await request.requireUser(), request.query.all === "1"),
  );

  app.post(
    "/api/trips",
    {
      config: { guard: "signedIn", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["trips"], body: tripCreateSchema, response: { 201: tripDetailSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTrip(db, await request.requireUser(), request.body, await request.language())),
  );

  app.get(
    "/api/trips/:tripId",
    {
      config: { guard: "tripMember" },
      schema: { tags: ["trips"], params: tripParams, response: { 200: tripDetailSchema } },
    },
    async (request) => getTripDetail(db, scopeOf(request)),
  );

  app.patch(
    "/api/trips/:tripId",
    {
      config: { guard: "tripAdmin" },
      schema: {
        tags: ["trips"],
        params: tripParams,
        body: tripUpdateSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => {
      const detail = await editTrip(db, scopeOf(request), request.body, await request.language());
      ctx.notifications.tripEdited(scopeOf(request), request.body);
      return detail;
    },
  );

  app.delete(
    "/api/trips/:tripId",
    {
      config: { guard: "tripOwner", forbiddenMessage: TRIP_MESSAGES.onlyOwnerDelete },
      schema: { tags: ["trips"], params: tripParams },
    },
    async (request, reply) => {
      await removeTrip(db, ctx.storage, scopeOf(request));
      return reply.status(204).send();
    },
  );
}
