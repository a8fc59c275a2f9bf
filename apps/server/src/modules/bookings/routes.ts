import { bookingCreateSchema, bookingListSchema, bookingSchema, bookingUpdateSchema } from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App, AppContext } from "../types";
import { BookingService } from "./service";

const tripParams = z.object({ tripId: z.string() });
// Any text: an id that is no booking of this trip, well-formed or not, is the same 404.
const bookingParams = tripParams.extend({ bookingId: z.string().max(100) });
const BASE = "/api/trips/:tripId/bookings";

/** Flight, hotel and transport bookings of a trip (issue 17): every member may save, edit and delete. */
export async function bookingRoutes(app: App, ctx: AppContext) {
  const bookings = new BookingService(ctx.database.db, ctx.bus, ctx.storage);

  app.get(
    BASE,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["bookings"], params: tripParams, response: { 200: bookingListSchema } },
    },
    async (request) => ({ bookings: await bookings.list(scopeOf(request)) }),
  );

  app.post(
    BASE,
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["bookings"],
        params: tripParams,
        body: bookingCreateSchema,
        response: { 201: bookingSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await bookings.create(scopeOf(request), request.body)),
  );

  app.patch(
    `${BASE}/:bookingId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["bookings"],
        params: bookingParams,
        body: bookingUpdateSchema,
        response: { 200: bookingSchema },
      },
    },
    async (request) => bookings.update(scopeOf(request), request.params.bookingId, request.body),
  );

  app.delete(
    `${BASE}/:bookingId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["bookings"], params: bookingParams },
    },
    async (request, reply) => {
      await bookings.remove(scopeOf(request), request.params.bookingId);
      return reply.status(204).send();
    },
  );
}
