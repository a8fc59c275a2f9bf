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
    // run the app"); a spec that needs it off says why. (E2E_SERVICE_WORKERS=block only to compare costs.)
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === "block" ? "block" : "allow",
    // Reduced motion, as a user may choose it: the shell's decorative background drifts forever, and
    // software rendering in headless Chromium spends a whole core per open page on it (measured: 20.7
    // CPU seconds over 20 s idle on the sign-in page, 0.19 with reduced motion), which starved the other
    // worker into time-outs. shell.spec.ts checks the animation with motion and without.
    reducedMotion: "reduce",
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
