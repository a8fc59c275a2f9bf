import type { TripEvent } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, userSettings, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { latestLink, type TestClient } from "../../test/client";
import { client, createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";

// Issue 16 item 3: the profile's name, notification toggles and e-mail change, saved on the server.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rename = (c: TestClient, body: unknown) => c.request("PATCH", "/api/me", body);
const memberNames = async (c: TestClient, tripId: string) =>
  ((await c.get(`/api/trips/${tripId}`)).json().members as { name: string }[]).map((m) => m.name).sort();

describe("PATCH /api/me (name)", () => {
  it("renames the user: the other members see it at once, and each trip's channel says members.changed", async () => {
    const a = await registered(t.app, "rename-a@example.com");
    const b = await registered(t.app, "rename-b@example.com");
    const one = await createTrip(a);
    const two = await createTrip(b);
    expect((await join(a, await inviteCode(b, two.id))).statusCode).toBe(200);
    expect((await join(b, await inviteCode(a, one.id))).statusCode).toBe(200);
    const alone = await createTrip(b); // a trip without A: no event there
    // B's reads are cached (the guard's membership, the trip with its members).
    expect(await memberNames(b, one.id)).toEqual(["rename-a", "rename-b"]);
    expect(await memberNames(b, two.id)).toEqual(["rename-a", "rename-b"]);

    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribeAll((e) => events.push(e));
    const res = await rename(a, { name: "  Aiko Tanaka  " });
    off();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: "Aiko Tanaka", email: "rename-a@example.com" });

    const changed = events.filter((e) => e.type === "members.changed").map((e) => e.tripId);
    expect(changed.sort()).toEqual([one.id, two.id].sort());
    expect(events.some((e) => e.tripId === alone.id)).toBe(false);
    expect(await memberNames(b, one.id)).toEqual(["Aiko Tanaka", "rename-b"]);
    expect(await memberNames(b, two.id)).toEqual(["Aiko Tanaka", "rename-b"]);
    expect((await a.get("/api/me")).json().name).toBe("Aiko Tanaka");
    // The same session on another device (another cookie) reads the new name too.
    const elsewhere = client(t.app);
    await elsewhere.signIn("rename-a@example.com");
    expect((await elsewhere.get("/api/me")).json().name).toBe("Aiko Tanaka");
  });

  it("renames a guest too, and an unchanged name publishes nothing", async () => {
    const g = await guest(t.app, "Mika");
    const trip = await createTrip(g);
    expect((await rename(g, { name: "Mika S." })).json()).toMatchObject({ name: "Mika S.", isGuest: true });
    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribeAll((e) => events.push(e));
    expect((await rename(g, { name: "Mika S." })).statusCode).toBe(200);
    off();
    expect(events.filter((e) => e.tripId === trip.id)).toEqual([]);
  });

  it("refuses a blank, too long or multi-line name with the guest name's messages, and strangers", async () => {
    expect((await rename(client(t.app), { name: "Anna" })).statusCode).toBe(401);
    const c = await registered(t.app, "rename-bad@example.com");
    const cases: [unknown, string][] = [
      [{ name: "   " }, "Please enter a name"],
      [{ name: "x".repeat(61) }, "Please use at most 60 characters"],
      [{ name: "two\nlines" }, "Text must not contain control characters"],
    ];
    for (const [body, message] of cases) {
      const res = await rename(c, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    for (const body of [{}, { name: 5 }, { name: null }, "Anna", { name: "Anna", extra: 1 }]) {
      const res = await rename(c, body);
      if (res.statusCode === 200)
        expect(res.json().name).toBe("Anna"); // an unknown key is ignored
      else expect(res.statusCode).toBe(400);
    }
    expect((await rename(c, { name: "x".repeat(60) })).json().name).toBe("x".repeat(60));
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, c.id));
    expect(row?.name).toBe("x".repeat(60));
  });
});

describe("/api/me/settings (notification toggles)", () => {
  it("reads all on before any choice, keeps what is changed, and makes the row on the first write", async () => {
    const c = await registered(t.app, "settings@example.com");
    const db = t.app.ctx.database.db;
    const allOn = {
      notifyMessages: true,
      notifyTripUpdates: true,
      notifyNewMembers: true,
      notifyReminders: true,
    };
    expect((await c.get("/api/me/settings")).json()).toEqual(allOn);
    expect(await db.select().from(userSettings).where(eq(userSettings.userId, c.id))).toEqual([]);

    const res = await c.request("PUT", "/api/me/settings", { notifyMessages: false, notifyReminders: false });
    expect(res.statusCode).toBe(200);
    const changed = { ...allOn, notifyMessages: false, notifyReminders: false };
    expect(res.json()).toEqual(changed);
    expect((await c.get("/api/me/settings")).json()).toEqual(changed);
    const back = await c.request("PUT", "/api/me/settings", { ...changed, notifyMessages: true });
    expect(back.json()).toEqual({ ...changed, notifyMessages: true });
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, c.id));
    expect(row).toMatchObject({ notifyMessages: true, notifyReminders: false, language: null });

    // The language kept in the same row stays as it was, and the toggles stay when it changes.
    await c.request("PUT", "/api/me/language", { language: "ja" });
    expect((await c.get("/api/me/settings")).json()).toEqual({ ...changed, notifyMessages: true });
    expect((await c.get("/api/me")).json().language).toBe("ja");
  });

  it("is the user's own: strangers get 401, bad bodies 400", async () => {
    expect((await client(t.app).get("/api/me/settings")).statusCode).toBe(401);
    expect(
      (await client(t.app).request("PUT", "/api/me/settings", { notifyMessages: false })).statusCode,
    ).toBe(401);
    const c = await registered(t.app, "settings-bad@example.com");
    for (const body of [{}, { notifyMessages: "no" }, { notifyMessages: null }, { other: true }, [true]]) {
      expect((await c.request("PUT", "/api/me/settings", body)).statusCode).toBe(400);
    }
    const g = await guest(t.app, "Ren");
    expect((await g.request("PUT", "/api/me/settings", { notifyTripUpdates: false })).json()).toMatchObject({
      notifyTripUpdates: false,
    });
  });
});

describe("POST /api/me/email", () => {
  const outbox = (to: string) => t.app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("sends a link to the new address; the address changes only when it is followed", async () => {
    const c = await registered(t.app, "old-address@example.com");
    const res = await c.post("/api/me/email", { email: "New-Address@Example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pendingEmail: "new-address@example.com",
      me: { email: "old-address@example.com", emailVerified: true },
    });
    expect(await outbox("new-address@example.com")).toHaveLength(1);
    // Not yet: the old address still signs in, the new one does not.
    expect((await c.get("/api/me")).json().email).toBe("old-address@example.com");
    expect((await client(t.app).signIn("new-address@example.com")).statusCode).not.toBe(200);
    expect((await client(t.app).signIn("old-address@example.com")).statusCode).toBe(200);

    // Followed (here in another browser, with no session): the address is the new one, confirmed.
    const link = new URL(await latestLink(t.app, "new-address@example.com"));
    const followed = await client(t.app).request("GET", link.pathname + link.search);
    expect(followed.statusCode).toBeLessThan(400);
    expect((await c.get("/api/me")).json()).toMatchObject({
      email: "new-address@example.com",
      emailVerified: true,
    });
    expect((await client(t.app).signIn("new-address@example.com")).statusCode).toBe(200);
    expect((await client(t.app).signIn("old-address@example.com")).statusCode).not.toBe(200);
  });

  it("does not tell whether another account has the address, and changes nothing then", async () => {
    await registered(t.app, "taken@example.com");
    const c = await registered(t.app, "wants-taken@example.com");
    const before = (await outbox("taken@example.com")).length;
    const res = await c.post("/api/me/email", { email: "taken@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json().pendingEmail).toBe("taken@example.com");
    expect(await outbox("taken@example.com")).toHaveLength(before);
    expect((await c.get("/api/me")).json().email).toBe("wants-taken@example.com");
  });

  it("replaces an address never confirmed at once and sends it a confirmation link", async () => {
    const g = await guest(t.app, "Typo");
    const attached = await g.post("/api/me/account", {
      email: "typo@exmaple.com",
      password: "correct horse battery",
    });
    expect(attached.statusCode).toBe(200);
    const res = await g.post("/api/me/email", { email: "typo@example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pendingEmail: null,
      me: { email: "typo@example.com", emailVerified: false },
    });
    await g.confirm("typo@example.com");
    expect((await g.get("/api/me")).json()).toMatchObject({ email: "typo@example.com", emailVerified: true });
    expect((await client(t.app).signIn("typo@example.com")).statusCode).toBe(200);
  });

  it("refuses guests (they attach an e-mail and password), the same address and bad input", async () => {
    expect((await client(t.app).post("/api/me/email", { email: "x@example.com" })).statusCode).toBe(401);
    const g = await guest(t.app, "Guest");
    const asGuest = await g.post("/api/me/email", { email: "guest-mail@example.com" });
    expect(asGuest.statusCode).toBe(409);
    expect(asGuest.json().error.message).toBe("Add an e-mail and a password to your account first");
    const c = await registered(t.app, "same@example.com");
    const same = await c.post("/api/me/email", { email: "SAME@example.com" });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe("This is already your e-mail address");
    const bad = await c.post("/api/me/email", { email: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Please enter a valid email address");
  });
});
