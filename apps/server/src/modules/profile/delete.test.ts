import { randomUUID } from "node:crypto";
import type { TripEvent } from "@tabi/contracts";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback, mailOutbox, tripMembers, trips, uploads, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";
import { postUpload, smallJpeg } from "../../test/uploads";

// Issue 16 item 5: deleting one's account. Owned trips with others pass on, the rest go; messages
// stay as "Deleted user"; sessions, feeds, share links and photos end; nothing of the user is left.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const del = (c: TestClient, confirm?: unknown) =>
  c.request("DELETE", "/api/me", confirm === undefined ? {} : { confirm });

async function listen(c: TestClient, tripId: string) {
  const ws = await t.app.injectWS("/api/ws", { headers: { cookie: c.cookieHeader } });
  const events: TripEvent[] = [];
  ws.on("message", (raw: Buffer) => {
    const m = JSON.parse(String(raw));
    if (m.type === "event") events.push(m.event);
  });
  ws.send(JSON.stringify({ type: "subscribe", tripId }));
  await wait(100);
  return { ws, events };
}

describe("deleting one's account", () => {
  it("needs a session and the account's e-mail typed exactly (any case)", async () => {
    const anon = await t.app.inject({
      method: "DELETE",
      url: "/api/me",
      payload: { confirm: "x" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(anon.statusCode).toBe(401);
    const user = (await registered(t.app, "careful@example.com")) as Who;
    expect((await del(user)).statusCode).toBe(400);
    expect((await del(user, "   ")).statusCode).toBe(400);
    const wrong = await del(user, "someone@example.com");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("That is not the e-mail address of this account");
    const ja = await user.request("DELETE", "/api/me", { confirm: "careful" }, { "accept-language": "ja" });
    expect(ja.json().error.message).toBe("このアカウントのメールアドレスと一致しません");
    expect((await user.get("/api/me")).statusCode).toBe(200);
    expect((await del(user, " Careful@Example.COM ")).statusCode).toBe(204);
  });

  it("hands shared trips on, deletes the others, leaves other trips and keeps messages as a deleted user's", async () => {
    const leaver = (await registered(t.app, "leaver@example.com", { premium: true })) as Who;
    const first = (await registered(t.app, "first@example.com")) as Who;
    const admin = (await registered(t.app, "admin@example.com")) as Who;
    const host = (await registered(t.app, "host@example.com")) as Who;

    // Shared: `first` joined before `admin`, but `admin` is an admin, so takes the trip on.
    const shared = (await createTrip(leaver, { name: "Shared Kyoto" })).id;
    await join(first, await inviteCode(leaver, shared));
    await join(admin, await inviteCode(leaver, shared));
    expect(
      (await leaver.request("PATCH", `/api/trips/${shared}/members/${admin.id}`, { role: "admin" }))
        .statusCode,
    ).toBe(200);
    // Only members: the longest-standing takes it on.
    const plain = (await createTrip(leaver, { name: "Plain Nara" })).id;
    await join(first, await inviteCode(leaver, plain));
    await join(admin, await inviteCode(leaver, plain));
    // Alone: deleted, with its photos' files.
    const alone = (await createTrip(leaver, { name: "Solo Osaka" })).id;
    const soloPhoto = await postUpload(t.app, leaver, alone, await smallJpeg());
    expect(soloPhoto.statusCode).toBe(201);
    // Someone else's trip: the leaver leaves it; their link stops opening, their photos go.
    const db = t.app.ctx.database.db;
    const hosted = (await createTrip(host, { name: "Host's Kobe" })).id;
    await join(leaver, await inviteCode(host, hosted));
    expect(
      (await host.request("PATCH", `/api/trips/${hosted}/members/${leaver.id}`, { canInviteMembers: true }))
        .statusCode,
    ).toBe(200);
    const link = await leaver.post(`/api/trips/${hosted}/shares`, { shareType: "external_view" });
    expect(link.statusCode).toBe(201);
    expect((await t.app.inject({ method: "GET", url: `/api/shared/${link.json().token}` })).statusCode).toBe(
      200,
    );
    const hostedPhoto = (await postUpload(t.app, leaver, hosted, await smallJpeg())).json();
    const place = await leaver.post(`/api/trips/${hosted}/places`, {
      name: "Kobe Harbor",
      latitude: 34.68,
      longitude: 135.19,
      photos: [hostedPhoto.url],
    });
    expect(place.statusCode).toBe(201);
    for (const [trip, content] of [
      [shared, "See you in Kyoto"],
      [hosted, "Thanks for having me"],
    ] as const)
      expect(
        (await leaver.post(`/api/trips/${trip}/chat/messages`, { clientId: randomUUID(), content }))
          .statusCode,
      ).toBe(201);
    await leaver.post(`/api/trips/${hosted}/chat/messages`, {
      clientId: randomUUID(),
      imageId: hostedPhoto.id,
    });
    const feed = new URL((await leaver.post(`/api/trips/${hosted}/calendar-feed`)).json().url).pathname;
    const feedRows = () =>
      db
        .select()
        .from(tripMembers)
        .where(and(eq(tripMembers.userId, leaver.id), isNotNull(tripMembers.calendarTokenHash)));
    expect(await feedRows()).toHaveLength(1);
    await leaver.post("/api/feedback", {
      type: "general",
      message: "Lovely app",
      email: "leaver@example.com",
    });

    const files = await db.select().from(uploads).where(eq(uploads.userId, leaver.id));
    expect(files).toHaveLength(2);
    const oldCookie = leaver.cookieHeader;
    const watch = await listen(admin, shared);

    const res = await del(leaver, "leaver@example.com");
    expect(res.statusCode).toBe(204);
    const cleared = [res.headers["set-cookie"]].flat().find((h) => h?.includes("session_token"));
    expect(cleared).toMatch(/Max-Age=0/);

    // Signed out everywhere: the old cookie is refused, the password no longer signs in.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: oldCookie } })).statusCode,
    ).toBe(401);
    expect((await client(t.app).signIn("leaver@example.com")).statusCode).toBe(401);

    // The shared trip lives on under its admin; the plain one under the longest-standing member.
    const sharedTrip = (await admin.get(`/api/trips/${shared}`)).json();
    expect(sharedTrip.trip).toMatchObject({
      ownerId: admin.id,
      memberCount: 2,
      my: { isOwner: true, role: "admin" },
    });
    expect(sharedTrip.members.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [admin.id, first.id].sort(),
    );
    expect((await first.get(`/api/trips/${plain}`)).json().trip).toMatchObject({
      ownerId: first.id,
      memberCount: 2,
      my: { isOwner: true, role: "admin", canInviteMembers: true },
    });
    const [plainRow] = await db.select().from(trips).where(eq(trips.id, plain));
    expect(plainRow).toMatchObject({ ownerId: first.id, totalMembers: 2 });
    // The new owner may do what an owner does: delete the trip.
    expect((await first.request("DELETE", `/api/trips/${plain}`)).statusCode).toBe(204);
    // The trip nobody else was in is gone, with its photo files.
    expect((await db.select().from(trips).where(eq(trips.id, alone))).length).toBe(0);
    for (const f of files.concat(await db.select().from(uploads).where(eq(uploads.tripId, alone))))
      expect(await t.app.ctx.storage.get(f.key)).toBeUndefined();
    for (const f of files) expect(await t.app.ctx.storage.get(f.thumbKey)).toBeUndefined();

    // The host's trip: one member fewer, the link and the feed dead, the messages there without a sender.
    expect((await host.get(`/api/trips/${hosted}`)).json().trip.memberCount).toBe(1);
    expect((await db.select().from(trips).where(eq(trips.id, hosted)))[0]!.totalMembers).toBe(1);
    expect((await t.app.inject({ method: "GET", url: `/api/shared/${link.json().token}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: feed })).statusCode).toBe(404);
    expect(await feedRows()).toEqual([]);
    const hostChat = (await host.get(`/api/trips/${hosted}/chat/messages`)).json().messages as {
      userId: string | null;
      senderName: string | null;
      content: string | null;
      image: unknown;
    }[];
    expect(hostChat.find((m) => m.content === "Thanks for having me")).toMatchObject({
      userId: null,
      senderName: null,
    });
    expect(hostChat.every((m) => m.image === null)).toBe(true);
    // The message that was only the photo shows as a deleted message, not an empty bubble.
    expect(hostChat.filter((m) => m.userId === null && m.content === null)).toEqual([
      expect.objectContaining({ deletedAt: expect.any(String) }),
    ]);
    expect((await host.get(hostedPhoto.url)).statusCode).toBe(404);
    const places = (await host.get(`/api/trips/${hosted}/places`)).json();
    const harbor = JSON.stringify(places);
    expect(harbor).toContain("Kobe Harbor");
    expect(harbor).not.toContain(hostedPhoto.id);
    const sharedChat = (await admin.get(`/api/trips/${shared}/chat/messages`)).json().messages;
    expect(sharedChat[0]).toMatchObject({ userId: null, senderName: null, content: "See you in Kyoto" });

    // The admin's open trip heard of it.
    await wait(100);
    expect(watch.events.find((e) => e.type === "membership.ended")).toMatchObject({ userId: leaver.id });
    expect(watch.events.map((e) => e.type)).toContain("members.changed");
    watch.ws.terminate();

    // Nothing of the user is left: no row, no address on feedback, no mail in the outbox.
    expect(await db.select().from(users).where(eq(users.id, leaver.id))).toEqual([]);
    expect(JSON.stringify(await db.select().from(feedback))).not.toContain("leaver@example.com");
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "leaver@example.com"))).toEqual([]);

    // The address is free again.
    const again = client(t.app);
    expect((await again.signUp("leaver@example.com")).statusCode).toBe(200);
  }, 60_000);

  it("lets a guest confirm with their name", async () => {
    const g = (await guest(t.app, "Guest Mio")) as Who;
    const trip = (await createTrip(g)).id;
    const wrong = await del(g, "guest mia");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe("That is not the name of this account");
    expect((await del(g, "guest mio")).statusCode).toBe(204);
    expect((await g.get("/api/me")).statusCode).toBe(401);
    expect((await t.app.ctx.database.db.select().from(trips).where(eq(trips.id, trip))).length).toBe(0);
  });

  it("drops the user's exports with the account", async () => {
    const user = (await registered(t.app, "exporter@example.com")) as Who;
    const job = (await user.post("/api/me/export")).json();
    const cookie = user.cookieHeader;
    expect((await del(user, "exporter@example.com")).statusCode).toBe(204);
    const again = await t.app.inject({
      method: "GET",
      url: `/api/me/export/${job.jobId}/file`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(401);
    // A new account with the same address does not find the old account's file.
    const fresh = (await registered(t.app, "exporter@example.com")) as Who;
    expect((await fresh.get(`/api/me/export/${job.jobId}/file`)).statusCode).toBe(404);
  });
});

// The session cache must not keep a deleted user signed in on the same cookie.
describe("a cached session", () => {
  it("ends with the account", async () => {
    const user = (await registered(t.app, "cached@example.com")) as Who;
    const cookie = user.cookieHeader;
    const me = () => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200); // now from the cache
    expect((await del(user, "cached@example.com")).statusCode).toBe(204);
    expect((await me()).statusCode).toBe(401);
  });
});
