import {
  pollCreateSchema,
  pollListSchema,
  pollSchema,
  pollVoteSchema,
  pollWinnerResultSchema,
  pollWinnerSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App } from "../types";
import type { PollService } from "./service";

const tripParams = z.object({ tripId: z.string() });
// Any text: an id that is no poll of this trip, well-formed or not, is the same 404.
const pollParams = tripParams.extend({ pollId: z.string().max(100) });
const BASE = "/api/trips/:tripId/polls";

/**
 * Polls (issue 30 item 1): every member, guests included, makes polls and votes; the creator or an
 * admin closes one and adds a winning place to the trip. Every write tells the trip's channel
 * (`polls.changed`), so every member's results follow live.
 */
export async function pollRoutes(app: App, polls: PollService) {
  app.get(
    BASE,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["polls"], params: tripParams, response: { 200: pollListSchema } },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send(await polls.list(scopeOf(request))),
  );

  app.post(
    BASE,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["polls"], params: tripParams, body: pollCreateSchema, response: { 201: pollSchema } },
    },
    async (request, reply) => reply.status(201).send(await polls.create(scopeOf(request), request.body)),
  );

  app.get(
    `${BASE}/:pollId`,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["polls"], params: pollParams, response: { 200: pollSchema } },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .send(await polls.get(scopeOf(request), request.params.pollId)),
  );

  app.put(
    `${BASE}/:pollId/vote`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["polls"], params: pollParams, body: pollVoteSchema, response: { 200: pollSchema } },
    },
    async (request) => polls.vote(scopeOf(request), request.params.pollId, request.body.optionIds),
  );

  app.post(
    `${BASE}/:pollId/close`,
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { tags: ["polls"], params: pollParams, response: { 200: pollSchema } },
    },
    async (request) => polls.close(scopeOf(request), request.params.pollId),
  );

  app.post(
    `${BASE}/:pollId/winner`,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["polls"],
        params: pollParams,
        body: pollWinnerSchema,
        response: { 200: pollWinnerResultSchema },
      },
    },
    async (request) =>
      polls.addWinner(
        scopeOf(request),
        await request.requireUser(),
        request.params.pollId,
        request.body.optionId,
      ),
  );
}
