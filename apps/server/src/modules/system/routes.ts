import { type ClientConfig, clientConfigSchema, healthSchema, PRODUCT_NAME } from "@tabi/contracts";
import { desc } from "drizzle-orm";
import { z } from "zod";
import { migrationState } from "../../db/migrate";
import { mailOutbox } from "../../db/schema";
import type { App, AppContext } from "../types";
import { renderMailbox } from "./mailbox";

export async function systemRoutes(app: App, ctx: AppContext) {
  const { database, config } = ctx;

  app.get(
    "/api/health",
    { config: { guard: "public" }, schema: { tags: ["system"], response: { 200: healthSchema } } },
    async () => ({
      status: "ok" as const,
      database: database.kind,
      migrations: await migrationState(database),
      uptimeMs: Date.now() - ctx.startedAt,
    }),
  );

  const clientConfig: ClientConfig = {
    productName: PRODUCT_NAME,
    supportEmail: config.supportEmail,
    googleSignIn: Boolean(config.google),
    devMailbox: !config.isProduction && ctx.mail.kind === "outbox",
    marketingUrl: config.marketingUrl,
    map: config.map,
  };
  app.get(
    "/api/config",
    { config: { guard: "public" }, schema: { tags: ["system"], response: { 200: clientConfigSchema } } },
    async () => clientConfig,
  );

  // The embedded outbox, readable outside production (DESIGN.md): HTML for people, JSON for tests.
  if (clientConfig.devMailbox) {
    const recent = () => database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
    app.get("/dev/mail", { config: { guard: "public" }, schema: { hide: true } }, async (_req, reply) =>
      reply.type("text/html; charset=utf-8").send(renderMailbox(await recent())),
    );
    app.get(
      "/api/dev/mail",
      {
        config: { guard: "public" },
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
  }
}
