import {
  balancesSchema,
  EXPENSE_CATEGORIES,
  expenseInputSchema,
  expenseSchema,
  settlementInputSchema,
  settlementSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { scopeOf } from "../../http/guards";
import type { App, AppContext } from "../types";
import { moneyCsv } from "./csv";
import type { MoneyService } from "./service";

const tripParams = z.object({ tripId: z.string() });
// Any text: an id that is no expense of this trip, well-formed or not, is the same 404.
const expenseParams = tripParams.extend({ expenseId: z.string().max(100) });
const settlementParams = tripParams.extend({ settlementId: z.string().max(100) });
const BASE = "/api/trips/:tripId";
const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/**
 * Group money (issue 29): every member, guests included, adds expenses and records settlements; the
 * author or an admin changes and deletes them; admins choose the home currency. Every write tells the
 * trip's channel (`money.changed`), so every member's screen follows.
 */
export async function moneyRoutes(app: App, ctx: AppContext, money: MoneyService) {
  app.get(
    `${BASE}/expenses`,
    {
      config: { guard: "tripMember" },
      schema: {
        tags: ["money"],
        params: tripParams,
        response: {
          200: z.object({
            currency: z.string(),
            expenses: z.array(expenseSchema),
            settlements: z.array(settlementSchema),
          }),
        },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send(await money.list(scopeOf(request))),
  );

  app.post(
    `${BASE}/expenses`,
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["money"],
        params: tripParams,
        body: expenseInputSchema,
        response: { 201: expenseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await money.create(scopeOf(request), request.body)),
  );

  app.put(
    `${BASE}/expenses/:expenseId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["money"],
        params: expenseParams,
        body: expenseInputSchema,
        response: { 200: expenseSchema },
      },
    },
    async (request) => money.replace(scopeOf(request), request.params.expenseId, request.body),
  );

  app.delete(
    `${BASE}/expenses/:expenseId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["money"], params: expenseParams },
    },
    async (request, reply) => {
      await money.remove(scopeOf(request), request.params.expenseId, "expense");
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/settlements`,
    {
      config: { guard: "tripMember", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["money"],
        params: tripParams,
        body: settlementInputSchema,
        response: { 201: settlementSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await money.settle(scopeOf(request), request.body)),
  );

  app.delete(
    `${BASE}/settlements/:settlementId`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["money"], params: settlementParams },
    },
    async (request, reply) => {
      await money.remove(scopeOf(request), request.params.settlementId, "settlement");
      return reply.status(204).send();
    },
  );

  app.get(
    `${BASE}/balances`,
    {
      config: { guard: "tripMember" },
      schema: { tags: ["money"], params: tripParams, response: { 200: balancesSchema } },
    },
    async (request, reply) =>
      reply.header("cache-control", "no-store").send(await money.balances(scopeOf(request))),
  );

  app.put(
    `${BASE}/money/currency`,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["money"],
        params: tripParams,
        body: z.object({ currency: currencyCode }),
        response: { 200: z.object({ currency: z.string() }) },
      },
    },
    async (request) => ({ currency: await money.setHomeCurrency(scopeOf(request), request.body.currency) }),
  );

  app.get(
    `${BASE}/money/rate`,
    {
      config: { guard: "tripMember", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags: ["money"],
        params: tripParams,
        querystring: z.object({ from: currencyCode }),
        response: {
          200: z.object({
            from: z.string(),
            to: z.string(),
            rate: z.string().nullable(),
            date: z.string().nullable(),
            source: z.enum(["ecb", "table"]).nullable(),
          }),
        },
      },
    },
    async (request) => money.quote(scopeOf(request), request.query.from),
  );

  app.get(
    `${BASE}/expenses.csv`,
    {
      config: { guard: "tripMember", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["money"], params: tripParams },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const [list, balances] = await Promise.all([money.list(scope), money.balances(scope)]);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("cache-control", "private, no-store")
        .header("content-disposition", 'attachment; filename="tabi-expenses.csv"')
        .send(moneyCsv(list, balances, EXPENSE_CATEGORIES));
    },
  );
  void ctx;
}
