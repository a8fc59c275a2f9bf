// Issue 27, item 4: no state in a process. Three app processes, a worker and nginx (deploy/nginx.conf)
// on one PostgreSQL; every check goes through nginx, round-robin, and where "every process" matters,
// to each process directly by its port as well.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTrip, join as joinTrip } from "./client";
import { Cluster, METRICS_TOKEN, sleep } from "./cluster";

let cluster: Cluster;

beforeAll(async () => {
  cluster = new Cluster(); // assigned first: afterAll stops what a failed start left running
  await cluster.start(3);
});

afterAll(async () => {
  await cluster?.stop();
});

const ports = () => cluster.apps.map((a) => a.port);

describe("started together", () => {
  it("every process runs the migrations' result and is ready", async () => {
    for (const port of ports()) {
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status, `/api/ready on ${port}`).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true });
    }
    // One set of migrations, applied once.
    const rows = await cluster.sql<{ n: string }>(`select count(*) as n from drizzle.__drizzle_migrations`);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it("serves metrics to the token only, per process, and never through nginx", async () => {
    for (const port of ports()) {
      const url = `http://127.0.0.1:${port}/api/metrics`;
      const ok = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(ok.status, `metrics on ${port}`).toBe(200);
      expect(ok.headers.get("content-type")).toMatch(/text\/plain/);
      expect(await ok.text()).toMatch(/^# (HELP|TYPE) /m);
      expect((await fetch(url, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    }
    const outside = await fetch(`${cluster.base}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(outside.status).toBe(403);
  });
});

describe("nginx in front", () => {
  it("keeps idle connections longer in the app than in nginx (10 s) and a cloud balancer (60 s)", async () => {
    for (const port of ports()) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      const timeout = Number(/timeout=(\d+)/.exec(res.headers.get("keep-alive") ?? "")?.[1]);
      expect(timeout, `Keep-Alive of ${port}: ${res.headers.get("keep-alive")}`).toBeGreaterThan(60);
    }
  });

  it("balances round-robin over the three processes", async () => {
    for (let i = 0; i < 30; i++) await fetch(`${cluster.base}/api/health`);
    await sleep(100); // the access log is written after the response
    const counts = cluster.upstreamCounts();
    for (const port of ports()) expect(counts.get(`127.0.0.1:${port}`) ?? 0).toBeGreaterThanOrEqual(5);
  });

  it("serves the precompressed build files itself, cached for a year", async () => {
    const assets = resolve(new URL(".", import.meta.url).pathname, "../../web/dist/assets");
    const files = readdirSync(assets);
    const js = files.find((f) => f.endsWith(".js") && files.includes(`${f}.gz`));
    expect(js, `a .js with its .gz in ${assets}`).toBeTruthy();
    const res = await fetch(`${cluster.base}/assets/${js}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    // The page itself comes from the app (the service worker's revalidation, the CSP).
    const page = await fetch(`${cluster.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBeTruthy();
  });

  it("refuses a JSON body over 1 MiB and lets a photo's size through to the uploads route", async () => {
    const owner = await new Client(cluster).guest("Sizes");
    const tripId = await createTrip(owner);
    const big = await fetch(`${cluster.base}/api/trips`, {
      method: "POST",
      headers: owner.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(big.status).toBe(413);
    // 2 MiB of multipart: over the JSON limit, under the photo limit: nginx lets it reach the app
    // (which answers about the file itself, not nginx's 413 page).
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(2 * 1024 * 1024)], { type: "image/jpeg" }), "x.jpg");
    const upload = await fetch(`${cluster.base}/api/trips/${tripId}/uploads`, {
      method: "POST",
      headers: owner.headers(),
      body: form,
    });
    expect(upload.status).not.toBe(413);
    expect(upload.headers.get("content-type")).toMatch(/json/);
  });
});

describe("sessions on every process", () => {
  it("a guest's cookie and an e-mail account made through nginx are known to every process", async () => {
    const guest = await new Client(cluster).guest("Everywhere");
    const user = await new Client(cluster).signUpConfirmed(
      `everywhere-${randomUUID().slice(0, 8)}@example.com`,
    );
    for (const c of [guest, user])
      for (const port of ports())
        expect((await c.get("/api/me", port)).status, `/api/me on ${port}`).toBe(200);
  });

  it("counts wrong passwords for an account across processes: the next one is refused on every process", async () => {
    const email = `throttled-${randomUUID().slice(0, 8)}@example.com`;
    await new Client(cluster).signUpConfirmed(email);
    // Five wrong passwords from five addresses, spread by nginx over the three processes.
    for (let i = 0; i < 5; i++)
      expect((await new Client(cluster).signIn(email, "wrong password!")).status).toBe(401);
    // The next attempt, at each process directly, from yet other addresses: refused by all.
    const next = await Promise.all(
      ports().map((port) =>
        new Client(cluster).request(
          "POST",
          "/api/auth/sign-in/email",
          { email, password: "wrong again" },
          { port },
        ),
      ),
    );
    expect(next.map((r) => r.status)).toEqual([429, 429, 429]);
  });

  it("counts sign-in attempts of one address across processes", async () => {
    const ip = "203.0.113.77";
    // AUTH_SIGNIN_PER_MINUTE (10) attempts through nginx, each for another account.
    for (let i = 0; i < 10; i++) await new Client(cluster, ip).signIn(`nobody-${i}@example.com`);
    for (const port of ports()) {
      const res = await new Client(cluster, ip).request(
        "POST",
        "/api/auth/sign-in/email",
        { email: "nobody-else@example.com", password: "whatever it is" },
        { port },
      );
      expect(res.status, `sign-in on ${port}`).toBe(429);
    }
  });

  it("a signed-out cookie is refused by every process within a second", async () => {
    const email = `leaver-${randomUUID().slice(0, 8)}@example.com`;
    const c = await new Client(cluster).signUpConfirmed(email);
    // Every process has seen the session (its cache holds it).
    for (const port of ports()) expect((await c.get("/api/me", port)).status).toBe(200);
    const cookie = c.cookie;
    expect((await c.post("/api/auth/sign-out", {})).status).toBe(200);
    await sleep(1000);
    const old = new Client(cluster);
    for (const part of cookie.split("; "))
      old.cookies.set(part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1));
    for (const port of ports())
      expect((await old.get("/api/me", port)).status, `/api/me on ${port}`).toBe(401);
    expect((await old.get("/api/me")).status).toBe(401);
  });

  it("a deleted account's cookie is refused by every process within a second", async () => {
    const c = await new Client(cluster).guest("Gone soon");
    const tripId = await createTrip(c);
    for (const port of ports()) {
      expect((await c.get("/api/me", port)).status).toBe(200);
      expect((await c.get(`/api/trips/${tripId}/full`, port)).status).toBe(200);
    }
    const old = new Client(cluster);
    old.cookies = new Map(c.cookies);
    const deleted = await c.request("DELETE", "/api/me", { confirm: "Gone soon" });
    expect(deleted.status).toBe(204);
    await sleep(1000);
    for (const port of ports()) {
      expect((await old.get("/api/me", port)).status, `/api/me on ${port}`).toBe(401);
      expect((await old.get(`/api/trips/${tripId}/full`, port)).status, `/full on ${port}`).toBe(401);
    }
  });
});

describe("limits across processes", () => {
  it("adding places: at most 60 a minute from one address, whichever process takes them", async () => {
    const owner = await new Client(cluster).guest("Adder");
    // Premium, before any process has the user in its session cache: the free plan's 10 places a
    // member would stop the run first.
    expect(owner.userId).toBeTruthy();
    await cluster.sql(`update users set is_premium = true where id = $1`, [owner.userId]);
    const tripId = await createTrip(owner);
    const statuses: number[] = [];
    const others: string[] = [];
    const add = async (n: number) => {
      const res = await owner.post(`/api/trips/${tripId}/places`, {
        name: `Spot ${n}`,
        latitude: 34.95 + n / 10_000,
        longitude: 135.7 + n / 10_000,
        wishLevel: 5,
      });
      statuses.push(res.status);
      if (![200, 201, 429].includes(res.status)) others.push(`${res.status} ${JSON.stringify(res.body)}`);
    };
    for (let n = 0; n < 75; n += 5) await Promise.all([0, 1, 2, 3, 4].map((k) => add(n + k)));
    const accepted = statuses.filter((s) => s === 201 || s === 200).length;
    const limited = statuses.filter((s) => s === 429).length;
    expect({ accepted, limited, others }).toEqual({ accepted: 60, limited: 15, others: [] });
  });
});

describe("live updates across processes", () => {
  it("a chat message sent through one process reaches sockets on the others, in order", async () => {
    const owner = await new Client(cluster).guest("Host");
    const tripId = await createTrip(owner);
    const friends = [new Client(cluster), new Client(cluster), new Client(cluster)];
    for (const f of friends) await f.guest("Friend");
    await joinTrip(owner, tripId, friends);
    // One friend's socket on each process.
    const sockets = friends.map((f, i) => f.socket(ports()[i]));
    for (const s of sockets) await s.subscribe(tripId);
    const sentAt = new Map<string, number>();
    const texts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const content = `message ${i}`;
      texts.push(content);
      sentAt.set(content, performance.now());
      // Through one process (the first), so the others must hear of it through PostgreSQL.
      const res = await owner.request(
        "POST",
        `/api/trips/${tripId}/chat/messages`,
        { clientId: randomUUID(), content },
        { port: ports()[0] },
      );
      expect(res.status).toBe(201);
    }
    for (const [i, s] of sockets.entries()) {
      await s
        .next(() => s.events(tripId).filter((e) => e.type === "chat.message").length >= 20, 5000)
        .catch(() => {});
      const got = s.events(tripId).filter((e) => e.type === "chat.message");
      expect(got.length, `socket on process ${i + 1}`).toBe(20);
      const seqs = got.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      const contents = got.map((e) => e.message?.content);
      if (contents.every(Boolean)) expect(contents).toEqual(texts);
      s.close();
    }
  });
});

describe("export jobs in PostgreSQL", () => {
  it("an export started through one process reports progress on another and downloads through a third", async () => {
    const c = await new Client(cluster).guest("Exporter");
    const tripId = await createTrip(c);
    for (let i = 0; i < 5; i++)
      await c.ok("POST", `/api/trips/${tripId}/places`, {
        name: `P${i}`,
        latitude: 35,
        longitude: 135.7 + i / 100,
        wishLevel: 3,
      });
    const [a, b, third] = ports();
    const started = await c.request("POST", "/api/me/export", {}, { port: a });
    expect(started.status).toBe(202);
    const { jobId } = started.body as { jobId: string };
    let view: { status: string; progress: number } | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await c.get(`/api/me/export/${jobId}`, b);
      expect(res.status, `progress on another process: ${JSON.stringify(res.body)}`).toBe(200);
      view = res.body as { status: string; progress: number };
      if (view.status !== "running") break;
      await sleep(100);
    }
    expect(view).toMatchObject({ status: "ready", progress: 100 });
    const file = await c.get(`/api/me/export/${jobId}/file`, third);
    expect(file.status).toBe(200);
    expect(JSON.stringify(file.body)).toContain("Exporter");
    // And through nginx, whichever process answers.
    for (let i = 0; i < 3; i++) expect((await c.get(`/api/me/export/${jobId}/file`)).status).toBe(200);
  });
});
