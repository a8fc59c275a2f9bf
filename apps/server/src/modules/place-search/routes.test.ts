import { placeResultSchema, placeSearchResponseSchema } from "@tabi/contracts";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "../../auth/auth";
import { createReadCaches } from "../../cache";
import type { Db } from "../../db/connect";
import { registerErrorHandler } from "../../http/errors";
import { registerGuards } from "../../http/guards";
import { createPlacesProvider, type PlacesProvider, PlacesProviderError } from "../../providers/places";
import { placeSearchRoutes } from "./routes";

// buildApp does not wire this module yet, so these tests build a small app from the same pieces
// (zod compilers, guards, error handling). The session check is stubbed: a "session=ok" cookie is a
// signed-in user; everything after the guard is the real code and the real offline gazetteer.
const fakeAuth = {
  api: {
    getSession: async ({ headers }: { headers: Headers }) =>
      headers.get("cookie") === "session=ok"
        ? {
            user: {
              id: "u1",
              name: "Aiko",
              email: "aiko@example.com",
              emailVerified: true,
              createdAt: new Date(),
            },
          }
        : null,
  },
} as unknown as Auth;

async function smallApp(places: PlacesProvider) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app); // before the routes, as in buildApp
  registerGuards(app, fakeAuth, {} as Db, createReadCaches()); // signedIn never reads the database (trip guards do)
  await placeSearchRoutes(app, { places });
  await app.ready();
  return app;
}

let app: Awaited<ReturnType<typeof smallApp>>;
const get = (url: string, signedIn = true) =>
  app.inject({ method: "GET", url, headers: signedIn ? { cookie: "session=ok" } : {} });

beforeAll(async () => {
  const places = createPlacesProvider({ provider: "offline" });
  app = await smallApp(places);
  await get("/api/places/search?q=warm"); // loads (or first builds) the gazetteer
}, 120_000);
afterAll(() => app.close());

describe("GET /api/places/search", () => {
  it("401 when signed out, on every route", async () => {
    for (const url of [
      "/api/places/search?q=tokyo",
      "/api/places/details/iata:NRT",
      "/api/places/reverse?lat=1&lng=2",
    ]) {
      const res = await get(url, false);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Authentication required" } });
    }
  });

  it.each([
    ["q=", "Please type a place to search for"],
    ["q=%20%20", "Please type a place to search for"],
    ["", "Invalid input: expected string, received undefined"],
    ["q=tokyo&near=35.6", "near must be 'lat,lng'"],
    ["q=tokyo&near=95,10", "Too big: expected number to be <=90"],
    ["q=tokyo&limit=50", "Too big: expected number to be <=20"],
    ["q=tokyo&trip=35.0,135.7;x", "trip must be 'lat,lng;lat,lng;...'"],
    [`q=tokyo&trip=${Array(41).fill("35.0,135.7").join(";")}`, "trip takes at most 40 points"],
    [`q=${"x".repeat(121)}`, "Too big: expected string to have <=120 characters"],
  ])("400 for ?%s", async (query, message) => {
    const res = await get(`/api/places/search?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
  });

  it("answers results ranked near `near`, with the credits", async () => {
    const res = await get("/api/places/search?q=springfield&near=42.36,-71.06&limit=3");
    expect(res.statusCode).toBe(200);
    const body = placeSearchResponseSchema.parse(res.json());
    expect(body.results).toHaveLength(3);
    expect(body.results[0]?.address).toBe("Springfield, MA, United States");
    expect(body.attribution).toContain("GeoNames");
  });

  it("ranks near the trip first: 'Nanzen' in a Kyoto trip is Nanzen-ji, with its hours and visit length", async () => {
    const trip = "35.0116,135.7681;35.0394,135.7292;34.9671,135.7727";
    const res = await get(`/api/places/search?q=Nanzen&trip=${encodeURIComponent(trip)}`);
    expect(res.statusCode).toBe(200);
    const [first] = placeSearchResponseSchema.parse(res.json()).results;
    expect(first).toMatchObject({ name: "Nanzen-ji", category: "temple", countryCode: "JP" });
    expect(first?.stayMinutes).toBeGreaterThan(0);
    expect(first?.openingHours).toMatch(/\d\d:\d\d/);
  });

  it("finds the issue's examples", async () => {
    const res = await get(`/api/places/search?q=${encodeURIComponent("ソウル")}`);
    expect(res.json().results[0]).toMatchObject({
      name: "Seoul",
      localName: "서울",
      countryCode: "KR",
      timezone: "Asia/Seoul",
    });
  });

  it("never answers 500, whatever the query", async () => {
    const junk = [
      "x".repeat(120),
      "🙂🙂🙂",
      "'; DROP TABLE places; --",
      "\u0301",
      "%",
      "a\u0000b",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "1,2",
    ];
    for (const q of junk) {
      const res = await get(`/api/places/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    // Bytes that are not UTF-8, and a broken percent escape.
    for (const raw of ["%ED%A0%80", "%FF%FE", "%E0%A4%A", "%"]) {
      expect((await get(`/api/places/search?q=${raw}`)).statusCode, raw).toBeLessThan(500);
    }
    expect((await get("/api/places/search?q=%F0%9F%99%82")).json()).toMatchObject({ results: [] });
  });
});

describe("GET /api/places/details/:id and /api/places/reverse", () => {
  it("finds a result again by its id; 404 for an unknown one", async () => {
    const res = await get("/api/places/details/iata:NRT");
    expect(res.statusCode).toBe(200);
    expect(placeResultSchema.parse(res.json().result)).toMatchObject({
      name: "Narita International Airport",
      iata: "NRT",
    });
    const missing = await get("/api/places/details/geonames:0");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "Place not found" } });
  });

  it("reverse-geocodes to a city, null at sea, 400 off the globe", async () => {
    const kyoto = await get("/api/places/reverse?lat=35.0116&lng=135.7681");
    expect(kyoto.json().result).toMatchObject({ kind: "city", countryCode: "JP" });
    expect((await get("/api/places/reverse?lat=0&lng=-30")).json()).toMatchObject({ result: null });
    const bad = await get("/api/places/reverse?lat=100&lng=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Too big: expected number to be <=90");
  });
});

describe("when the outside service fails", () => {
  const failing = (reason: "unavailable" | "bad_answer", message: string): PlacesProvider => ({
    name: "photon",
    attribution: "test",
    search: async () => {
      throw new PlacesProviderError("Photon", reason, message);
    },
    details: async () => null,
    reverse: async () => null,
  });

  it("503 when it cannot be reached, 502 when it answers wrongly, with the reason", async () => {
    const down = await smallApp(failing("unavailable", "Photon did not answer within 8 s"));
    const res = await down.inject({
      method: "GET",
      url: "/api/places/search?q=kyoto",
      headers: { cookie: "session=ok" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: "PLACES_UNAVAILABLE",
        message: "Place search is unavailable right now (Photon did not answer within 8 s)",
      },
    });
    await down.close();
    const wrong = await smallApp(failing("bad_answer", "Photon answered 400"));
    const res2 = await wrong.inject({
      method: "GET",
      url: "/api/places/search?q=kyoto",
      headers: { cookie: "session=ok" },
    });
    expect(res2.statusCode).toBe(502);
    await wrong.close();
  });
});
