import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest, inviteCode, join } from "../../test/fixtures";

// The busy place statements are written by hand, and on PGlite run as prepared statements with their
// values written in as literals (db/pglite-prepared.ts): every value must come back as it was sent.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TRICKY = ["O'Brien's \\ café", "E'x' || 'y", "\\x27; drop table places; --", "東寺 🏯", "$1 $$ ::uuid"];

describe("hand-written place statements", () => {
  it("keep every value as sent, through add, edit, wish and list", async () => {
    const owner = await guest(t.app, "Stmt owner");
    const trip = await createTrip(owner);
    const friend = await guest(t.app, "Stmt friend");
    await join(friend, await inviteCode(owner, trip.id));
    const url = `/api/trips/${trip.id}/places`;
    const ids: string[] = [];
    for (const [i, name] of TRICKY.entries()) {
      const res = await owner.post(url, {
        name,
        latitude: 35 + i / 10,
        longitude: -135.25 - i / 7,
        notes: `${name} (notes)`,
        photos: [`https://example.org/${i}.jpg?q='x'`],
        rating: 4.5,
        priceLevel: 0,
        wishLevel: 1 + i,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().place).toMatchObject({
        name,
        notes: `${name} (notes)`,
        longitude: -135.25 - i / 7,
        myWish: 1 + i,
      });
      ids.push(res.json().place.id);
    }
    const edited = await owner.request("PATCH", `${url}/${ids[0]}`, { notes: TRICKY[1], stayMinutes: 45 });
    expect(edited.json()).toMatchObject({ notes: TRICKY[1], stayMinutes: 45, name: TRICKY[0] });
    expect((await friend.request("PUT", `${url}/${ids[1]}/wish`, { wishLevel: 3 })).statusCode).toBe(200);
    const wish = await friend.request("PATCH", `${url}/${ids[1]}`, { wishLevel: 7 });
    expect(wish.json()).toMatchObject({
      myWish: 7,
      wishes: [{ wishLevel: 2 }, { name: "Stmt friend", wishLevel: 7 }],
    });
    const list = (await friend.get(url)).json().places;
    expect(list.map((p: { name: string }) => p.name)).toEqual(TRICKY);
    expect(list[0]).toMatchObject({
      notes: TRICKY[1],
      photos: ["https://example.org/0.jpg?q='x'"],
      rating: 4.5,
    });
    expect(list[0].addedBy).toMatchObject({ name: "Stmt owner" });
  });
});
