import {
  CHAT_PAGE_SIZE,
  chatEditSchema,
  chatMessageSchema,
  chatPageQuerySchema,
  chatPageSchema,
  chatReadSchema,
  chatSendSchema,
  REACTION_NAMES,
  type ReactionName,
  reactionSummarySchema,
  unreadSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App } from "../types";
import type { ChatService } from "./service";

const tripParams = z.object({ tripId: z.string() });
const messageParams = tripParams.extend({ messageId: z.uuid() });
const reactionParams = messageParams.extend({
  reaction: z.enum(REACTION_NAMES as [ReactionName, ...ReactionName[]]),
});
const reactionsAnswer = z.object({ reactions: z.array(reactionSummarySchema) });
const BASE = "/api/trips/:tripId/chat";

/** The trip's group chat (issue 14): history in pages, send, edit, delete, reactions, read cursors. */
export async function chatRoutes(app: App, chat: ChatService) {
  app.get(
    `${BASE}/messages`,
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["chat"],
        params: tripParams,
        querystring: chatPageQuerySchema,
        response: { 200: chatPageSchema },
      },
    },
    async (request) =>
      chat.page(scopeOf(request), request.query.before, request.query.limit ?? CHAT_PAGE_SIZE),
  );

  app.post(
    `${BASE}/messages`,
    {
      // Per session, not per address: a group on one café's Wi-Fi shares an address. Ten a second
      // is far above people typing and still stops a runaway script.
      config: {
        guard: "tripMember",
        rateLimit: { max: 600, timeWindow: "1 minute", keyGenerator: (r) => r.headers.cookie ?? r.ip },
      },
      schema: {
        tags: ["chat"],
        params: tripParams,
        body: chatSendSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await chat.send(
        scopeOf(request),
        await request.requireUser(),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.patch(
    `${BASE}/messages/:messageId`,
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["chat"],
        params: messageParams,
        body: chatEditSchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => chat.edit(scopeOf(request), request.params.messageId, request.body.content),
  );

  app.delete(
    `${BASE}/messages/:messageId`,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["chat"], params: messageParams, response: { 200: chatMessageSchema } },
    },
    async (request) => chat.remove(scopeOf(request), request.params.messageId),
  );

  for (const on of [true, false])
    app.route({
      method: on ? "PUT" : "DELETE",
      url: `${BASE}/messages/:messageId/reactions/:reaction`,
      config: { guard: "tripMember" },
      schema: { tags: ["chat"], params: reactionParams, response: { 200: reactionsAnswer } },
      handler: async (request) => ({
        reactions: await chat.react(scopeOf(request), request.params.messageId, request.params.reaction, on),
      }),
    });

  app.post(
    `${BASE}/read`,
    { config: { guard: "tripMember" }, schema: { tags: ["chat"], params: tripParams, body: chatReadSchema } },
    async (request, reply) => {
      await chat.markRead(scopeOf(request), request.body.num);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/me/unread",
    { config: { guard: "signedIn" }, schema: { tags: ["chat"], response: { 200: unreadSchema } } },
    async (request) => chat.unread((await request.requireUser()).id),
  );
}
