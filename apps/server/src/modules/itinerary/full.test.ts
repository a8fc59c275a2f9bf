import { tripFullSchema } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest, inviteCode, join } from "../../test/fixtures";

// The trip screen's read is put together from parts shared by the members (full.ts); it must be the
// answer the schema gives, and a place write must show at once without re-reading what it cannot change.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/trips/:tripId/full", () => {
  it("is exactly the schema's serialisation, for each member, before and after place writes", async () => {
    const owner = await guest(t.app, "Full owner");
    const trip = await createTrip(owner);
    const friend = await guest(t.app, "Full friend");
    await join(friend, await inviteCode(owner, trip.id));
    const url = `/api/trips/${trip.id}`;
    const placeId = (
      await owner.post(`${url}/places`, { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292 })
    ).json().place.id;
    const same = (body: string) => JSON.stringify(tripFullSchema.parse(JSON.parse(body)));

    for (const c of [owner, friend])
      expect(same((await c.get(`${url}/full`)).body)).toBe((await c.get(`${url}/full`)).body);
    const before = (await friend.get(`${url}/full`)).json();
    expect(before.places.places[0]).toMatchObject({ myWish: null, canEdit: false });

    // The friend's wish and the owner's edit show in both answers at once; the members part is kept.
    expect((await friend.request("PUT", `${url}/places/${placeId}/wish`, { wishLevel: 9 })).statusCode).toBe(
      200,
    );
    expect((await owner.request("PATCH", `${url}/places/${placeId}`, { notes: "Go early" })).statusCode).toBe(
      200,
    );
    const mine = (await friend.get(`${url}/full`)).json();
    expect(mine.places.places[0]).toMatchObject({ myWish: 9, notes: "Go early" });
    expect(mine.members).toEqual(before.members);
    const owners = await owner.get(`${url}/full`);
    expect(same(owners.body)).toBe(owners.body);
    expect(owners.json().places.places[0].wishes.map((w: { name: string }) => w.name)).toEqual([
      "Full owner",
      "Full friend",
    ]);

    // A member change (not a place write) drops the kept members too.
    await owner.request("PATCH", `${url}/members/${friend.id}`, { canEditPlaces: true });
    const after = (await friend.get(`${url}/full`)).json();
    expect(after.members.find((m: { userId: string }) => m.userId === friend.id).canEditPlaces).toBe(true);
    expect(after.places.places[0].canEdit).toBe(true);

    // Deleting a place is a place write too.
    expect((await owner.request("DELETE", `${url}/places/${placeId}`)).statusCode).toBe(204);
    expect((await friend.get(`${url}/full`)).json().places.places).toEqual([]);
  });
});
