import { defineConfig, devices } from "@playwright/test";

// Drives the built app (npm run build) in Debian's Chromium. Each worker starts its own server with a
// fresh data folder (tests/fixtures.ts), so the suite runs on two workers, one per core.
// The outbox at /dev/mail answers only with its token (decision 0006); every server gets this one.
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
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    trace: "retain-on-failure",
    // The service worker runs, as users have it after their first visit (DESIGN.md, "Testing as users
    // run the app"); a spec that needs it off says why.
    serviceWorkers: "allow",
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
});
