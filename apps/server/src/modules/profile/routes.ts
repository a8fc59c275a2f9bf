import {
  attachAccountSchema,
  changeEmailResultSchema,
  changeEmailSchema,
  meSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  setLanguageSchema,
  updateProfileSchema,
} from "@tabi/contracts";
import { z } from "zod";
import { toFetchHeaders } from "../../auth/bridge";
import type { App, AppContext } from "../types";
import { userStats } from "./queries";
import {
  attachAccount,
  changeEmail,
  getMe,
  getNotificationSettings,
  setLanguage,
  updateName,
  updateNotificationSettings,
} from "./service";

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

  // Spec 3 'Profile settings': the name the members of the user's trips see.
  app.patch(
    "/api/me",
    {
      config: { guard: "signedIn", rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["profile"], body: updateProfileSchema, response: { 200: meSchema } },
    },
    async (request) =>
      updateName({ db, caches: ctx.caches, bus: ctx.bus }, await request.requireUser(), request.body.name),
  );

  // Spec 3 'Notifications': the four toggles (all on until changed).
  app.get(
    "/api/me/settings",
    {
      config: { guard: "signedIn" },
      schema: { tags: ["profile"], response: { 200: notificationSettingsSchema } },
    },
    async (request) => getNotificationSettings(db, await request.requireUser()),
  );

  app.put(
    "/api/me/settings",
    {
      config: { guard: "signedIn", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["profile"],
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => updateNotificationSettings(db, await request.requireUser(), request.body),
  );

  // A registered user's new address: it takes effect when the link sent to it is followed.
  app.post(
    "/api/me/email",
    {
      config: { guard: "signedIn", rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: { tags: ["profile"], body: changeEmailSchema, response: { 200: changeEmailResultSchema } },
    },
    async (request) =>
      changeEmail(
        db,
        ctx.auth,
        await request.requireUser(),
        request.body.email,
        toFetchHeaders(request),
        await request.language(),
      ),
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
