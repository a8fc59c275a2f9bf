import { invitationSchema, joinTripResponseSchema, joinTripSchema } from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import { FailureLimiter } from "../../limits/failure-limiter";
import type { App, AppContext } from "../types";
import { currentInvitation, JOIN_FAILURES, joinTrip } from "./service";

export async function invitationRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;
  const failures = new FailureLimiter(ctx.counters, "join", JOIN_FAILURES.max, JOIN_FAILURES.windowMs);

  app.get(
    "/api/trips/:tripId/invitation",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["invitations"],
        params: z.object({ tripId: z.string() }),
        response: { 200: invitationSchema },
      },
    },
    async (request) => currentInvitation(db, scopeOf(request)),
  );

  app.post(
    "/api/trips/join",
    {
      // Per client IP here; per user in the service (failed attempts).
      config: { guard: "signedIn", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["invitations"], body: joinTripSchema, response: { 200: joinTripResponseSchema } },
    },
    async (request) => {
      const user = await request.requireUser();
      const joined = await joinTrip(db, user, request.body.code, failures);
      // No :tripId in this route, so the realtime hook cannot see it: announce the new member here.
      if (!joined.alreadyMember)
        await ctx.bus.publish({ type: "members.changed", tripId: joined.trip.id }).catch(() => {});
      if (!joined.alreadyMember) ctx.notifications.memberJoined(joined.trip.id, user.id);
      return joined;
    },
  );
}
