import {
  memberSchema,
  memberUpdateSchema,
  TRIP_MESSAGES,
  transferOwnershipSchema,
  tripDetailSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import { text } from "../../i18n";
import { getTripDetail } from "../trips/service";
import type { App, AppContext } from "../types";
import { removeMember } from "./remove";
import { changeMember, leaveTrip, transferOwnership } from "./service";

const tripParams = z.object({ tripId: z.string() });

export async function memberRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;
  // The private documents of a member who left: their rows went with the membership; a file that
  // fails to go is logged, never a failed leave.
  const dropFiles = (keys: string[]) => {
    for (const key of keys)
      ctx.storage.delete(key).catch((err: Error) => app.log.warn({ err, key }, "document file not deleted"));
  };

  app.get(
    "/api/trips/:tripId/members",
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["members"],
        params: tripParams,
        response: { 200: z.object({ members: z.array(memberSchema) }) },
      },
    },
    async (request) => ({ members: (await getTripDetail(db, scopeOf(request))).members }),
  );

  app.patch(
    "/api/trips/:tripId/members/:userId",
    {
      config: { guard: "tripAdmin", forbiddenMessage: TRIP_MESSAGES.onlyAdminsRoles },
      schema: {
        tags: ["members"],
        params: tripParams.extend({ userId: z.uuid() }),
        body: memberUpdateSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => changeMember(db, scopeOf(request), request.params.userId, request.body),
  );

  // An admin removes a member: the same end as leaving (realtime/hub.ts tells and unsubscribes them).
  app.delete(
    "/api/trips/:tripId/members/:userId",
    {
      config: { guard: "tripAdmin" },
      schema: { tags: ["members"], params: tripParams.extend({ userId: z.uuid() }) },
    },
    async (request, reply) => {
      dropFiles(await removeMember(db, scopeOf(request), request.params.userId));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/trips/:tripId/leave",
    { config: { guard: "tripMember" }, schema: { tags: ["members"], params: tripParams } },
    async (request, reply) => {
      dropFiles(await leaveTrip(db, scopeOf(request)));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/trips/:tripId/owner",
    {
      config: { guard: "tripOwner", forbiddenMessage: text("server:members.onlyOwnerTransfers") },
      schema: {
        tags: ["members"],
        params: tripParams,
        body: transferOwnershipSchema,
        response: { 200: tripDetailSchema },
      },
    },
    async (request) => transferOwnership(db, scopeOf(request), request.body.userId),
  );
}
