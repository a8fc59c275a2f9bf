import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { guest } from "../../test/fixtures";

// Through the real app (buildApp wiring, guards, the offline gazetteer).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("searches the offline gazetteer for a signed-in user, and refuses a signed-out one", async () => {
  expect((await t.app.inject({ method: "GET", url: "/api/places/search?q=kyoto" })).statusCode).toBe(401);
  const c = await guest(t.app, "Searcher");
  const res = await c.get("/api/places/search?q=kyoto%20station&near=35.0,135.76");
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.results[0]).toMatchObject({ name: "Kyoto Station", countryCode: "JP", timezone: "Asia/Tokyo" });
  expect(body.attribution).toContain("GeoNames");
  const airport = (await c.get("/api/places/search?q=NRT")).json().results[0];
  expect(airport).toMatchObject({ kind: "airport", iata: "NRT" });
  expect((await c.get("/api/places/search?q=")).statusCode).toBe(400);
});
