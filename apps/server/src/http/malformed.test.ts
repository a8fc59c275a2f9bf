import { CONTROL_CHARACTER_MESSAGE, INVALID_DATE_MESSAGE } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { TestClient } from "../test/client";
import { client, createTrip, futureDate, inviteCode, join, registered } from "../test/fixtures";

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

// Issue 11 item 5: each of these answered 500 (or, for the blank guest name, was accepted).
describe("bad input seen in review", () => {
  const NUL = "a\u0000b";

  async function ownerWithTrip() {
    const owner = await registered(t.app, `owner-${Math.random()}@example.com`);
    const trip = await createTrip(owner);
    return { owner, trip };
  }

  it("a NUL in a text field is a 400 with a clear message, on every route that takes text", async () => {
    const { owner, trip } = await ownerWithTrip();
    const place = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Kinkaku-ji",
      latitude: 35.0394,
      longitude: 135.7292,
    });
    expect(place.statusCode).toBe(201);
    const placeId = place.json().place?.id ?? place.json().id;
    const cases: [string, string, unknown][] = [
      ["POST", "/api/trips", { departureLocation: NUL, startDate: futureDate(30) }],
      ["PATCH", `/api/trips/${trip.id}`, { name: NUL }],
      ["POST", `/api/trips/${trip.id}/places`, { name: NUL, latitude: 35, longitude: 135 }],
      ["PATCH", `/api/trips/${trip.id}/places/${placeId}`, { notes: NUL }],
      ["POST", "/api/feedback", { message: NUL }],
      ["POST", "/api/auth/sign-in/anonymous", { name: NUL }],
      ["POST", "/api/auth/sign-in/email", { email: "a@b.c", password: NUL }],
    ];
    for (const [method, url, body] of cases) {
      const res = await owner.request(method as "POST", url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    const search = await owner.get(`/api/places/search?q=${encodeURIComponent(NUL)}`);
    expect(search.statusCode).toBe(400);
  });

  it("an empty member change is a 400, not an UPDATE with no columns", async () => {
    const { owner, trip } = await ownerWithTrip();
    const member = await registered(t.app, `member-${Math.random()}@example.com`);
    expect((await join(member, await inviteCode(owner, trip.id))).statusCode).toBe(200);
    const res = await owner.request("PATCH", `/api/trips/${trip.id}/members/${member.id}`, {});
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe("Nothing to change");
  });

  it("JSON nested 20,000 deep is a 400 on better-auth's routes too", async () => {
    const deep = `{"email": ${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}, "password": "x"}`;
    for (const url of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/trips"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: deep,
        remoteAddress: "10.9.0.1",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe("The request body is nested too deeply");
    }
  });

  it("a date that does not exist is a 400 with a message", async () => {
    const c = await registered(t.app, `dates-${Math.random()}@example.com`);
    for (const startDate of ["2026-13-45", "2027-02-29", "2026-00-10"]) {
      const res = await c.post("/api/trips", { departureLocation: "Kyoto", startDate });
      expect(res.statusCode, `${startDate}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toBe(INVALID_DATE_MESSAGE);
    }
  });

  it("a blank guest name is refused with the spec's rule, not replaced by 'Guest'", async () => {
    for (const name of ["", "   "]) {
      const res = await client(t.app).guest(name);
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(400);
      expect(res.body).toContain("Please enter a name");
    }
  });

  it("validation messages carry no field prefix", async () => {
    const c = await registered(t.app, `prefix-${Math.random()}@example.com`);
    const res = await c.post("/api/trips", { departureLocation: " ", startDate: futureDate(30) });
    expect(res.json().error.message).toBe("Departure location is required");
  });
});
