import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("GET /api/health answers with the database kind and migration state", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/health" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    status: "ok",
    database: process.env.DATABASE_URL ? "postgres" : "pglite",
    migrations: { upToDate: true, latest: expect.stringMatching(/^\d{4}_/) },
  });
});

it("every /api route declares a guard", () => {
  const unguarded = t.app.routeTable.filter(
    (r) =>
      r.url.startsWith("/api/") &&
      !r.url.startsWith("/api/auth/") &&
      !r.url.startsWith("/api/docs") &&
      !r.guard,
  );
  expect(unguarded).toEqual([]);
});

it("serves the OpenAPI document", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json().paths)).toEqual(
    expect.arrayContaining(["/api/feedback", "/api/me", "/api/health"]),
  );
});

it("answers unknown API paths with the error shape", async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/nope" });
  expect(res.statusCode).toBe(404);
  expect(res.json().error.code).toBe("NOT_FOUND");
});

it("lists the dev mailbox outside production, only with the token printed at start", async () => {
  const token = t.app.ctx.config.devMailToken;
  const res = await t.app.inject({ method: "GET", url: `/dev/mail?token=${token}` });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain("Dev mailbox");
  for (const url of ["/dev/mail", "/dev/mail?token=wrong", "/api/dev/mail", `/api/dev/mail?token=${token}x`])
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  const api = await t.app.inject({
    method: "GET",
    url: "/api/dev/mail",
    headers: { "x-dev-mail-token": token },
  });
  expect(api.statusCode).toBe(200);
});

it("grants the local year of Premium only with the dev token", async () => {
  const user = await registered(t.app, "dev-premium@example.com");
  const body = { email: "dev-premium@example.com" };
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/dev/premium", payload: body, headers });
  expect((await post({ "x-dev-mail-token": "wrong" })).statusCode).toBe(404);
  expect((await user.get("/api/me")).json().isPremium).toBe(false);
  expect((await post({ "x-dev-mail-token": t.app.ctx.config.devMailToken })).statusCode).toBe(204);
  expect((await user.get("/api/me")).json().isPremium).toBe(true);
});
