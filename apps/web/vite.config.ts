import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { schemaBound } from "./scripts/schema-bound";
import { APP_PAGES } from "./src/app/appPages";
import { type EarlyPlan, STORAGE_KEYS, startEarly } from "./src/boot/early";
import { LANGUAGES } from "./src/i18n/languages";

// Writes .br (quality 11) and .gz (level 9) beside each text asset so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on every request.
function precompress(): Plugin {
  return {
    name: "tabi-precompress",
    apply: "build",
    writeBundle(options) {
      const dir = options.dir ?? "dist";
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
        );
      for (const file of walk(dir).filter((f) => /\.(m?js|css|html|svg|json|webmanifest)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length <= 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * index.html's early script (src/boot/early.ts), with this build's catalogue files: the catalogues and
 * the first reads start with the page, not after the app's code has arrived (issue 28).
 */
function earlyStart(): Plugin {
  return {
    name: "tabi-early-start",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === "chunk");
        const file = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(module));
          if (!chunk) throw new Error(`early start: no chunk for ${module}`);
          return `/${chunk.fileName}`;
        };
        const serverTexts = file("/packages/contracts/src/i18n/en.json");
        const plan: EarlyPlan = { first: {}, trip: {}, intl: {}, keys: STORAGE_KEYS };
        for (const { code: lng, intl } of LANGUAGES) {
          plan.intl[lng] = intl;
          plan.first[lng] = [file(`/src/i18n/bundles/first-${lng}.ts`), serverTexts];
          plan.trip[lng] = [file(`/src/i18n/bundles/trip-${lng}.ts`)];
        }
        // After the head's meta elements (the charset within the first 1,024 bytes), before any
        // stylesheet's link: a script after one would wait for the stylesheet.
        if (!html.includes("</title>")) throw new Error("early start: index.html has no title");
        const script = `<script>(${startEarly.toString()})(${JSON.stringify(plan)});</script>`;
        return html.replace("</title>", () => `</title>\n    ${script}`);
      },
    },
  };
}

const BRAND = "#0f766e";

// Installable and usable offline (issue 13): the web app manifest, and a service worker (Workbox) that
// precaches the whole app (every chunk, every language, the map library and the built-in basemap) and
// keeps the raster map tiles seen. A new version waits for the user's "Reload" (registerType 'prompt',
// features/offline/UpdatePrompt). API data is not the worker's business: the query cache is kept in
// IndexedDB per user (lib/offline). /api and the dev mailbox (/dev) are never answered from the cache.
const pwa = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  manifest: {
    id: "/",
    name: "Tabi",
    short_name: "Tabi",
    description: "Plan one trip together: everyone's wishes, one fair itinerary.",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: BRAND,
    categories: ["travel"],
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  },
  workbox: {
    // Everything the app may need (the manifest is added by the plugin itself).
    globPatterns: ["**/*.{js,mjs,css,html,svg,png,json}"],
    globIgnores: ["**/*.map", ".vite/**", "**/node_modules/**"],
    // maplibre-gl is about 1.1 MB unpacked; the basemap's countries about 0.8 MB.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    cleanupOutdatedCaches: true,
    navigateFallback: "/index.html",
    // The shell answers only the app's own pages (app/router.tsx); every other navigation reaches the
    // server: the test checkout and its form posts, e-mail confirmation, unsubscribe and OAuth links,
    // downloads, the shared page with its link-preview meta, and whatever a later version adds.
    navigateFallbackAllowlist: APP_PAGES,
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/],
    runtimeCaching: [
      {
        // Raster tiles ({z}/{x}/{y}.png and the like) from whatever host TILE_URL names: the last
        // few thousand seen stay for a month, so the map of a trip opened once shows offline.
        urlPattern: ({ url }) =>
          !url.pathname.startsWith("/api/") && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
        handler: "CacheFirst",
        options: {
          cacheName: "tabi-map-tiles",
          expiration: { maxEntries: 4000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          // CORS answers only: an opaque one would count megabytes against the storage quota.
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

/**
 * How the build splits the app (issue 28 item 2): a first screen in a handful of files instead of a
 * hundred small ones.
 * - The entry and everything it imports statically: the libraries in one chunk, `vendor`, which changes
 *   seldom and stays cached across releases; the app's own code in `app` (and Rolldown's small runtime,
 *   which Vite always emits as a file of its own).
 * - The catalogues: a few files per language (src/i18n/bundles.ts), each its own dynamic import.
 * - What loads later (screens, dialogs, the map) is split by Rolldown as before, except that the small
 *   modules shared by later chunks (icons, helpers) go into one `later` chunk, not dozens of tiny ones.
 *   Zod and the modules that build schemas when evaluated (scripts/schema-bound.ts) go into `schemas`
 *   instead: the trip page loads `later` with its plan, and validates nothing while it opens.
 */
const chunkGroups = {
  groups: [
    {
      name: "vendor",
      test: /[\\/]node_modules[\\/]/,
      tags: ["$initial" as const],
      priority: 20,
    },
    // Not the entry module itself: it stays the entry chunk (index.html in the build manifest).
    {
      name: "app",
      test: (id: string) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
      tags: ["$initial" as const],
      priority: 10,
    },
    // `later` first: a group takes the modules its captured ones import, and a zod-free module imports
    // no schema-bound one, so `later` stays zod-free; `schemas` then takes the rest of what it needs.
    {
      name: "later",
      test: (id: string) => !/\.json$/.test(id) && !/maplibre-gl/.test(id) && !schemaBound(id),
      minShareCount: 2,
      maxModuleSize: 16 * 1024,
      priority: 2,
    },
    {
      name: "schemas",
      test: schemaBound,
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, earlyStart(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true }, "/dev": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: chunkGroups } },
  },
});
