import type { ShareAnalytics, SharedExport, SharedView, ShareLink } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers, tripShares } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { client, createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";
import { hashToken } from "./token";

let t: TestApp;
let owner: Awaited<ReturnType<typeof registered>>;
let premium: Awaited<ReturnType<typeof registered>>;
let friend: Awaited<ReturnType<typeof registered>>;
let tripId: string;
let premiumTripId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registered(t.app, "share-owner@example.com");
  premium = await registered(t.app, "share-premium@example.com", { premium: true });
  friend = await registered(t.app, "share-friend@example.com");
  tripId = (await createTrip(owner, { name: "Kyoto in spring", description: "Temples and tea" })).id;
  premiumTripId = (await createTrip(premium, { name: "Secret Seoul" })).id;
  await join(friend, await inviteCode(owner, tripId));
  const place = await owner.post(`/api/trips/${tripId}/places`, {
    name: "Kinkaku-ji",
    latitude: 35.0394,
    longitude: 135.7292,
    category: "temple",
    notes: "Go early",
    wishLevel: 9,
  });
  expect(place.statusCode, place.body).toBe(201);
}, 60_000);
afterAll(() => t.close());

const links = (trip = tripId) => `/api/trips/${trip}/shares`;
async function makeLink(
  c = owner,
  body: Record<string, unknown> = { shareType: "external_view" },
  trip = tripId,
) {
  const res = await c.post(links(trip), body);
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json() as ShareLink;
}
const view = (c: ReturnType<typeof client>, token: string) => c.get(`/api/shared/${token}`);

describe("share links", () => {
  it("reuses an active link of the type (spec 3 s.4) and stores only a hash of its token", async () => {
    const first = await owner.post(links(), { shareType: "external_view" });
    const again = await owner.post(links(), { shareType: "external_view" });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    const link = first.json() as ShareLink;
    expect(again.json().id).toBe(link.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.ctx.database.db.select().from(tripShares).where(eq(tripShares.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    // The other type is its own link.
    const collab = await makeLink(owner, { shareType: "external_collaborate" });
    expect(collab.id).not.toBe(link.id);
    expect(collab.permissions).toMatchObject({
      canJoinAsMember: true,
      canAddPlaces: true,
      canEditPlaces: false,
    });
  });

  it("is for admins and members allowed to invite", async () => {
    const res = await friend.post(links(), { shareType: "external_view" });
    expect(res.statusCode).toBe(403);
    expect((await friend.get(links())).statusCode).toBe(403);
    const outsider = await registered(t.app, "share-outsider@example.com");
    expect((await outsider.post(links(), { shareType: "external_view" })).statusCode).toBe(404);
  });

  it("a view link never lets anyone join or change anything, whatever was asked", async () => {
    const link = await makeLink(owner, {
      shareType: "external_view",
      permissions: { canJoinAsMember: true, canAddPlaces: true },
    });
    expect(link.permissions).toMatchObject({ canJoinAsMember: false, canAddPlaces: false });
    const visitor = await registered(t.app, "share-viewer@example.com");
    const res = await visitor.post(`/api/shared/${link.token}/join`);
    expect(res.statusCode).toBe(403);
    // Not a member: the trip's own routes stay closed.
    expect(
      (await visitor.post(`/api/trips/${tripId}/places`, { name: "X", latitude: 35, longitude: 135 }))
        .statusCode,
    ).toBe(404);
  });

  it("shows a signed-out visitor the trip with its places, without members' names", async () => {
    const link = await makeLink();
    const res = await view(client(t.app), link.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SharedView;
    expect(body.status).toBe("ok");
    if (body.status !== "ok") return;
    expect(body.trip).toMatchObject({
      name: "Kyoto in spring",
      description: "Temples and tea",
      placeCount: 1,
    });
    expect(body.trip.places?.[0]).toMatchObject({ name: "Kinkaku-ji", notes: "Go early", priority: 5 });
    expect(body.shareType).toBe("external_view");
    expect(res.body).not.toContain("share-owner");
    expect(res.body).not.toContain(owner.id);
  });

  it("hides the places when the link does not allow viewing them", async () => {
    const link = await makeLink(owner, { shareType: "external_view", permissions: { canViewPlaces: false } });
    const body = (await view(client(t.app), link.token)).json() as SharedView;
    expect(body.status === "ok" && body.trip.places).toBeNull();
    expect(body.status === "ok" && body.trip.placeCount).toBe(1);
  });

  it("answers one 404 for unknown, revoked, expired and used-up links", async () => {
    const visitor = client(t.app);
    expect((await view(visitor, "x".repeat(43))).statusCode).toBe(404);
    expect((await view(visitor, "short")).statusCode).toBe(404);
    const revoked = await makeLink(owner, { shareType: "external_view", maxUses: 100 });
    expect((await owner.request("DELETE", `${links()}/${revoked.id}`)).statusCode).toBe(204);
    const expired = await makeLink(owner, {
      shareType: "external_view",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.app.ctx.database.db
      .update(tripShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tripShares.id, expired.id));
    const once = await makeLink(owner, { shareType: "external_view", maxUses: 1 });
    expect((await view(client(t.app), once.token)).statusCode).toBe(200);
    for (const token of [revoked.token, expired.token, once.token]) {
      const res = await view(client(t.app), token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe("This shared link does not exist, has expired or was revoked.");
    }
    // And the reuse rule passes over them.
    const list = (await owner.get(links())).json().links as ShareLink[];
    expect(list.map((l) => l.id)).not.toContain(revoked.id);
    expect(list.map((l) => l.id)).not.toContain(once.id);
  });
});

describe("when membership ends", () => {
  it("the links a member made stop opening when they leave or are removed", async () => {
    const trip = (await createTrip(premium, { name: "Busan weekend" })).id;
    const helper = await registered(t.app, "share-helper@example.com");
    await join(helper, await inviteCode(premium, trip));
    const member = (await premium.get(`/api/trips/${trip}`))
      .json()
      .members.find((m: { userId: string }) => m.userId === helper.id);
    expect(member).toBeTruthy();
    await premium.request("PATCH", `/api/trips/${trip}/members/${helper.id}`, { canInviteMembers: true });
    const theirs = await makeLink(helper, { shareType: "external_view" }, trip);
    const mine = await makeLink(premium, { shareType: "external_view", maxUses: 9 }, trip);
    expect((await view(client(t.app), theirs.token)).statusCode).toBe(200);
    expect((await premium.request("DELETE", `/api/trips/${trip}/members/${helper.id}`)).statusCode).toBe(204);
    expect((await view(client(t.app), theirs.token)).statusCode).toBe(404);
    expect((await view(client(t.app), mine.token)).statusCode).toBe(200);
  });
});

describe("joining by link", () => {
  it("joins a signed-in user with the spec's flags and a colour, once", async () => {
    const link = await makeLink(owner, { shareType: "external_collaborate" });
    const newcomer = await registered(t.app, "share-joiner@example.com");
    const res = await newcomer.post(`/api/shared/${link.token}/join`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tripId, alreadyMember: false });
    const [m] = await t.app.ctx.database.db
      .select()
      .from(tripMembers)
      .where(eq(tripMembers.userId, newcomer.id));
    expect(m).toMatchObject({
      tripId,
      role: "member",
      canAddPlaces: true,
      canEditPlaces: false,
      canOptimize: true,
      canInviteMembers: false,
    });
    expect(m!.assignedColorIndex).toBeGreaterThan(0);
    // A second join is a success that changes nothing (a duplicate member counts as success).
    expect((await newcomer.post(`/api/shared/${link.token}/join`)).json()).toEqual({
      tripId,
      alreadyMember: true,
    });
    const after = (await owner.get(links())).json().links.find((l: ShareLink) => l.id === link.id);
    expect(after.currentUses).toBe(1);
    // A member opening the link is told where the trip is.
    const seen = (await view(newcomer, link.token)).json() as SharedView;
    expect(seen.status === "ok" && seen.memberTripId).toBe(tripId);
  });

  it("lets guests join and needs a session", async () => {
    const link = await makeLink(owner, { shareType: "external_collaborate" });
    expect((await client(t.app).post(`/api/shared/${link.token}/join`)).statusCode).toBe(401);
    const g = await guest(t.app, "Mina");
    expect((await g.post(`/api/shared/${link.token}/join`)).statusCode).toBe(200);
  });

  it("keeps the plan's trip limit with the spec's message", async () => {
    const busy = await registered(t.app, "share-busy@example.com");
    for (let i = 0; i < 3; i++) await createTrip(busy);
    const link = await makeLink(owner, { shareType: "external_collaborate" });
    const res = await busy.post(`/api/shared/${link.token}/join`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      "You have reached the maximum limit of 3 trips for your current plan. Please upgrade to Premium to join more trips.",
    );
  });
});

describe("passwords (Premium)", () => {
  it("are Premium: a free user gets PREMIUM_REQUIRED", async () => {
    const res = await owner.post(links(), { shareType: "external_view", password: "letmein" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("PREMIUM_REQUIRED");
  });

  it("keep the trip hidden until the right password, then open it by cookie", async () => {
    const link = await makeLink(
      premium,
      { shareType: "external_collaborate", password: "plum blossom" },
      premiumTripId,
    );
    expect(link.hasPassword).toBe(true);
    const [row] = await t.app.ctx.database.db.select().from(tripShares).where(eq(tripShares.id, link.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const visitor = client(t.app);
    const locked = await view(visitor, link.token);
    expect(locked.json()).toEqual({ status: "password" });
    expect(locked.body).not.toContain("Secret Seoul");
    expect((await visitor.get(`/api/shared/${link.token}/export`)).statusCode).toBe(401);
    const wrong = await visitor.post(`/api/shared/${link.token}/unlock`, { password: "cherry" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("WRONG_PASSWORD");
    const right = await visitor.post(`/api/shared/${link.token}/unlock`, { password: "plum blossom" });
    expect(right.statusCode).toBe(204);
    expect(right.headers["set-cookie"]).toMatch(/HttpOnly/);
    expect(String(right.headers["set-cookie"])).not.toContain("plum");
    const open = (await view(visitor, link.token)).json() as SharedView;
    expect(open.status === "ok" && open.trip.name).toBe("Secret Seoul");
    // Changing the password closes the link to browsers that knew the old one.
    await premium.request("PATCH", `${links(premiumTripId)}/${link.id}`, { password: "new blossom" });
    expect((await view(visitor, link.token)).json()).toEqual({ status: "password" });
  });

  it("limit wrong attempts per client and per link", async () => {
    const link = await makeLink(
      premium,
      { shareType: "external_view", password: "persimmon" },
      premiumTripId,
    );
    const guesser = client(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await guesser.post(`/api/shared/${link.token}/unlock`, { password: `guess-${i}` })).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits: the limit is on the client, not on wrong answers alone.
    expect(
      (await guesser.post(`/api/shared/${link.token}/unlock`, { password: "persimmon" })).statusCode,
    ).toBe(429);
    // Other clients: the link allows 20 wrong answers in 15 minutes, then no one gets in by guessing.
    let lastWrong = 0;
    for (let i = 0; i < 4; i++) {
      const c = client(t.app);
      for (let k = 0; k < 5; k++)
        lastWrong = (await c.post(`/api/shared/${link.token}/unlock`, { password: `x${i}${k}` })).statusCode;
    }
    expect(lastWrong).toBe(429);
    expect(
      (await client(t.app).post(`/api/shared/${link.token}/unlock`, { password: "persimmon" })).statusCode,
    ).toBe(429);
  });
});

describe("export and analytics", () => {
  it("exports the spec's file, named from the trip, when the link allows it", async () => {
    const link = await makeLink();
    const res = await client(t.app).get(`/api/shared/${link.token}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''kyoto-in-spring.json");
    const file = res.json() as SharedExport;
    expect(Object.keys(file).sort()).toEqual(["exportedAt", "exportedFrom", "trip"]);
    expect(file.trip.name).toBe("Kyoto in spring");
    expect(file.trip.places.map((p) => p.name)).toEqual(["Kinkaku-ji"]);
    expect(file.exportedFrom).toContain(`/shared/${link.token}`);
    const closed = await makeLink(owner, { shareType: "external_view", permissions: { canExport: false } });
    expect((await client(t.app).get(`/api/shared/${closed.token}/export`)).statusCode).toBe(403);
  });

  it("counts opens, unique visitors, joins and exports per day, for Premium only", async () => {
    const link = await makeLink(premium, { shareType: "external_collaborate", maxUses: 50 }, premiumTripId);
    const a = client(t.app);
    const b = client(t.app);
    await view(a, link.token);
    await view(a, link.token);
    await view(b, link.token);
    await premium.get(`/api/shared/${link.token}`); // members' own opens do not count
    await b.get(`/api/shared/${link.token}/export`);
    const joiner = await registered(t.app, "share-counted@example.com");
    await joiner.post(`/api/shared/${link.token}/join`);
    const res = await premium.get(`${links(premiumTripId)}/${link.id}/analytics`);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as ShareAnalytics;
    expect(stats.days).toHaveLength(30);
    expect(stats.totals).toEqual({ opens: 3, visitors: 2, joins: 1, exports: 1 });
    expect(stats.days.at(-1)).toMatchObject({ opens: 3, visitors: 2, joins: 1, exports: 1 });
    const free = await owner.get(`${links()}/${(await makeLink()).id}/analytics`);
    expect(free.statusCode).toBe(403);
    expect(free.json().error.code).toBe("PREMIUM_REQUIRED");
  });
});
