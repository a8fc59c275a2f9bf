import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Drives the built app (npm run build) in Debian's Chromium, against a throwaway data dir.
// A random port unless given, so a second run on the machine does not collide; workers inherit it.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "tabi-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// The outbox at /dev/mail answers only with its token (decision 0006); the helpers send this one.
process.env.E2E_DEV_MAIL_TOKEN ??= `e2e-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-unsafe-swiftshader",
  ],
};

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    // The service worker precaches the whole app (4 MB) in every new context: only the specs about it
    // (offline, pwa) let it run, the others test the app itself without that load.
    serviceWorkers: "block",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 }, launchOptions: chromium },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: "npm start --silent -w @tabi/server",
    cwd: "..",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      TABI_DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      DEV_MAIL_TOKEN: process.env.E2E_DEV_MAIL_TOKEN,
      AUTH_SIGNUP_PER_MINUTE: "30",
      AUTH_SIGNIN_PER_MINUTE: "30",
    },
  },
});
