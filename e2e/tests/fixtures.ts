import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect } from "@playwright/test";

// Each Playwright worker drives its own server: its own port, data folder (a fresh embedded database)
// and copy of the built web app (the PWA spec deploys a new sw.js into it). Workers then never see each
// other's trips, mails or service workers, and the suite runs on as many workers as the machine has
// cores (issue 25 item 7). The server is started as `npm start` starts it (the built dist/main.js).

const ROOT = join(import.meta.dirname, "..", "..");
const SERVER_DIR = join(ROOT, "apps", "server");
const WEB_DIST = join(ROOT, "apps", "web", "dist");

export interface E2eServer {
  url: string;
  port: number;
  dataDir: string;
  webDistDir: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the e2e server did not answer /api/health within 90 s:\n${log()}`);
}

/**
 * The app's default place search asks OpenStreetMap's Photon first when it answers (issue 25 item 3).
 * The tests keep the default and never reach the internet: each worker's servers ask this stand-in,
 * which knows no places, so every answer comes from the gazetteer shipped with the app, as offline,
 * through the same code path. Server tests cover Photon's own answers and failures.
 */
async function photonStandIn(): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "FeatureCollection", features: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
let photon: Promise<{ url: string; server: Server }> | undefined;

/** The environment every e2e server gets; specs may add to it (startServer's `env`). */
export function serverEnv(port: number, dataDir: string, webDistDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    TABI_DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    DEV_MAIL_TOKEN: process.env.E2E_DEV_MAIL_TOKEN,
    // One worker's server takes every guest its specs make (twice this per minute for guests): at 30,
    // a burst of specs making friends ran into the limit in CI (trips.spec's five-member trip).
    AUTH_SIGNUP_PER_MINUTE: "60",
    AUTH_SIGNIN_PER_MINUTE: "60",
  };
}

/** Starts a server like `npm start` does, on a free port with a fresh data folder; stop() removes it. */
export async function startServer(env: NodeJS.ProcessEnv = {}) {
  photon ??= photonStandIn();
  const photonUrl = (await photon).url;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "tabi-e2e-data-"));
  const webDistDir = mkdtempSync(join(tmpdir(), "tabi-e2e-web-"));
  cpSync(WEB_DIST, webDistDir, { recursive: true });
  let output = "";
  const child = spawn(
    process.execPath,
    ["--liftoff-only", "--max-semi-space-size=2", join(SERVER_DIR, "dist", "main.js")],
    {
      cwd: SERVER_DIR,
      // MALLOC_ARENA_MAX as `npm start` sets it (decision 0001).
      env: { ...serverEnv(port, dataDir, webDistDir), PHOTON_URL: photonUrl, MALLOC_ARENA_MAX: "2", ...env },
      stdio: "pipe",
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    port,
    dataDir,
    webDistDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { server: E2eServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for.
    async ({}, use) => {
      const server = await startServer();
      // The PWA spec writes a new sw.js into this worker's copy of the web app.
      process.env.WEB_DIST_DIR = server.webDistDir;
      await use(server);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect };
