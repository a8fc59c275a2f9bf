import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, guest, inviteCode, join, registered } from "../test/fixtures";

// The trip screen's read and the guard's membership are served from memory between changes; every
// kind of change must show on the very next read, for the writer and for the other members.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("cached reads", () => {
  it("show every change at once, to everyone in the trip", async () => {
    const owner = await registered(t.app, "cache-owner@example.com");
    const trip = await createTrip(owner);
    const friend = await guest(t.app, "Cache friend");
    await join(friend, await inviteCode(owner, trip.id));
    const full = (c: typeof owner | typeof friend) => c.get(`/api/trips/${trip.id}/full`);

    const first = (await full(friend)).json();
    expect(first.places.places).toHaveLength(0);
    expect((await full(friend)).body).toBe((await full(friend)).body); // served again, unchanged

    // Another member's write.
    const added = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Kinkaku-ji",
      latitude: 35.0394,
      longitude: 135.7292,
      wishLevel: 5,
    });
    expect(added.statusCode).toBe(201);
    expect((await full(friend)).json().places.places.map((p: { name: string }) => p.name)).toEqual([
      "Kinkaku-ji",
    ]);

    // A permission change is seen by the guard of the next request.
    expect((await full(friend)).json().trip.my.canOptimize).toBe(true);
    const changed = await owner.request("PATCH", `/api/trips/${trip.id}/members/${friend.id}`, {
      canOptimize: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await full(friend)).json().trip.my.canOptimize).toBe(false);
    expect((await friend.post(`/api/trips/${trip.id}/optimizations`, {})).statusCode).toBe(403);

    // A name change (not a trip write) reaches the other members' copy.
    const renamed = await friend.post("/api/auth/update-user", { name: "Cleo" });
    expect(renamed.statusCode).toBe(200);
    const names = (await full(owner)).json().members.map((m: { name: string }) => m.name);
    expect(names).toContain("Cleo");

    // Leaving ends access at once, though the membership was cached.
    expect((await friend.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await full(friend)).statusCode).toBe(404);
    expect((await full(owner)).json().members).toHaveLength(1);
  });

  it("forget a session at sign-out", async () => {
    const user = await registered(t.app, "cache-signout@example.com");
    const cookie = user.cookieHeader;
    expect((await user.get("/api/me")).statusCode).toBe(200);
    expect((await user.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });

  it("do not let a refused request drop the trip's copy", async () => {
    const owner = await registered(t.app, "cache-refused@example.com");
    const trip = await createTrip(owner);
    const stranger = await guest(t.app, "Stranger");
    await owner.get(`/api/trips/${trip.id}/full`);
    const before = t.app.ctx.caches.trips.size;
    expect((await stranger.request("PATCH", `/api/trips/${trip.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect(t.app.ctx.caches.trips.size).toBe(before);
  });
});
