import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";

// No route answers 500 to a bad body: malformed JSON, wrong types, missing fields, oversized bodies.
// Routes are read from the app itself, so a new route is covered the day it is added.
let t: TestApp;
let cookie: string;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const c = new TestClient(t.app, "10.7.0.1");
  await c.signUpConfirmed("fuzz@example.com");
  cookie = c.cookieHeader;
});
afterAll(() => t.close());

// better-auth's endpoints sit behind one wildcard route; name the ones the app uses.
const AUTH_ROUTES = [
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/sign-in/anonymous",
  "/api/auth/sign-in/social",
  "/api/auth/sign-out",
  "/api/auth/send-verification-email",
];

function bodyRoutes(app: TestApp["app"]) {
  const found = new Set<string>();
  const list: { method: string; url: string }[] = [];
  for (const r of app.routeTable) {
    for (const method of [r.method].flat()) {
      if (!["POST", "PUT", "PATCH", "DELETE"].includes(method) || r.url.includes("*")) continue;
      const url = r.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000");
      const key = `${method} ${url}`;
      if (!found.has(key)) list.push({ method, url });
      found.add(key);
    }
  }
  for (const url of AUTH_ROUTES) list.push({ method: "POST", url });
  return list;
}

const BAD_BODIES: [string, string, string][] = [
  ["malformed JSON", "application/json", '{"email": "a@b.c",'],
  ["a JSON string", "application/json", '"just a string"'],
  ["a JSON array", "application/json", "[1, 2, 3]"],
  ["null", "application/json", "null"],
  [
    "wrong types",
    "application/json",
    '{"email": 42, "password": [], "message": {}, "name": false, "type": 7}',
  ],
  ["missing fields", "application/json", "{}"],
  ["deeply nested", "application/json", `${"[".repeat(5000)}${"]".repeat(5000)}`],
  [
    "deeply nested fields",
    "application/json",
    `{"email": ${"[".repeat(3000)}${"]".repeat(3000)}, "password": ${'{"a":'.repeat(2000)}1${"}".repeat(2000)}}`,
  ],
  ["text body", "text/plain", "hello"],
  ["oversized", "application/json", JSON.stringify({ message: "x".repeat(2 * 1024 * 1024) })],
];

describe("every route with a body", () => {
  it("finds the routes", () => {
    routes.push(...bodyRoutes(t.app));
    expect(routes.length).toBeGreaterThanOrEqual(AUTH_ROUTES.length + 2);
  });

  for (const [name, type, payload] of BAD_BODIES) {
    it(`answers 4xx, never 5xx, to ${name}`, async () => {
      for (const r of routes) {
        for (const signedIn of [false, true]) {
          const res = await t.app.inject({
            method: r.method as "POST",
            url: r.url,
            payload,
            remoteAddress: `10.8.${routes.indexOf(r)}.${signedIn ? 2 : 1}`,
            headers: {
              "content-type": type,
              origin: "http://localhost:3000",
              ...(signedIn ? { cookie } : {}),
            },
          });
          expect(
            res.statusCode,
            `${r.method} ${r.url} (${signedIn ? "signed in" : "signed out"}): ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (
            res.statusCode >= 400 &&
            res.headers["content-type"]?.toString().includes("json") &&
            !r.url.startsWith("/api/auth/")
          ) {
            const body = res.json();
            expect(body.error?.message, `${r.method} ${r.url}`).toEqual(expect.any(String));
          }
        }
      }
    });
  }
});
