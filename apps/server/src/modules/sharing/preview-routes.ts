import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { isLanguage, type Language, matchLanguage } from "../../i18n";
import type { App, AppContext } from "../types";
import { type CardContent, renderCard } from "./card";
import { injectPreview, type LinkPreview, previewMeta, previewWords } from "./preview";
import type { SharingService } from "./service";

const tokenParams = z.object({ token: z.string().max(200) });
const cardQuery = z.object({ lng: z.string().max(10).optional() });

/** The reader's language without a database read (crawlers have no session; a lost database must not matter). */
const headerLanguage = (request: FastifyRequest): Language =>
  matchLanguage(request.headers["accept-language"]) ?? "en";

/** The generic card is the same for every protected or unknown link: drawn once per language. */
const genericCards = new Map<Language, Promise<Buffer>>();

/**
 * Link previews (issue 15): `/shared/{token}` as the web app's page with the link's Open Graph and
 * Twitter meta (when the web app is served: `indexHtml`), and the card image they point at. An open
 * link shows its trip's name, dates, place count and places; a protected, revoked or unknown one only
 * "Shared trip", the same for all of them.
 */
export async function sharingPreviewRoutes(
  app: App,
  ctx: AppContext,
  sharing: SharingService,
  indexHtml: string | undefined,
) {
  app.get(
    "/api/shared/:token/card.png",
    {
      config: { guard: "public", rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { tags: ["sharing"], params: tokenParams, querystring: cardQuery },
    },
    async (request, reply) => {
      // The page names its language in the image's URL: the messenger fetching it may send none.
      const { lng: asked } = request.query;
      const lng = isLanguage(asked) ? asked : headerLanguage(request);
      const preview: LinkPreview = await sharing.preview(request.params.token);
      const words = previewWords(preview, lng);
      let png: Buffer;
      if (preview?.kind === "trip") {
        const content: CardContent = {
          kind: "trip",
          name: words.title,
          line: words.description,
          footer: previewWords(null, lng).description,
          points: preview.points,
        };
        png = await renderCard(content, lng);
      } else {
        let generic = genericCards.get(lng);
        if (!generic) {
          generic = renderCard({ kind: "generic", title: words.title, line: words.description }, lng);
          genericCards.set(lng, generic);
          generic.catch(() => genericCards.delete(lng));
        }
        png = await generic;
      }
      return (
        reply
          .type("image/png")
          .header("cache-control", "public, max-age=600")
          .header("vary", "accept-language")
          .header("x-robots-tag", "noindex")
          // Messengers' web clients may show it from their own pages.
          .header("cross-origin-resource-policy", "cross-origin")
          .send(png)
      );
    },
  );

  if (!indexHtml) return;
  const index = indexHtml;
  // A wildcard, not ":token": a parameter past Fastify's length limit would be a 414, not the app's page.
  app.get<{ Params: { "*": string } }>(
    "/shared/*",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const token = request.params["*"];
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
      // Another page under /shared/ (the app's own "not found"): the index as every page path gets it.
      if (!token || token.includes("/")) return reply.send(index);
      const lng = headerLanguage(request);
      // The page opens whatever happens here (the app says what it finds); the meta are generic then.
      const preview: LinkPreview =
        token.length > 200
          ? null
          : await sharing.preview(token).catch((err) => {
              request.log.warn({ err }, "link preview failed");
              return null;
            });
      const html = injectPreview(index, previewMeta(preview, lng, ctx.config.publicUrl, token));
      return reply.header("vary", "accept-language").header("x-robots-tag", "noindex").send(html);
    },
  );
}
