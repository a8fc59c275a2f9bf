import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type TabiApp } from "./app";
import { loadConfig } from "./config";
import { connect, type Database } from "./db/connect";
import { runMigrations } from "./db/migrate";
import { RESTART_CLOSE_CODE } from "./http/lifecycle";
import { createTestApp } from "./test/app";
import { createTestDatabase } from "./test/database";
import { createTrip, guest, registered } from "./test/fixtures";

/**
 * Scaled mode (issue 27): several processes on one PostgreSQL share every piece of state. Here two
 * apps on one database stand for two processes (each with its own data dir, as on two machines);
 * the proxy-level test (three processes behind nginx) is in apps/server/scaled. PostgreSQL only.
 */
const url = process.env.DATABASE_URL;
const METRICS_TOKEN = "metrics-token-for-tests-0123";

describe.skipIf(!url)("two processes on one PostgreSQL", () => {
  let drop: () => Promise<void>;
  const apps: TabiApp[] = [];
  const extra: Database[] = [];

  beforeAll(async () => {
    const first = await createTestDatabase();
    drop = first.drop;
    const sameDb = first.database.pool!.options.connectionString as string;
    for (const database of [first.database, await connect({ databaseUrl: sameDb })]) {
      if (database !== first.database) extra.push(database);
      const config = loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        TABI_DATA_DIR: `/tmp/tabi-scaled-${apps.length}-${process.pid}`,
        PUBLIC_URL: "http://localhost:3000",
        PLACES_PROVIDER: "offline",
        METRICS_TOKEN,
      });
      const app = await buildApp(config, { database, serveWeb: false });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of extra) await d.close();
    await drop();
  });

  it("signs cookies with one secret kept in the database: a session made on one is known to the other", async () => {
    const [a, b] = apps as [TabiApp, TabiApp];
    const c = await guest(a, "Roaming guest");
    expect((await c.via(b).get("/api/me")).statusCode).toBe(200);
    expect((await c.via(a).get("/api/me")).statusCode).toBe(200);
  });

  it("a cookie signed out through one process is refused by the other within a second", async () => {
    const [a, b] = apps as [TabiApp, TabiApp];
    const c = await registered(a, "signout-scaled@example.com");
    expect((await c.via(b).get("/api/me")).statusCode).toBe(200); // now in b's session cache
    const cookie = c.cookieHeader;
    expect((await c.via(a).post("/api/auth/sign-out", {})).statusCode).toBe(200);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 2000) {
      status = (await b.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("counts a route's limit across processes: 60 place additions a minute from one client", async () => {
    const [a, b] = apps as [TabiApp, TabiApp];
    const owner = await registered(a, "limits-scaled@example.com", { premium: true });
    const trip = await createTrip(owner);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await owner.via(i % 2 ? b : a).post(`/api/trips/${trip.id}/places`, {
        name: `Stop ${i}`,
        address: "Kyoto",
        latitude: 35 + i / 1000,
        longitude: 135.7 + i / 1000,
        wishLevel: 5,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("reports an export started on one process, and serves its file from the other", async () => {
    const [a, b] = apps as [TabiApp, TabiApp];
    const c = await registered(a, "export-scaled@example.com");
    await createTrip(c, { name: "Exported trip" });
    const started = (await c.via(a).post("/api/me/export", {})).json() as { jobId: string };
    let view = (await c.via(b).get(`/api/me/export/${started.jobId}`)).json() as { status: string };
    for (let i = 0; i < 50 && view.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await c.via(b).get(`/api/me/export/${started.jobId}`)).json();
    }
    expect(view.status).toBe("ready");
    const file = await c.via(b).get(`/api/me/export/${started.jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.json().trips.map((t: { name: string }) => t.name)).toContain("Exported trip");
    // Someone else's job is nobody's business, whichever process is asked.
    const other = await guest(b, "Curious");
    expect((await other.get(`/api/me/export/${started.jobId}/file`)).statusCode).toBe(404);
  });

  it("ready while the database answers; metrics only with the token", async () => {
    const [a] = apps as [TabiApp];
    expect((await a.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({ ready: true });
    expect((await a.inject({ method: "GET", url: "/api/metrics" })).statusCode).toBe(401);
    const metrics = await a.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain(
      'tabi_http_request_duration_seconds_count{method="GET",route="/api/ready",status="200"}',
    );
    expect(metrics.body).toMatch(/tabi_db_pool_connections\{state="total"\} [1-9]/);
  });

  it("migrates once when many processes start at the same moment", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `tabi_race_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`create database ${name}`);
    const raceUrl = new URL(url!);
    raceUrl.pathname = `/${name}`;
    const databases = await Promise.all([1, 2, 3].map(() => connect({ databaseUrl: raceUrl.toString() })));
    try {
      await Promise.all(databases.map((d) => runMigrations(d)));
      const res = await databases[0]!.pool!.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(res.rows[0].n).toBeGreaterThan(9);
    } finally {
      for (const d of databases) await d.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe("draining", () => {
  it("stops taking connections, answers the open ones with Connection: close, closes sockets with 1012", async () => {
    const t = await createTestApp();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const port = (t.app.server.address() as { port: number }).port;
      const get = (path: string) =>
        new Promise<{ status: number; connection?: string }>((resolve, reject) => {
          const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          });
          req.on("error", reject);
        });
      const someone = await guest(t.app, "Socket holder");
      const ws = await t.app.injectWS("/api/ws", { headers: { cookie: someone.cookieHeader } });
      const closed = new Promise<number>((resolve) => ws.on("close", (code: number) => resolve(code)));
      expect((await get("/api/ready")).status).toBe(200);
      const drained = t.app.ctx.lifecycle.drain(3000);
      expect(await closed).toBe(RESTART_CLOSE_CODE);
      // The kept-alive connection is still answered, and told to close; readiness says no.
      expect(await get("/api/ready")).toEqual({ status: 503, connection: "close" });
      await drained;
      // No new connection is taken: a proxy's connect is refused, and it tries the next process.
      await expect(get("/api/health")).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});
