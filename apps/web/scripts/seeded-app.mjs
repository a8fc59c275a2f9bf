// The built app on a fresh data folder, and a guest with a Kyoto trip in it: what the page
// measurements (page-size.mjs, lighthouse.mjs) load. Run `npm run build` at the root first.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const SERVER = new URL("../../server/dist/main.js", import.meta.url).pathname;

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** apps/server/dist/main.js on a free port (serving `dist` when given); `stop()` ends it and its data. */
export async function startServer({ dist } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tabi-pages-"));
  const child = spawn(process.execPath, [SERVER], {
    cwd: resolve(SERVER, "../.."),
    env: {
      ...process.env,
      TABI_DATA_DIR: dataDir,
      PORT: String(port),
      ...(dist ? { WEB_DIST_DIR: dist } : {}),
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
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

const PLACES = [
  ["Kinkaku-ji", 35.0394, 135.7292],
  ["Fushimi Inari Taisha", 34.9671, 135.7727],
  ["Kiyomizu-dera", 34.9949, 135.785],
  ["Arashiyama Bamboo Grove", 35.017, 135.6713],
  ["Nishiki Market", 35.005, 135.7649],
  ["Ginkaku-ji", 35.027, 135.7982],
  ["Nijo Castle", 35.0142, 135.7481],
  ["Yasaka Shrine", 35.0037, 135.7788],
];

/** A guest with a two-day trip in Kyoto, eight places and an optimised plan: the session cookie and trip id. */
export async function seed(base) {
  let cookie = "";
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { origin: base, cookie, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(";")[0]).join("; ");
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call("POST", "/api/auth/sign-in/anonymous", { name: "Aiko" });
  const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
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
  for (const [name, latitude, longitude] of PLACES)
    await call("POST", `/api/trips/${trip.id}/places`, { name, latitude, longitude });
  await call("POST", `/api/trips/${trip.id}/optimizations`, {});
  for (let i = 0; i < 200; i++) {
    if ((await call("GET", `/api/trips/${trip.id}/optimizations/active`)).result) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return { cookie, tripId: trip.id };
}
