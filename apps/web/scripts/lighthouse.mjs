// Lighthouse 12 in mobile mode (its default: simulated slow 4G, a 4× slower CPU, a phone's screen) on the
// sign-in, home and trip pages of the built app (issue 28 item 5).
//
// Starts the built server on a free port with an empty data directory and creates a guest with a trip
// in Kyoto, eight places and an optimised plan (seeded-app.mjs, as page-size.mjs does), then runs
// Lighthouse on each page with the session cookie and prints a table.
//
// Usage (after `npm run build` at the root):
//   npm run lighthouse -w apps/web [-- --runs 3] [-- --url http://localhost:3000] [-- --json out.json]
//   --runs N   runs per page, the median run (by performance score) is printed (default 1)
//   --url U    use a server already running at U instead of starting one
//   --json F   also write every run's figures to F
//   --reports D  write each run's Lighthouse report (JSON) into the directory D
//   --only P   only these pages (comma-separated: sign-in,home,trip)
//   --dist D   serve this built web app instead of apps/web/dist (a copy other builds cannot change mid-run)
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. The machine's load (uptime) is printed with the table:
// Lighthouse's CPU figures move with it.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { seed, startServer } from "./seeded-app.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(opt("runs", "1"));
const jsonOut = opt("json");
const lhrDir = opt("reports");

const median = (xs, by) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor((xs.length - 1) / 2)];

async function main() {
  const server = opt("url")
    ? { base: opt("url").replace(/\/$/, ""), stop() {} }
    : await startServer({ dist: opt("dist") });
  // A fresh browser per run: runs in one browser sometimes ended without a paint (NO_FCP).
  const launch = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // WebGL through SwiftShader, so the map draws instead of failing at once.
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        // Extra switches for an experiment (e.g. --force-prefers-reduced-motion), space-separated.
        ...(process.env.LIGHTHOUSE_CHROME_FLAGS?.split(" ").filter(Boolean) ?? []),
      ],
    });
  try {
    const { cookie, tripId } = await seed(server.base);
    const only = opt("only");
    const pages = [
      ["sign-in", "/", ""],
      ["home", "/", cookie],
      ["trip", `/trip/${tripId}`, cookie],
    ].filter(([name]) => !only || only.split(",").includes(name));
    const all = [];
    const rows = [];
    for (const [name, path, session] of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const chrome = await launch();
        const r = await lighthouse(`${server.base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(session ? { extraHeaders: { Cookie: session } } : {}),
        }).finally(() => chrome.kill());
        if (lhrDir) writeFileSync(join(lhrDir, `${name}-${i + 1}.json`), r.report);
        const a = r.lhr.audits;
        if (r.lhr.runtimeError) console.error(name, r.lhr.runtimeError.message);
        const row = {
          page: name,
          score: Math.round((r.lhr.categories.performance.score ?? 0) * 100),
          fcp: a["first-contentful-paint"].numericValue,
          lcp: a["largest-contentful-paint"].numericValue,
          tbt: a["total-blocking-time"].numericValue,
          si: a["speed-index"].numericValue,
          tti: a.interactive?.numericValue,
          requests: a["network-requests"].details?.items?.length ?? 0,
          bytes: a["total-byte-weight"].numericValue,
          longTasks: (a["long-tasks"]?.details?.items ?? [])
            .slice(0, 5)
            .map((t) => `${Math.round(t.duration)}ms ${String(t.url).replace(server.base, "")}`),
        };
        results.push(row);
        all.push(row);
      }
      rows.push(median(results, (r) => r.score));
    }
    const s = (ms) => (ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`);
    const [l1, l5, l15] = loadavg();
    console.log(
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (simulated slow 4G, 4× CPU), ${runs} run(s) per page${runs > 1 ? ", median by score" : ""}; load ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}`,
    );
    console.log("| page | score | FCP | LCP | TBT | Speed Index | TTI | requests | KB |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of rows)
      console.log(
        `| ${r.page} | ${r.score} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${s(r.si)} | ${s(r.tti)} | ${r.requests} | ${(r.bytes / 1024).toFixed(0)} |`,
      );
    for (const r of rows)
      if (r.longTasks.length) console.log(`${r.page}: longest tasks ${r.longTasks.join(", ")}`);
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(all, null, 2));
  } finally {
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
