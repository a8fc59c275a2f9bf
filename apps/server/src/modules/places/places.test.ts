import { PLACE_MESSAGES } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optimizationResults, places, trips } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KINKAKU = { name: "Kinkaku-ji", address: "Kita Ward, Kyoto", latitude: 35.0394, longitude: 135.7292 };
type Who = TestClient & { id: string };

async function tripWithTwo(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner);
  const member = (await guest(t.app, `${prefix} member`)) as Who;
  await join(member, await inviteCode(owner, trip.id));
  const url = `/api/trips/${trip.id}/places`;
  return { owner, member, trip, url };
}

describe("adding places", () => {
  it("adds a place with the proposer's wish, defaults and colour", async () => {
    const { owner, url } = await tripWithTwo("add");
    const res = await owner.post(url, {
      ...KINKAKU,
      wishLevel: 8,
      preferredTimeOfDay: "morning",
      notes: " Golden ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      merged: false,
      place: {
        name: "Kinkaku-ji",
        stayMinutes: 120,
        category: "tourist_attraction",
        preferredTimeOfDay: "morning",
        notes: "Golden",
        myWish: 8,
        status: "pending",
        canEdit: true,
        canDelete: true,
        addedBy: { name: "add-owner", color: "#0077BE" },
        wishes: [{ name: "add-owner", wishLevel: 8 }],
      },
    });
  });

  it("keeps the local name from place search and its country, shown beside the English name", async () => {
    const { owner, url } = await tripWithTwo("local");
    const res = await owner.post(url, { ...KINKAKU, localName: "金閣寺", countryCode: "JP" });
    expect(res.statusCode).toBe(201);
    expect(res.json().place).toMatchObject({ localName: "金閣寺", countryCode: "JP" });
    const [row] = await t.app.ctx.database.db.select().from(places).where(eq(places.id, res.json().place.id));
    expect(row).toMatchObject({ localName: "金閣寺", countryCode: "JP" });
    // A pin has neither; a country that is no ISO code is refused.
    const pin = await owner.post(url, { name: "Our hotel", latitude: 35, longitude: 135.7 });
    expect(pin.json().place).toMatchObject({ localName: null, countryCode: null });
    expect((await owner.post(url, { ...KINKAKU, countryCode: "Japan" })).statusCode).toBe(400);
  });

  it("merges the same real place proposed by two members into one place with two wishes", async () => {
    const { owner, member, url } = await tripWithTwo("dup");
    await owner.post(url, { ...KINKAKU, wishLevel: 10 });
    const again = await member.post(url, { ...KINKAKU, name: "kinkaku-ji", latitude: 35.0397, wishLevel: 4 });
    expect(again.statusCode).toBe(201);
    expect(again.json().merged).toBe(true);
    const list = (await member.get(url)).json();
    expect(list.places).toHaveLength(1);
    expect(
      list.places[0].wishes.map((w: { name: string; wishLevel: number; color: string }) => [
        w.name,
        w.wishLevel,
        w.color,
      ]),
    ).toEqual([
      ["dup-owner", 10, "#0077BE"],
      ["dup member", 4, "#228B22"],
    ]);
    expect(list.places[0]).toMatchObject({ myWish: 4, canEdit: false, canDelete: false });
    const twice = await member.post(url, KINKAKU);
    expect(twice.json().error.message).toBe(PLACE_MESSAGES.alreadyWished);
  });

  it("lets a member add a wish to a place someone else proposed, and take it back", async () => {
    const { owner, member, url } = await tripWithTwo("wish");
    const placeId = (await owner.post(url, KINKAKU)).json().place.id;
    const want = await member.request("PUT", `${url}/${placeId}/wish`, { wishLevel: 9 });
    expect(want.json().wishes).toHaveLength(2);
    expect(want.json().myWish).toBe(9);
    const back = await member.request("DELETE", `${url}/${placeId}/wish`);
    expect(back.json().place.wishes).toHaveLength(1);
    expect(back.json().place.myWish).toBeNull();
  });

  it("refuses a member's 11th place on the free plan", async () => {
    const { member, url } = await tripWithTwo("limit");
    for (let i = 0; i < 10; i++) {
      const r = await member.post(url, { name: `Spot ${i}`, latitude: 35 + i / 100, longitude: 135.7 });
      expect(r.statusCode).toBe(201);
    }
    const eleventh = await member.post(url, { name: "Spot 11", latitude: 35.5, longitude: 135.7 });
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().error).toEqual({ code: "PLAN_LIMIT", message: PLACE_MESSAGES.placeLimit });
    expect((await member.get(url)).json().usage).toEqual({ mine: 10, limit: 10 });
  });

  it("after the deadline refuses a member (server side) but not an admin", async () => {
    const { owner, member, trip, url } = await tripWithTwo("late");
    await t.app.ctx.database.db
      .update(trips)
      .set({ addPlaceDeadline: new Date(Date.now() - 60_000) })
      .where(eq(trips.id, trip.id));
    const refused = await member.post(url, KINKAKU);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PLACE_MESSAGES.deadlinePassed);
    expect((await owner.post(url, KINKAKU)).statusCode).toBe(201);
  });

  it("honours can_add_places", async () => {
    const { owner, member, trip, url } = await tripWithTwo("flag");
    await owner.request("PATCH", `/api/trips/${trip.id}/members/${member.id}`, { canAddPlaces: false });
    const refused = await member.post(url, KINKAKU);
    expect(refused.json().error.message).toBe(PLACE_MESSAGES.noAddPermission);
  });

  it("validates the body with clear messages", async () => {
    const { owner, url } = await tripWithTwo("bad");
    expect((await owner.post(url, { ...KINKAKU, name: " " })).json().error.message).toContain(
      "Please enter the place's name",
    );
    expect((await owner.post(url, { ...KINKAKU, latitude: 123 })).statusCode).toBe(400);
    expect((await owner.post(url, { ...KINKAKU, wishLevel: 11 })).statusCode).toBe(400);
    expect((await owner.post(url, { ...KINKAKU, stayMinutes: 0 })).statusCode).toBe(400);
  });
});

describe("editing and deleting", () => {
  it("lets the proposer and admins edit; others change only their own wish", async () => {
    const { owner, member, trip, url } = await tripWithTwo("edit");
    const placeId = (await member.post(url, KINKAKU)).json().place.id;
    const own = await member.request("PATCH", `${url}/${placeId}`, {
      name: "Golden Pavilion",
      stayMinutes: 90,
      wishLevel: 7,
    });
    expect(own.json()).toMatchObject({ name: "Golden Pavilion", stayMinutes: 90, myWish: 7 });
    const byAdmin = await owner.request("PATCH", `${url}/${placeId}`, {
      category: "temple",
      notes: "Bring cash",
    });
    expect(byAdmin.json()).toMatchObject({ category: "temple", notes: "Bring cash" });

    const other = (await guest(t.app, "Other")) as Who;
    await join(other, await inviteCode(owner, trip.id));
    const refused = await other.request("PATCH", `${url}/${placeId}`, { name: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PLACE_MESSAGES.noEditPermission);
    const noWish = await other.request("PATCH", `${url}/${placeId}`, { wishLevel: 5 });
    expect(noWish.statusCode).toBe(409);
  });

  it("hands a place on when its proposer deletes it but others still want it", async () => {
    const { owner, member, url } = await tripWithTwo("handon");
    const placeId = (await member.post(url, KINKAKU)).json().place.id;
    await owner.request("PUT", `${url}/${placeId}/wish`, { wishLevel: 6 });
    expect((await member.request("DELETE", `${url}/${placeId}`)).statusCode).toBe(204);
    const after = (await owner.get(url)).json().places;
    expect(after).toHaveLength(1);
    expect(after[0].addedBy.name).toBe("handon-owner");
    expect(after[0].wishes).toHaveLength(1);
    // An admin deletes it for everyone.
    expect((await owner.request("DELETE", `${url}/${placeId}`)).statusCode).toBe(204);
    expect((await owner.get(url)).json().places).toEqual([]);
  });
});

describe("statuses", () => {
  it("are pending before any optimisation, then scheduled or unscheduled", async () => {
    const { owner, trip, url } = await tripWithTwo("status");
    const a = (await owner.post(url, KINKAKU)).json().place.id;
    await owner.post(url, { name: "Ginkaku-ji", latitude: 35.027, longitude: 135.7982 });
    expect((await owner.get(url)).json().places.map((p: { status: string }) => p.status)).toEqual([
      "pending",
      "pending",
    ]);
    const db = t.app.ctx.database.db;
    await db
      .insert(optimizationResults)
      .values({ tripId: trip.id, optimizedRoute: {}, optimizationScore: {}, isActive: true });
    await db.update(places).set({ scheduled: true, scheduledDate: "2026-12-24" }).where(eq(places.id, a));
    const list = (await owner.get(url)).json();
    expect(list.optimized).toBe(true);
    expect(
      list.places.map((p: { status: string; scheduledDate: string | null }) => [p.status, p.scheduledDate]),
    ).toEqual([
      ["scheduled", "2026-12-24"],
      ["unscheduled", null],
    ]);
  });
});
