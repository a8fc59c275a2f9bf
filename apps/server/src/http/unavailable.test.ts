import { EventEmitter } from "node:events";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "./errors";
import { isDatabaseUnavailable, surviveDatabaseOutages } from "./unavailable";

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

describe("the process's last line of defence", () => {
  it("logs an outage that escaped every handler and goes on; anything else still ends the process", () => {
    const target = new EventEmitter();
    const logged: string[] = [];
    const exits: number[] = [];
    surviveDatabaseOutages(
      { warn: (_o, m) => logged.push(`warn ${m}`), fatal: (_o, m) => logged.push(`fatal ${m}`) },
      target as unknown as NodeJS.Process,
      (code) => exits.push(code),
    );
    target.emit("uncaughtException", new Error("Connection terminated unexpectedly"));
    target.emit("unhandledRejection", Object.assign(new Error("connect"), { code: "ECONNREFUSED" }));
    expect(exits).toEqual([]);
    target.emit("unhandledRejection", new TypeError("x is not a function"));
    expect(exits).toEqual([1]);
    expect(logged).toEqual([
      "warn database unavailable (uncaught exception)",
      "warn database unavailable (unhandled rejection)",
      "fatal unhandled rejection",
    ]);
  });
});
