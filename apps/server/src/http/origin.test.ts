import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TabiApp } from "../app";
import { loadConfig } from "../config";
import { MAX_SOCKETS_PER_USER } from "../realtime/hub";
import { createTestApp, type TestApp } from "../test/app";
import { client, createTrip, guest, inviteCode, join, registered } from "../test/fixtures";
import { allowedOrigins } from "./origin";

const EVIL = { origin: "http://evil.example" };
type Socket = Awaited<ReturnType<TabiApp["injectWS"]>>;

describe("requests from other sites", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_ORIGINS: "https://app.example.com" });
  });
  afterAll(() => t.close());

  it("refuses PATCH and DELETE of a trip with a foreign Origin; the same origin works", async () => {
    const owner = await registered(t.app, "origin-owner@example.com");
    const trip = await createTrip(owner);
    const patch = await owner.request("PATCH", `/api/trips/${trip.id}`, { name: "Hijacked" }, EVIL);
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Cross-site requests are not allowed" },
    });
    expect((await owner.request("DELETE", `/api/trips/${trip.id}`, undefined, EVIL)).statusCode).toBe(403);
    const crossSite = { origin: "", "sec-fetch-site": "cross-site" };
    expect((await owner.request("DELETE", `/api/trips/${trip.id}`, undefined, crossSite)).statusCode).toBe(
      403,
    );
    expect((await owner.get(`/api/trips/${trip.id}`)).json().trip.name).toBe(trip.name);

    const renamed = await owner.request("PATCH", `/api/trips/${trip.id}`, { name: "Kyoto days" });
    expect(renamed.statusCode).toBe(200);
    const allowed = { origin: "https://app.example.com" };
    expect(
      (await owner.request("PATCH", `/api/trips/${trip.id}`, { name: "Other" }, allowed)).statusCode,
    ).toBe(200);
    // No Origin and no Sec-Fetch-Site: curl or another server, not a browser page.
    const curl = await t.app.inject({
      method: "PATCH",
      url: `/api/trips/${trip.id}`,
      headers: { cookie: owner.cookieHeader, "content-type": "application/json" },
      payload: JSON.stringify({ name: "From curl" }),
    });
    expect(curl.statusCode).toBe(200);
  });

  it("refuses a text/plain or form POST (no preflight) with 415: a member does not leave", async () => {
    const owner = await registered(t.app, "origin-owner2@example.com");
    const trip = await createTrip(owner);
    const member = await guest(t.app, "Aiko");
    await join(member, await inviteCode(owner, trip.id));
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/trips/${trip.id}/leave`,
        headers: { cookie: member.cookieHeader, "content-type": type },
        payload: "x=1",
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    expect((await member.get(`/api/trips/${trip.id}`)).statusCode).toBe(200);
  });

  it("refuses the WebSocket upgrade from a foreign Origin", async () => {
    const user = await registered(t.app, "origin-ws@example.com");
    await expect(
      t.app.injectWS("/api/ws", { headers: { cookie: user.cookieHeader, ...EVIL } }),
    ).rejects.toThrow(/403/);
    const ws = await t.app.injectWS("/api/ws", {
      headers: { cookie: user.cookieHeader, origin: "http://localhost:3000" },
    });
    ws.terminate();
  });

  it(`closes a user's socket beyond ${MAX_SOCKETS_PER_USER} with 1008`, async () => {
    const user = await guest(t.app, "Many tabs");
    const open: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++)
      open.push(await t.app.injectWS("/api/ws", { headers: { cookie: user.cookieHeader } }));
    const extra = await t.app.injectWS("/api/ws", { headers: { cookie: user.cookieHeader } });
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      extra.on("close", (c: number, r: Buffer) => resolve([c, String(r)])),
    );
    expect(code).toBe(1008);
    expect(reason).toBe("Too many connections");
    expect(open.every((s) => s.readyState === s.OPEN)).toBe(true);
    // Closing one frees a place.
    open[0]!.terminate();
    await new Promise((r) => setTimeout(r, 500));
    const again = await t.app.injectWS("/api/ws", { headers: { cookie: user.cookieHeader } });
    await new Promise((r) => setTimeout(r, 100));
    expect(again.readyState).toBe(again.OPEN);
    for (const s of [...open, again]) s.terminate();
  });
});

describe("sign-in at every address the log prints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "", PORT: "3000" });
  });
  afterAll(() => t.close());

  it("embedded default: signs in from http://127.0.0.1:<port>", async () => {
    const c = client(t.app);
    await c.signUp("loopback@example.com");
    await c.confirm("loopback@example.com");
    const res = await c.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: "loopback@example.com", password: "correct horse battery" },
      { origin: "http://127.0.0.1:3000" },
    );
    expect(res.statusCode).toBe(200);
    const evil = await c.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: "loopback@example.com", password: "correct horse battery" },
      EVIL,
    );
    expect(evil.statusCode).toBe(403);
  });

  it("lists localhost, 127.0.0.1 and each LAN address; with PUBLIC_URL only it and ALLOWED_ORIGINS", () => {
    const lan = {
      eth0: [{ address: "192.168.1.20", family: "IPv4", internal: false }],
      lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }],
    } as unknown as Parameters<typeof allowedOrigins>[1];
    expect(allowedOrigins(loadConfig({ PORT: "4000" }), lan)).toEqual([
      "http://localhost:4000",
      "http://127.0.0.1:4000",
      "http://192.168.1.20:4000",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
    const prod = loadConfig({
      PUBLIC_URL: "https://tabi.example.com/",
      ALLOWED_ORIGINS: "https://a.example.com/x",
    });
    expect(allowedOrigins(prod, lan)).toEqual(["https://tabi.example.com", "https://a.example.com"]);
  });
});
