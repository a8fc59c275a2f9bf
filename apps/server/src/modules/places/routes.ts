import {
  placeAddedSchema,
  placeCreateSchema,
  placeListSchema,
  placeSchema,
  placeUpdateSchema,
  wishInputSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App, AppContext } from "../types";
import { addPlace, editPlace, listPlaces, removePlace, removeWish, setWish } from "./service";
import { setSkip } from "./skips";

const tripParams = z.object({ tripId: z.string() });
const placeParams = tripParams.extend({ placeId: z.uuid() });

export async function placeRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;
  // A place write that moved the trip's time zone changed the trip itself: announced as such, so
  // screens read the trip again and every server drops its cached copy (not only the places).
  const zoneMoved = (tripId: string) => () =>
    ctx.bus.publish({ type: "members.changed", tripId }).then(
      () => {},
      () => {},
    );

  app.get(
    "/api/trips/:tripId/places",
    {
      config: { guard: "tripMember" },
      schema: { tags: ["places"], params: tripParams, response: { 200: placeListSchema } },
    },
    async (request) => listPlaces(db, scopeOf(request), await request.requireUser()),
  );

  app.post(
    "/api/trips/:tripId/places",
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["places"],
        params: tripParams,
        body: placeCreateSchema,
        response: { 201: placeAddedSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addPlace(
            db,
            scopeOf(request),
            await request.requireUser(),
            request.body,
            zoneMoved(request.params.tripId),
          ),
        ),
  );

  app.patch(
    "/api/trips/:tripId/places/:placeId",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["places"],
        params: placeParams,
        body: placeUpdateSchema,
        response: { 200: placeSchema },
      },
    },
    async (request) => editPlace(db, scopeOf(request), request.params.placeId, request.body),
  );

  app.delete(
    "/api/trips/:tripId/places/:placeId",
    { config: { guard: "tripMember" }, schema: { tags: ["places"], params: placeParams } },
    async (request, reply) => {
      await removePlace(db, scopeOf(request), request.params.placeId, zoneMoved(request.params.tripId));
      return reply.status(204).send();
    },
  );

  app.put(
    "/api/trips/:tripId/places/:placeId/wish",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["places"],
        params: placeParams,
        body: wishInputSchema,
        response: { 200: placeSchema },
      },
    },
    async (request) =>
      setWish(
        db,
        scopeOf(request),
        await request.requireUser(),
        request.params.placeId,
        request.body.wishLevel,
      ),
  );

  app.delete(
    "/api/trips/:tripId/places/:placeId/wish",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["places"],
        params: placeParams,
        response: { 200: z.object({ place: placeSchema.nullable() }) },
      },
    },
    async (request) => ({
      place: await removeWish(db, scopeOf(request), request.params.placeId, zoneMoved(request.params.tripId)),
    }),
  );

  // "I'll do something else": the caller skips a planned visit (PUT) or goes after all (DELETE).
  for (const method of ["put", "delete"] as const)
    app[method](
      "/api/trips/:tripId/places/:placeId/skip",
      {
        config: { guard: "tripMember" },
        schema: { tags: ["places"], params: placeParams, response: { 200: placeSchema } },
      },
      async (request) => setSkip(db, scopeOf(request), request.params.placeId, method === "put"),
    );
}
