import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "./errors";
import { isDatabaseUnavailable } from "./unavailable";

// A database that is gone answers 503 + Retry-After (retry later), never 500; a bad query stays a 500.
let pglite: PGlite;
const app = Fastify();
registerErrorHandler(app);
app.get("/closed", async () => {
  const dead = new PGlite();
  await dead.waitReady;
  await dead.close();
  return dead.query("select 1");
});
app.get("/unique", async () => {
  await pglite.exec("insert into t values (1)");
  return pglite.exec("insert into t values (1)");
});

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec("create table t (id int primary key)");
});
afterAll(async () => {
  await app.close();
  await pglite.close();
});

describe("database outage mapping", () => {
  it("maps a PGlite engine error to 503 with Retry-After and the spec's message", async () => {
    const res = await app.inject({ method: "GET", url: "/closed" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      error: {
        code: "SERVICE_UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again in a moment.",
      },
    });
  });

  it("keeps a constraint violation a 500, not an outage", async () => {
    const res = await app.inject({ method: "GET", url: "/unique" });
    expect(res.statusCode).toBe(500);
  });

  it("recognises pg connection errors, also wrapped by Drizzle", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Failed query", { cause: { code: "57P01", message: "terminating" } })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
  });
});
