// What the pages cost over the wire (issue 28), in two parts.
// 1. From the build manifest (no browser): the files a page pulls in, following the entry through the
//    chunks it mounts (with their dynamic imports and assets: maplibre-gl, its worker, the basemap), raw,
//    gzip'd and brotli'd (the server sends the build's .br/.gz files).
// 2. In Chromium (Playwright), per page (sign-in, home, trip) and language (en, ja, ko, zh): the requests
//    and the bytes on the wire (Resource Timing transferSize: compressed bodies and headers) to the app's
//    own origin (map tiles from the tile host are counted apart: "+ N tiles") until `load`
//    and until the page's content is on screen, on a cold load (empty cache, no service worker: the
//    worker's precache downloads the whole app after the first screen, which is not the first screen's
//    cost). Starts the built server (apps/server/dist/main.js, serving dist/) on a free port with an
//    empty data folder and a guest with a trip of eight places and a plan.
// Usage: node scripts/page-size.mjs [dist dir] [--no-browser] [--list] [--url http://localhost:3000]
//   --list: every request of the English loads (when it ended, KB on the wire) on stderr
//   (after `npm run build` at the root; Chromium: CHROMIUM_PATH, else /usr/bin/chromium-headless-shell)
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { SERVER, seed, startServer } from "./seeded-app.mjs";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--url"));
const dist = resolve(positional[0] ?? new URL("../dist/", import.meta.url).pathname);
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

// ---- 1. From the build manifest ----

/** Files a set of manifest keys pulls in with their static imports (their CSS and assets too). */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizes = (files) => {
  let raw = 0;
  let gz = 0;
  let br = 0;
  let jsBr = 0;
  for (const file of files) {
    const body = readFileSync(join(dist, file));
    const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += b;
    if (/\.m?js$/.test(file)) jsBr += b;
  }
  return { raw, gz, br, jsBr };
};

const key = (pattern) => Object.keys(manifest).find((k) => pattern.test(k));
const keys = (...patterns) => patterns.map(key).filter(Boolean);
const signIn = keys(/^index\.html$/, /i18n\/bundles\/first-en\.ts$/, /contracts\/src\/i18n\/en\.json$/);
// The trip page opens on the map: the trip's catalogues, the plan's chunk, the map chunk, maplibre-gl,
// its worker and style, and the built-in basemap's data.
const trip = [
  ...signIn,
  ...keys(/i18n\/bundles\/trip-en\.ts$/, /itinerary\/ItineraryView\.tsx$/, /itinerary\/TripMap\.tsx$/),
  ...Object.keys(manifest).filter((k) => /node_modules\/(maplibre-gl|world-atlas)\//.test(k)),
];
const pages = {
  "sign-in page (English)": closure(signIn),
  "trip page (map view, English)": closure(trip),
  "trip page, calendar opened": closure([...trip, ...keys(/itinerary\/CalendarView\.tsx$/)]),
};
const kb = (n) => (n / 1024).toFixed(1);
console.log("From the build: the files a page pulls in (no browser)");
console.log("");
console.log("| page | files | raw KB | gzip KB | brotli KB | of which JavaScript, brotli KB |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [name, files] of Object.entries(pages)) {
  const s = sizes(files);
  console.log(`| ${name} | ${files.size} | ${kb(s.raw)} | ${kb(s.gz)} | ${kb(s.br)} | ${kb(s.jsBr)} |`);
}

// ---- 2. In Chromium ----

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
if (args.includes("--no-browser")) process.exit(0);
if (!existsSync(CHROMIUM) || (!opt("url") && !existsSync(SERVER))) {
  console.log(
    `\n(no browser measurement: needs ${CHROMIUM} and the built server, npm run build at the root)`,
  );
  process.exit(0);
}
const { chromium } = await import("playwright");

const LOCALES = { en: "en-US", ja: "ja-JP", ko: "ko-KR", zh: "zh-CN" };

/** One cold load: requests and bytes until `load` and until `content` shows. */
async function measure(browser, base, path, language, cookie, content) {
  const context = await browser.newContext({
    locale: LOCALES[language],
    serviceWorkers: "block",
    reducedMotion: "reduce",
  });
  if (cookie)
    await context.addCookies(
      cookie.split("; ").map((c) => {
        const at = c.indexOf("=");
        return { name: c.slice(0, at), value: c.slice(at + 1), url: base };
      }),
    );
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("response", (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  try {
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    // Checked in the page on every frame, so the time is when the content showed, not when a poll
    // from here noticed it (Playwright's polls are up to 500 ms apart).
    const contentAt = await page
      .waitForFunction(
        (content) => {
          const shown = (e) => {
            const r = e?.getBoundingClientRect();
            return r && r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
          };
          const all = content.every(({ css, text }) =>
            text
              ? [...document.querySelectorAll(css)].some((e) => shown(e) && e.innerText.includes(text))
              : [...document.querySelectorAll(css)].some(shown),
          );
          return all && performance.now();
        },
        content,
        { polling: "raf", timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue())
      .catch(async (err) => {
        const shown = (
          await page
            .locator("body")
            .innerText()
            .catch(() => "")
        ).slice(0, 300);
        throw new Error(`${path} (${language}): ${err.message}\nshown: ${shown}\n${problems.join("\n")}`);
      });
    // Whatever else the page starts on its own in the next moments (prefetches) is counted apart.
    await page.waitForTimeout(1500);
    return await page.evaluate((contentAt) => {
      const [nav] = performance.getEntriesByType("navigation");
      const entries = [nav, ...performance.getEntriesByType("resource")];
      const own = (e) => e.name.startsWith(location.origin);
      const upTo = (t) => {
        const done = entries.filter((e) => e.responseEnd <= t && own(e));
        return {
          requests: done.length,
          elsewhere: entries.filter((e) => e.responseEnd <= t && !own(e)).length,
          kb: done.reduce((s, e) => s + (e.transferSize || 0), 0) / 1024,
          js: done.filter((e) => /\.m?js(\?|$)/.test(e.name)).length,
        };
      };
      const all = entries.map((e) => [Math.round(e.responseEnd), (e.transferSize || 0) / 1024, e.name]);
      const after = entries.filter((e) => e.responseEnd > contentAt && own(e));
      return {
        loadMs: nav.loadEventStart,
        contentMs: contentAt,
        load: upTo(nav.loadEventStart),
        content: upTo(contentAt),
        later: after.map((e) => new URL(e.name).pathname),
        all,
      };
    }, contentAt);
  } finally {
    await context.close();
  }
}

const server = opt("url") ? { base: opt("url").replace(/\/$/, ""), stop() {} } : await startServer({ dist });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--enable-unsafe-swiftshader"],
});
try {
  const { cookie, tripId } = await seed(server.base);
  const targets = [
    // The sign-in form; home: the trip's card; the trip: its header and its plan's pins (the map's
    // picture, decision 0026), then with the interactive map (MapLibre, started once the page is idle).
    ["sign-in", "/", "", [{ css: "main form input[type=email]" }]],
    ["home", "/", cookie, [{ css: "main", text: "Kyoto in autumn" }]],
    [
      "trip",
      `/trip/${tripId}`,
      cookie,
      [{ css: "main", text: "Kyoto in autumn" }, { css: "main [data-map-preview] circle" }],
    ],
    [
      "trip, interactive map",
      `/trip/${tripId}`,
      cookie,
      [{ css: "main", text: "Kyoto in autumn" }, { css: "main .maplibregl-canvas" }],
    ],
  ];
  const [l1, l5, l15] = loadavg();
  console.log("");
  console.log(
    `In Chromium (${CHROMIUM}), cold loads from ${server.base}, no service worker; load ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}`,
  );
  console.log("");
  console.log(
    "| page | language | until load: requests (JS files), KB | until content: requests (JS files), KB | load, content ms | own files fetched in the 1.5 s after content |",
  );
  console.log("|---|---|---:|---:|---:|---|");
  for (const [name, path, session, content] of targets)
    for (const language of Object.keys(LOCALES)) {
      // One more try when a load does not show its content (a busy machine): said, not hidden.
      const m = await measure(browser, server.base, path, language, session, content).catch((err) => {
        console.error(`retrying once: ${err.message}`);
        return measure(browser, server.base, path, language, session, content);
      });
      const cell = (x) =>
        `${x.requests} (${x.js}), ${x.kb.toFixed(1)}${x.elsewhere ? ` + ${x.elsewhere} tiles` : ""}`;
      if (args.includes("--list") && language === "en")
        console.error(
          `${name}: load ${Math.round(m.loadMs)} ms, content ${Math.round(m.contentMs)} ms\n${m.all.map(([t, kb, url]) => `  ${t} ms  ${kb.toFixed(1)} KB  ${url.replace(server.base, "")}`).join("\n")}`,
        );
      const later = m.later.filter((p) => !p.startsWith("/api/"));
      console.log(
        `| ${name} | ${language} | ${cell(m.load)} | ${cell(m.content)} | ${Math.round(m.loadMs)}, ${Math.round(m.contentMs)} | ${later.length ? `${later.length}: ${later.map((p) => p.replace("/assets/", "")).join(" ")}` : "-"} |`,
      );
    }
} finally {
  await browser.close();
  server.stop();
}
