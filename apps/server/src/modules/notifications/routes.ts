import { z } from "zod";
import { badRequest } from "../../http/errors";
import { type Language, t, text } from "../../i18n";
import { escapeHtml } from "../../providers/mail/html";
import type { App } from "../types";
import { kindName, type NotificationService } from "./service";

const query = z.object({ token: z.string().max(200) });

function page(lng: Language, title: string, body: string) {
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
}

/**
 * One-click unsubscribe (issue 16, RFC 8058): the link of every notification e-mail. POST is what a
 * mail program sends for List-Unsubscribe-Post; GET is the link in the body, answered with a page in
 * the user's language. Both turn the token's toggle off; the token is all the authority needed.
 */
export async function notificationRoutes(root: App, notifications: NotificationService) {
  await root.register(async (app: App) => unsubscribeRoutes(app, notifications));
}

async function unsubscribeRoutes(app: App, notifications: NotificationService) {
  const URL = "/api/notifications/unsubscribe";
  // Mail programs post "List-Unsubscribe=One-Click" as a form: its content is not needed.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, _b, done) =>
    done(null, undefined),
  );

  app.post(
    URL,
    {
      config: { guard: "public", oneClick: true, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["notifications"],
        querystring: query,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const done = await notifications.unsubscribe(request.query.token);
      if (!done) throw badRequest(text("server:notifications.invalidLink"));
      return { ok: true as const };
    },
  );

  app.get(
    URL,
    {
      config: { guard: "public", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["notifications"], querystring: query },
    },
    async (request, reply) => {
      const done = await notifications.unsubscribe(request.query.token);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!done) {
        const lng = await request.language();
        const message = t("server:notifications.invalidLink", undefined, lng);
        return reply.status(400).send(page(lng, message, message));
      }
      const lng = done.language;
      return page(
        lng,
        t("server:notifications.unsubscribedTitle", undefined, lng),
        t("server:notifications.unsubscribedBody", { kind: kindName(done.toggle, lng) }, lng),
      );
    },
  );
}
