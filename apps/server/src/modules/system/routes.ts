import { timingSafeEqual } from "node:crypto";
import { type ClientConfig, clientConfigSchema, healthSchema, PRODUCT_NAME } from "@tabi/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { migrationState } from "../../db/migrate";
import { mailOutbox, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { App, AppContext } from "../types";
import { renderMailbox } from "./mailbox";

/** Tests and scripts may send the dev mailbox token in this header instead of ?token=. */
export const DEV_MAIL_TOKEN_HEADER = "x-dev-mail-token";

/** Also answers the client config, which the web app's pages carry inlined (http/web.ts). */
export async function systemRoutes(app: App, ctx: AppContext): Promise<{ clientConfig: ClientConfig }> {
  const { database, config } = ctx;

  // Alive: answers without the database (a process that cannot reach it is not ready, but restarting
  // it would not help). The migrations as applied at start.
  const migrations = await migrationState(database);
  app.get(
    "/api/health",
    { config: { guard: "public" }, schema: { tags: ["system"], response: { 200: healthSchema } } },
    async () => ({
      status: "ok" as const,
      database: database.kind,
      migrations,
      uptimeMs: Date.now() - ctx.startedAt,
    }),
  );

  // Ready for traffic: the database answers, every migration is applied, and not draining (issue 27).
  app.get(
    "/api/ready",
    { config: { guard: "public" }, schema: { tags: ["system"] } },
    async (_request, reply) => {
      const state = await ctx.lifecycle.ready();
      return reply
        .status(state.ready ? 200 : 503)
        .header("cache-control", "no-store")
        .send({ ready: state.ready, ...(state.reason ? { reason: state.reason } : {}) });
    },
  );

  const clientConfig: ClientConfig = {
    productName: PRODUCT_NAME,
    supportEmail: config.supportEmail,
    googleSignIn: Boolean(config.google),
    devMailbox: !config.isProduction && ctx.mail.kind === "outbox",
    marketingUrl: config.marketingUrl,
    uberClientId: config.uberClientId ?? null,
    map: config.map,
  };
  app.get(
    "/api/config",
    { config: { guard: "public" }, schema: { tags: ["system"], response: { 200: clientConfigSchema } } },
    async () => clientConfig,
  );

  // The embedded outbox, outside production only and only with the token printed in the log at
  // start (decision 0006): its links confirm accounts, so it is no public page. Without the token
  // it does not exist (404).
  if (clientConfig.devMailbox) {
    const recent = () => database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
    const expected = Buffer.from(config.devMailToken);
    const hasToken = (request: FastifyRequest) => {
      const query = (request.query as { token?: unknown } | undefined)?.token;
      const given = Buffer.from(String(request.headers[DEV_MAIL_TOKEN_HEADER] ?? query ?? ""));
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    const requireToken = async (request: FastifyRequest) => {
      if (!hasToken(request)) throw notFound();
    };
    app.get(
      "/dev/mail",
      { config: { guard: "public" }, schema: { hide: true }, onRequest: requireToken },
      async (_req, reply) =>
        reply
          .type("text/html; charset=utf-8")
          .header("referrer-policy", "no-referrer")
          .send(renderMailbox(await recent())),
    );
    app.get(
      "/api/dev/mail",
      {
        config: { guard: "public" },
        onRequest: requireToken,
        schema: {
          hide: true,
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                createdAt: z.date(),
              }),
            ),
          },
        },
      },
      async () => recent(),
    );
    // The spec's local upgrade (a year of Premium) for an account, behind the same token: browser
    // tests of Premium features use it until the built-in test checkout (issue 16) walks the real flow.
    app.post(
      "/api/dev/premium",
      {
        config: { guard: "public" },
        onRequest: requireToken,
        schema: { hide: true, body: z.object({ email: z.email() }) },
      },
      async (request, reply) => {
        const updated = await database.db
          .update(users)
          .set({ isPremium: true, premiumExpiresAt: new Date(Date.now() + 365 * 86_400_000) })
          .where(eq(users.email, request.body.email.toLowerCase()))
          .returning({ id: users.id });
        if (!updated.length) throw notFound();
        ctx.caches.forgetSessions();
        return reply.status(204).send();
      },
    );
  }
  return { clientConfig };
}
