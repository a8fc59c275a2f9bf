import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";

// With the built web app served, API errors keep their shape and page paths get index.html.
let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), "tabi-dist-"));
const BIG = "export const words = 'tabi';\n".repeat(500);

beforeAll(async () => {
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Tabi test shell</title>");
  writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log(1)");
  writeFileSync(join(dist, "assets", "big-abc123.js"), BIG);
  writeFileSync(join(dist, "assets", "big-abc123.js.br"), brotliCompressSync(BIG));
  writeFileSync(join(dist, "assets", "big-abc123.js.gz"), gzipSync(BIG));
  writeFileSync(join(dist, "robots.txt"), "User-agent: *");
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
