import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { serviceWorkerControls, shot } from "./helpers";

// Issue 13 item 3: installable (a manifest with name, icons, maskable too, colours and start URL; a
// service worker), the app shell precached, /api and the dev mailbox never answered from the cache,
// and an "Update available" prompt when a new version is deployed.

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test("installable: the manifest, its icons and a service worker that controls the page @phone", async ({
  page,
  request,
}, info) => {
  await page.goto("/");
  const href = await page.locator("link[rel=manifest]").getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await request.get(href!);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: "Tabi",
    short_name: "Tabi",
    start_url: "/",
    display: "standalone",
    theme_color: "#0f766e",
  });
  expect(manifest.background_color).toBeTruthy();
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const [size, purpose] of [
    [192, "any"],
    [512, "any"],
    [512, "maskable"],
  ] as const) {
    const icon = icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
    expect(icon, `${size} ${purpose}`).toBeTruthy();
    const png = await request.get(icon!.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await png.body())).toEqual([size, size]);
  }
  await expect(page.locator("link[rel=apple-touch-icon]")).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(page.locator("meta[name=theme-color]")).toHaveAttribute("content", "#0f766e");

  const sw = await request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toContain("no-cache");
  await serviceWorkerControls(page);
  // Chromium's own verdict: nothing stands in the way of installing the app.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // (Playwright's contexts are incognito ones, where Chromium never offers to install.)
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
  await shot(page, info, "pwa-installable");
});

test("offline, the app shell comes from the cache but /api and /dev never do", async ({ page, context }) => {
  await page.goto("/");
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await page.reload();
  // The app itself started (from the worker's cache) and says it is offline.
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
  const api = await page.evaluate(() =>
    fetch("/api/health").then(
      (r) => `answered ${r.status}`,
      () => "no answer",
    ),
  );
  expect(api).toBe("no answer");
  await expect(page.goto("/dev/mail")).rejects.toThrow();
  await expect(page.goto("/api/config")).rejects.toThrow();
  await context.setOffline(false);
});

test("a new version deployed: 'Update available', and Reload switches to it", async ({ page }) => {
  await page.goto("/");
  await serviceWorkerControls(page);
  const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  // A deploy: the server now has another sw.js (the browser fetches the worker itself, which
  // page.route cannot intercept, so the served file changes for a moment; it is put back after).
  const dist = process.env.WEB_DIST_DIR ?? join(import.meta.dirname, "../../apps/web/dist");
  const file = join(dist, "sw.js");
  const deployed = readFileSync(file, "utf8");
  try {
    writeFileSync(file, `${deployed}\n// the next version\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole("listitem").filter({ hasText: "Update available" });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText("A new version of Tabi is ready.");
    // Nothing happens until the user says so: the old version keeps the page meanwhile.
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state)),
    ).toBe("installed");
    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload" }).click();
    await reloaded;
  } finally {
    writeFileSync(file, deployed);
  }
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return Boolean(r?.active && !r.waiting && navigator.serviceWorker.controller);
      }),
    )
    .toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(before);
  await expect(page.getByRole("listitem").filter({ hasText: "Update available" })).toHaveCount(0);
});
