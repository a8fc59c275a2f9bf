import { attachAccountSchema, meSchema, setLanguageSchema } from "@tabi/contracts";
import { z } from "zod";
import { toFetchHeaders } from "../../auth/bridge";
import type { App, AppContext } from "../types";
import { userStats } from "./queries";
import { attachAccount, getMe, setLanguage } from "./service";

const statsSchema = z.object({
  placesAdded: z.number(),
  routesOptimized: z.number(),
  tripsPlanned: z.number(),
});

export async function profileRoutes(app: App, ctx: AppContext) {
  const { db } = ctx.database;

  app.get(
    "/api/me",
    { config: { guard: "signedIn" }, schema: { tags: ["profile"], response: { 200: meSchema } } },
    async (request) => getMe(db, await request.requireUser()),
  );

  app.get(
    "/api/me/stats",
    { config: { guard: "signedIn" }, schema: { tags: ["profile"], response: { 200: statsSchema } } },
    async (request) => userStats(db, (await request.requireUser()).id),
  );

  app.put(
    "/api/me/language",
    {
      config: { guard: "signedIn" },
      schema: { tags: ["profile"], body: setLanguageSchema, response: { 200: meSchema } },
    },
    async (request) => setLanguage(db, await request.requireUser(), request.body.language),
  );
  app.post(
    "/api/me/account",
    {
      config: { guard: "signedIn", rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { tags: ["profile"], body: attachAccountSchema, response: { 200: meSchema } },
    },
    async (request) =>
      attachAccount(
        db,
        ctx.auth,
        await request.requireUser(),
        request.body,
        toFetchHeaders(request),
        await request.language(),
      ),
  );
}
