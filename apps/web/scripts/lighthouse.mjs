// Lighthouse 12 in mobile mode (its default: simulated slow 4G, a 4× slower CPU, a phone's screen) on the
// sign-in, home and trip pages of the built app (issue 28 item 5).
//
// Starts the built server (apps/server/dist/main.js, serving apps/web/dist) on a free port with an empty
// data directory, creates a guest with a trip in Kyoto, eight places and an optimised plan through the
// API, then runs Lighthouse on each page with the session cookie and prints a table.
//
// Usage (after `npm run build` at the root):
//   npm run lighthouse -w apps/web [-- --runs 3] [-- --url http://localhost:3000] [-- --json out.json]
//   --runs N   runs per page, the median run (by performance score) is printed (default 1)
//   --url U    use a server already running at U instead of starting one
//   --json F   also write every run's figures to F
//   --reports D  write each run's Lighthouse report (JSON) into the directory D
//   --only P   only these pages (comma-separated: sign-in,home,trip)
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. The machine's load (uptime) is printed with the table:
// Lighthouse's CPU figures move with it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(opt("runs", "1"));
const jsonOut = opt("json");
const lhrDir = opt("reports");

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tabi-lh-"));
  const serverDir = resolve(here, "../../server");
  const child = spawn(process.execPath, ["dist/main.js"], {
    cwd: serverDir,
    env: { ...process.env, TABI_DATA_DIR: dataDir, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/config`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop() {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A guest with a two-day trip in Kyoto, eight places and an optimised plan: the session cookie and trip id. */
export async function seed(base) {
  let cookie = "";
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        cookie,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(";")[0]).join("; ");
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call("POST", "/api/auth/sign-in/anonymous", { name: "Aiko" });
  const day = (n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const { trip } = await call("POST", "/api/trips", {
    name: "Kyoto in autumn",
    departureLocation: "Kyoto Station",
    departureLatitude: 34.9858,
    departureLongitude: 135.7588,
    destination: "Kyoto",
    destinationLatitude: 35.0116,
    destinationLongitude: 135.7681,
    startDate: day(30),
    endDate: day(31),
  });
  const places = [
    ["Kinkaku-ji", 35.0394, 135.7292],
    ["Fushimi Inari Taisha", 34.9671, 135.7727],
    ["Kiyomizu-dera", 34.9949, 135.785],
    ["Arashiyama Bamboo Grove", 35.017, 135.6713],
    ["Nishiki Market", 35.005, 135.7649],
    ["Ginkaku-ji", 35.027, 135.7982],
    ["Nijo Castle", 35.0142, 135.7481],
    ["Yasaka Shrine", 35.0037, 135.7788],
  ];
  for (const [name, latitude, longitude] of places)
    await call("POST", `/api/trips/${trip.id}/places`, { name, latitude, longitude });
  await call("POST", `/api/trips/${trip.id}/optimizations`, {});
  for (let i = 0; i < 200; i++) {
    if ((await call("GET", `/api/trips/${trip.id}/optimizations/active`)).result) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return { cookie, tripId: trip.id };
}

const median = (xs, by) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor((xs.length - 1) / 2)];

async function main() {
  const server = opt("url") ? { base: opt("url").replace(/\/$/, ""), stop() {} } : await startServer();
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
