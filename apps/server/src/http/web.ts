import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Where the built web app is: WEB_DIST_DIR, or apps/web/dist next to this package. */
export function findWebDist(configured?: string): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = configured
    ? [resolve(configured)]
    : [join(here, "../../../web/dist"), join(here, "../../web/dist")];
  return candidates.find((dir) => existsSync(join(dir, "index.html")));
}

/**
 * Files the browser must ask about on every load, never from its HTTP cache: the service worker and
 * its Workbox runtime (a stale one would hold back every new version), the web app manifest.
 */
const REVALIDATED = /^(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;

/**
 * The CSP sources ('sha256-...') of the scripts written into the web app's index.html (the theme set
 * before the first paint: apps/web/index.html), so script-src allows exactly them and nothing else
 * inline. A script with a src, or one the browser does not run (JSON), needs none.
 */
export function inlineScriptSources(dist: string | undefined): string[] {
  const file = dist && join(dist, "index.html");
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, "utf8");
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(
      ([, attrs = ""]) => !/\bsrc\s*=/i.test(attrs) && !/\btype\s*=\s*["']?application\/json/i.test(attrs),
    )
    .map(([, , body = ""]) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

/** The served web app: its index.html, and the page for a path registerNotFound serves (none for the API). */
export interface WebApp {
  index: string;
  spaIndex(url: string): string | undefined;
}

/** Where the web app looks for the inlined client config (apps/web/src/lib/config.ts INLINE_CONFIG_ID). */
export const INLINE_CONFIG_ID = "tabi-config";

/**
 * index.html with the client config (what GET /api/config answers) in it, as JSON in a script element
 * the browser does not run (so the CSP's script-src 'self' is not concerned): the first screen paints
 * without waiting for /api/config (issue 28 item 2). "<" is escaped so no value can close the element.
 */
export function withInlineConfig(index: string, clientConfig: unknown): string {
  if (clientConfig === undefined) return index;
  const json = JSON.stringify(clientConfig).replace(/</g, "\\u003c");
  const element = `<script id="${INLINE_CONFIG_ID}" type="application/json">${json}</script>`;
  // A function, not a string, as the replacement: "$&" in a value stays as it is.
  return index.includes("</head>")
    ? index.replace("</head>", () => `${element}</head>`)
    : `${index}${element}`;
}

// Serves the single-page app: hashed assets with long caching, pre-compressed when the client accepts it,
// index.html for every other page path. The service worker (issue 13) and the manifest are revalidated.
// Pages with their own meta (/shared/{token}: modules/sharing/preview-routes.ts) start from `index`.
// With `clientConfig` (the object GET /api/config answers), the pages carry it inlined (withInlineConfig).
export async function registerWeb(
  app: FastifyInstance,
  dist: string,
  clientConfig?: unknown,
): Promise<WebApp> {
  const index = withInlineConfig(readFileSync(join(dist, "index.html"), "utf8"), clientConfig);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // .br/.gz written at build time (vite.config.ts), chosen by Accept-Encoding, with Vary: accept-encoding.
    preCompressed: true,
    setHeaders(res, path) {
      const name = (path.split(/[\\/]/).pop() ?? "").replace(/\.(br|gz)$/, "");
      if (REVALIDATED.test(name)) {
        res.header("cache-control", "no-cache, max-age=0");
        return;
      }
      res.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return {
    index,
    spaIndex: (url) => (url.startsWith("/api/") || url.startsWith("/dev/") ? undefined : index),
  };
}
