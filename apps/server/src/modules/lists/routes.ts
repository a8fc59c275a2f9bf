import {
  checklistDetailSchema,
  checklistInputSchema,
  checklistItemInputSchema,
  checklistItemPatchSchema,
  checklistItemSchema,
  checklistMoveSchema,
  checklistPatchSchema,
  checklistSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App } from "../types";
import type { ListsService } from "./service";

const tripParams = z.object({ tripId: z.string() });
// Any text: an id that is no list (or item) the caller may see, well-formed or not, is the same 404.
const listParams = tripParams.extend({ listId: z.string().max(100) });
const itemParams = listParams.extend({ itemId: z.string().max(100) });
const BASE = "/api/trips/:tripId/lists";
const READ = { guard: "tripMember" } as const;
/** Ticking items off runs fast on a packing evening; still a bound for a runaway client. */
const WRITE = { guard: "tripMember", rateLimit: { max: 300, timeWindow: "1 minute" } } as const;

/**
 * Checklists (issue 30 item 3): every member reads and edits the shared lists; a personal list is its
 * owner's alone (another member gets the same 404 as for no list). The author or an admin deletes a
 * shared list. Every write tells the trip's channel (`checklists.changed`).
 */
export async function listsRoutes(app: App, lists: ListsService) {
  app.get(
    BASE,
    {
      config: READ,
      schema: {
        tags: ["lists"],
        params: tripParams,
        response: { 200: z.object({ lists: z.array(checklistSchema) }) },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send({ lists: await lists.lists(scopeOf(request)) }),
  );

  app.post(
    BASE,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["lists"],
        params: tripParams,
        body: checklistInputSchema,
        response: { 201: checklistDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.create(scopeOf(request), request.body, await request.language())),
  );

  app.get(
    `${BASE}/:listId`,
    {
      config: READ,
      schema: { tags: ["lists"], params: listParams, response: { 200: checklistDetailSchema } },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .send(await lists.detail(scopeOf(request), request.params.listId)),
  );

  app.patch(
    `${BASE}/:listId`,
    {
      config: WRITE,
      schema: {
        tags: ["lists"],
        params: listParams,
        body: checklistPatchSchema,
        response: { 200: checklistSchema },
      },
    },
    async (request) => lists.change(scopeOf(request), request.params.listId, request.body),
  );

  app.delete(
    `${BASE}/:listId`,
    { config: WRITE, schema: { tags: ["lists"], params: listParams } },
    async (request, reply) => {
      await lists.remove(scopeOf(request), request.params.listId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/:listId/items`,
    {
      config: WRITE,
      schema: {
        tags: ["lists"],
        params: listParams,
        body: checklistItemInputSchema,
        response: { 201: checklistItemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.addItem(scopeOf(request), request.params.listId, request.body)),
  );

  app.patch(
    `${BASE}/:listId/items/:itemId`,
    {
      config: WRITE,
      schema: {
        tags: ["lists"],
        params: itemParams,
        body: checklistItemPatchSchema,
        response: { 200: checklistItemSchema },
      },
    },
    async (request) =>
      lists.changeItem(scopeOf(request), request.params.listId, request.params.itemId, request.body),
  );

  app.delete(
    `${BASE}/:listId/items/:itemId`,
    { config: WRITE, schema: { tags: ["lists"], params: itemParams } },
    async (request, reply) => {
      await lists.removeItem(scopeOf(request), request.params.listId, request.params.itemId);
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/:listId/items/:itemId/move`,
    {
      config: WRITE,
      schema: {
        tags: ["lists"],
        params: itemParams,
        body: checklistMoveSchema,
        response: { 200: checklistItemSchema },
      },
    },
    async (request) =>
      lists.move(scopeOf(request), request.params.listId, request.params.itemId, request.body.afterId),
  );
}
