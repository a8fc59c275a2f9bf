import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has embedded defaults for everything", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: `${process.cwd()}/data`,
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
    });
    expect(c.google).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
  });

  it("takes a relative data dir from where npm start was typed, not from apps/server", () => {
    expect(loadConfig({ INIT_CWD: "/home/ana/tabi" }).dataDir).toBe("/home/ana/tabi/data");
    expect(loadConfig({ INIT_CWD: "/home/ana/tabi", TABI_DATA_DIR: "trips" }).dataDir).toBe(
      "/home/ana/tabi/trips",
    );
    expect(loadConfig({ INIT_CWD: "/home/ana/tabi", TABI_DATA_DIR: "/srv/tabi" }).dataDir).toBe("/srv/tabi");
  });

  it("stops on a malformed value with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("needs both Google settings or neither", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({
      clientId: "id",
      clientSecret: "s",
    });
  });

  it("keeps the job queue in PostgreSQL only", () => {
    expect(loadConfig({}).jobQueue).toBe("threads");
    expect(() => loadConfig({ JOB_QUEUE: "pg-boss" })).toThrow(/JOB_QUEUE=pg-boss needs DATABASE_URL/);
    expect(loadConfig({ JOB_QUEUE: "pg-boss", DATABASE_URL: "postgres://db/tabi" }).jobQueue).toBe("pg-boss");
  });

  it("uses the embedded travel model unless ROUTING_URL names a routing server", () => {
    expect(loadConfig({}).routingUrl).toBeUndefined();
    expect(loadConfig({ ROUTING_URL: "http://router.example:5000" }).routingUrl).toBe(
      "http://router.example:5000",
    );
    expect(() => loadConfig({ ROUTING_URL: "router.example" })).toThrow(/ROUTING_URL/);
  });

  it("treats empty values as unset and trims a trailing slash from the public URL", () => {
    expect(loadConfig({ PORT: "", PUBLIC_URL: "https://tabi.example/" })).toMatchObject({
      port: 3000,
      publicUrl: "https://tabi.example",
    });
  });
});
