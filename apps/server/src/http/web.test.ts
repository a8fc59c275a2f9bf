import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";
import { INLINE_CONFIG_ID, registerWeb, withInlineConfig } from "./web";

// With the built web app served, API errors keep their shape and page paths get index.html.
let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), "tabi-dist-"));
const BIG = "export const words = 'tabi';\n".repeat(500);
const THEME = 'document.documentElement.classList.toggle("dark", true);';

beforeAll(async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    `<!doctype html><title>Tabi</title><script>${THEME}</script><body>Tabi test shell</body>`,
  );
  writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
  writeFileSync(join(dist, "assets", "big-abc123.js"), BIG);
  writeFileSync(join(dist, "assets", "big-abc123.js.br"), brotliCompressSync(BIG));
  writeFileSync(join(dist, "assets", "big-abc123.js.gz"), gzipSync(BIG));
  writeFileSync(join(dist, "robots.txt"), "User-agent: *");
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(dist, "workbox-6b95745d.js"), "define([], () => {});");
  writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Tabi", start_url: "/" }));
  t = await createTestApp({ WEB_DIST_DIR: dist }, { serveWeb: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it("answers API errors in the one error shape (regression: handler bound before routes)", async () => {
  const c = new TestClient(t.app, "10.6.0.1");
  const res = await c.post("/api/feedback", { message: "" });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message: expect.any(String) } });
  const unauthorized = await c.get("/api/trips");
  expect(unauthorized.json()).toEqual({
    error: { code: "UNAUTHORIZED", message: "Authentication required" },
  });
});

it("serves index.html for client-side routes and caches hashed assets for good", async () => {
  for (const path of ["/", "/my-trip/chat", "/trip/123", "/shared/abc"]) {
    const res = await t.app.inject({ method: "GET", url: path });
    expect(res.statusCode, path).toBe(200);
    expect(res.body).toContain("Tabi test shell");
  }
  const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
  expect(asset.headers["cache-control"]).toContain("immutable");
  expect((await t.app.inject({ method: "GET", url: "/api/nowhere" })).json().error.code).toBe("NOT_FOUND");
});

it("sends the build's brotli or gzip file as the client accepts, else the plain one, always with Vary", async () => {
  const get = (encoding?: string) =>
    t.app.inject({
      method: "GET",
      url: "/assets/big-abc123.js",
      headers: encoding ? { "accept-encoding": encoding } : {},
    });
  const br = await get("gzip, deflate, br");
  expect(br.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
  const gz = await get("gzip");
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
  const plain = await get("identity");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body).toBe(BIG);
  for (const res of [br, gz, plain]) {
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  // Unhashed files revalidate: no-cache with an ETag.
  const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
  expect(robots.headers["cache-control"]).toBe("no-cache");
  expect(robots.headers.etag).toBeDefined();
});

it("serves the service worker and the manifest fresh, with their types, under a CSP that allows them", async () => {
  for (const [url, type] of [
    ["/sw.js", "javascript"],
    ["/workbox-6b95745d.js", "javascript"],
    ["/manifest.webmanifest", "application/manifest+json"],
  ] as const) {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers["content-type"], url).toContain(type);
    // Never from the HTTP cache: a stale worker would hold every new version back.
    expect(res.headers["cache-control"], url).toBe("no-cache, max-age=0");
  }
  const csp = String((await t.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
  const directive = (name: string) =>
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name)
      ?.slice(1);
  // The worker is a same-origin script; the manifest falls under default-src when manifest-src is absent.
  expect(directive("worker-src")).toContain("'self'");
  expect(directive("script-src")).toContain("'self'");
  expect(directive("manifest-src") ?? directive("default-src")).toContain("'self'");
  // The worker fetches map tiles from the tile host (https) and the API on our origin.
  expect(directive("connect-src")).toEqual(expect.arrayContaining(["'self'", "https:"]));
});

it("never answers the API or the dev mailbox with the app's page (the worker's fallback excludes them too)", async () => {
  const api = await t.app.inject({ method: "GET", url: "/api/nowhere" });
  expect(api.headers["content-type"]).toContain("application/json");
  const dev = await t.app.inject({ method: "GET", url: "/dev/nowhere" });
  expect(dev.body).not.toContain("Tabi test shell");
});

it("inlines the client config into index.html when given it, as inert JSON that cannot close its element", async () => {
  const config = {
    productName: "Tabi",
    supportEmail: "a</script><script>alert(1)</script>$&@x.y",
    googleSignIn: false,
  };
  const page = withInlineConfig("<!doctype html><head><title>Tabi</title></head><body></body>", config);
  const match = new RegExp(
    `<script id="${INLINE_CONFIG_ID}" type="application/json">(.*?)</script></head>`,
  ).exec(page);
  expect(match).not.toBeNull();
  expect(JSON.parse(match![1]!)).toEqual(config);
  expect(page).not.toContain("<script>alert");
  expect(withInlineConfig("<p>x</p>", undefined)).toBe("<p>x</p>");
  // A page without a head (the test shell below) keeps its doctype first.
  expect(withInlineConfig("<!doctype html><p>x</p>", {}).startsWith("<!doctype html><p>x</p><script")).toBe(
    true,
  );

  // registerWeb serves it on every page path and hands it to the pages built from index.html.
  const app = Fastify();
  const web = await registerWeb(app, dist, { productName: "Tabi" });
  expect(web.index).toContain(
    `<script id="${INLINE_CONFIG_ID}" type="application/json">{"productName":"Tabi"}</script>`,
  );
  expect(web.index).toContain("Tabi test shell");
  expect(web.spaIndex("/trip/1")).toBe(web.index);
  expect(web.spaIndex("/api/x")).toBeUndefined();
  await app.close();
});

it("allows the page's inline script by its hash, and no other inline script", async () => {
  const res = await t.app.inject({ method: "GET", url: "/trip/123" });
  const scripts = String(res.headers["content-security-policy"])
    .split(";")
    .find((d) => d.trim().startsWith("script-src"));
  const hash = createHash("sha256").update(THEME).digest("base64");
  expect(scripts?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  // The inlined client config is JSON the browser does not run: no hash for it.
  expect(res.body).toContain(`<script id="${INLINE_CONFIG_ID}" type="application/json">`);
});
