import { STARTER_LISTS, type TripEvent } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checklistItems, checklists } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };

/** A trip with an owner (admin), a member and a guest, and someone who is not in it. */
async function group(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner, { name: `${prefix} lists` });
  const aiko = (await guest(t.app, `${prefix} Aiko`)) as Who;
  const ben = (await guest(t.app, `${prefix} Ben`)) as Who;
  for (const m of [aiko, ben]) expect((await join(m, await inviteCode(owner, trip.id))).statusCode).toBe(200);
  const stranger = (await registered(t.app, `${prefix}-stranger@example.com`)) as Who;
  return { owner, aiko, ben, stranger, trip, base: `/api/trips/${trip.id}/lists` };
}

const patch = (c: TestClient, url: string, body: unknown) => c.request("PATCH", url, body);
const del = (c: TestClient, url: string) => c.request("DELETE", url);

/**
 * The checklists events of the trip of `base` while `run` runs, but none about `except` (a list made
 * before: on PostgreSQL its event comes back through NOTIFY and may arrive late).
 */
async function eventsOf(base: string, run: () => Promise<void>, except?: string): Promise<TripEvent[]> {
  const tripId = base.split("/")[3];
  const events: TripEvent[] = [];
  const off = t.app.ctx.bus.subscribeAll((e) => {
    if (
      e.type === "checklists.changed" &&
      e.tripId === tripId &&
      (except === undefined || e.listId !== except)
    )
      events.push(e);
  });
  await run();
  await new Promise((r) => setTimeout(r, 50)); // published after the answer
  off();
  return events;
}

describe("shared lists", () => {
  it("every member sees, adds, checks (who and when) and edits items; the author or an admin deletes", async () => {
    const { owner, aiko, ben, base } = await group("shared");
    let listId = "";
    const events = await eventsOf(base, async () => {
      const made = await aiko.post(base, { title: "Snacks for the train", kind: "todo" });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({
        title: "Snacks for the train",
        kind: "todo",
        personal: false,
        total: 0,
        items: [],
        createdBy: { userId: aiko.id, name: "shared Aiko" },
        canDelete: true,
      });
      listId = made.json().id;
    });
    expect(events).toEqual([expect.objectContaining({ type: "checklists.changed", listId })]);

    const onigiri = await ben.post(`${base}/${listId}/items`, { text: "  Onigiri  ", assigneeId: owner.id });
    expect(onigiri.statusCode).toBe(201);
    expect(onigiri.json()).toMatchObject({ text: "Onigiri", checked: false, assignee: { userId: owner.id } });
    const tea = await owner.post(`${base}/${listId}/items`, { text: "Green tea", dueOn: "2027-01-05" });
    expect(tea.json().dueOn).toBe("2027-01-05");

    // Checked by Ben: seen by Aiko with who and when; checking again keeps the first.
    const item = `${base}/${listId}/items/${onigiri.json().id}`;
    const checked = await patch(ben, item, { checked: true });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ checked: true, checkedBy: { userId: ben.id } });
    const at = checked.json().checkedAt;
    expect(Date.parse(at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await patch(aiko, item, { checked: true })).json().checkedBy.userId).toBe(ben.id);
    const seen = (await aiko.get(`${base}/${listId}`)).json();
    expect(seen.items.map((i: { text: string }) => i.text)).toEqual(["Onigiri", "Green tea"]);
    expect(seen.items[0]).toMatchObject({ checked: true, checkedAt: at, checkedBy: { userId: ben.id } });
    expect(seen).toMatchObject({ total: 2, done: 1 });
    const summary = (await owner.get(base)).json().lists;
    expect(summary).toEqual([expect.objectContaining({ id: listId, total: 2, done: 1, canDelete: true })]);

    // Unchecked: nobody checked it. Any member edits an item's text, assignee and date.
    expect((await patch(owner, item, { checked: false })).json()).toMatchObject({
      checked: false,
      checkedBy: null,
      checkedAt: null,
    });
    const edited = await patch(aiko, item, { text: "Onigiri x6", assigneeId: null, dueOn: "2027-01-04" });
    expect(edited.json()).toMatchObject({ text: "Onigiri x6", assignee: null, dueOn: "2027-01-04" });
    expect((await patch(ben, `${base}/${listId}`, { title: "Train snacks" })).json().title).toBe(
      "Train snacks",
    );

    // Deleting: Ben (neither author nor admin) may not; the owner (admin) may.
    expect((await del(ben, `${base}/${listId}/items/${tea.json().id}`)).statusCode).toBe(204);
    const refused = await del(ben, `${base}/${listId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the person who made the list or a trip admin can delete it",
    );
    expect((await ben.get(base)).json().lists[0].canDelete).toBe(false);
    expect((await del(owner, `${base}/${listId}`)).statusCode).toBe(204);
    expect((await aiko.get(`${base}/${listId}`)).statusCode).toBe(404);
  });

  it("validates: an assignee must be a member; texts have limits; bad ids are 404", async () => {
    const { owner, aiko, stranger, base } = await group("valid");
    const listId = (await owner.post(base, { title: "Packing" })).json().id;
    const items = `${base}/${listId}/items`;
    const notMember = await aiko.post(items, { text: "Tent", assigneeId: stranger.id });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error.message).toBe("Only a member of the trip can be assigned an item");
    expect((await aiko.post(items, { text: "Tent", assigneeId: "not-an-id" })).statusCode).toBe(400);
    const long = await aiko.post(items, { text: "x".repeat(201) });
    expect(long.json().error.message).toBe("Please use at most 200 characters for an item");
    expect((await aiko.post(items, { text: "   " })).json().error.message).toBe("Please enter the item");
    expect((await aiko.post(items, { text: "Tent", dueOn: "2027-02-30" })).statusCode).toBe(400);
    expect((await aiko.post(base, { title: "" })).json().error.message).toBe("Please give the list a name");
    expect((await aiko.post(base, { title: "y".repeat(81) })).statusCode).toBe(400);
    expect((await aiko.post(base, { title: "Odd", kind: "shopping" })).statusCode).toBe(400);
    expect((await aiko.post(base, { starter: "camping" })).statusCode).toBe(400);
    const tent = (await aiko.post(items, { text: "Tent" })).json().id;
    expect((await patch(aiko, `${items}/${tent}`, { assigneeId: stranger.id })).statusCode).toBe(400);
    expect((await patch(aiko, `${items}/${tent}`, {})).statusCode).toBe(400);
    expect((await patch(aiko, `${items}/nope`, { checked: true })).statusCode).toBe(404);
    expect((await aiko.get(`${base}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await aiko.get(`${base}/not-a-uuid`)).statusCode).toBe(404);
    // A Japanese reader gets the Japanese message.
    const ja = await aiko.request("POST", items, { text: "" }, { "accept-language": "ja" });
    expect(ja.json().error.message).toBe("項目を入力してください");
  });

  it("non-members get the generic 404 on every route, and see nothing", async () => {
    const { owner, stranger, base } = await group("outsider");
    const listId = (await owner.post(base, { title: "Secret plans" })).json().id;
    const itemId = (await owner.post(`${base}/${listId}/items`, { text: "Surprise cake" })).json().id;
    const item = `${base}/${listId}/items/${itemId}`;
    for (const res of [
      await stranger.get(base),
      await stranger.post(base, { title: "Mine" }),
      await stranger.get(`${base}/${listId}`),
      await patch(stranger, `${base}/${listId}`, { title: "x" }),
      await del(stranger, `${base}/${listId}`),
      await stranger.post(`${base}/${listId}/items`, { text: "x" }),
      await patch(stranger, item, { checked: true }),
      await stranger.post(`${item}/move`, { afterId: null }),
      await del(stranger, item),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Secret plans");
      expect(res.body).not.toContain("Surprise cake");
    }
  });
});

describe("personal lists", () => {
  it("are invisible to the others on every route and in every event", async () => {
    const { owner, aiko, ben, base } = await group("personal");
    const shared = (await owner.post(base, { title: "Group packing" })).json().id;
    let mine = "";
    let itemId = "";
    const events = await eventsOf(
      base,
      async () => {
        const made = await aiko.post(base, { title: "Aiko's gifts", kind: "other", personal: true });
        expect(made.statusCode).toBe(201);
        expect(made.json()).toMatchObject({ personal: true, canDelete: true });
        mine = made.json().id;
        itemId = (await aiko.post(`${base}/${mine}/items`, { text: "Ring for Ben" })).json().id;
        expect((await patch(aiko, `${base}/${mine}/items/${itemId}`, { checked: true })).statusCode).toBe(
          200,
        );
        expect((await patch(aiko, `${base}/${mine}`, { title: "Aiko's secret gifts" })).statusCode).toBe(200);
      },
      shared,
    );
    // Events of a personal list name nothing: no list, no text; the others' refetch shows nothing new.
    expect(events).toHaveLength(4);
    for (const e of events) {
      expect(e).toEqual({ type: "checklists.changed", tripId: e.tripId, seq: e.seq, listId: null });
      expect(JSON.stringify(e)).not.toContain("gifts");
      expect(JSON.stringify(e)).not.toContain("Ring");
    }

    // Aiko sees both; Ben and the owner (an admin) see only the shared one.
    expect(
      (await aiko.get(base))
        .json()
        .lists.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([shared, mine].sort());
    for (const other of [ben, owner]) {
      const lists = await other.get(base);
      expect(lists.json().lists.map((l: { id: string }) => l.id)).toEqual([shared]);
      expect(lists.body).not.toContain("gifts");
      const item = `${base}/${mine}/items/${itemId}`;
      for (const res of [
        await other.get(`${base}/${mine}`),
        await patch(other, `${base}/${mine}`, { title: "Seen" }),
        await del(other, `${base}/${mine}`),
        await other.post(`${base}/${mine}/items`, { text: "Peek" }),
        await patch(other, item, { checked: false }),
        await other.post(`${item}/move`, { afterId: null }),
        await del(other, item),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe("List not found");
        expect(res.body).not.toContain("gifts");
      }
    }
    // An item of the personal list is no neighbour for a move in a shared one either.
    const a = (await ben.post(`${base}/${shared}/items`, { text: "Towel" })).json().id;
    expect((await ben.post(`${base}/${shared}/items/${a}/move`, { afterId: itemId })).statusCode).toBe(400);
    // Still there for Aiko, unchanged; she deletes it.
    expect((await aiko.get(`${base}/${mine}`)).json()).toMatchObject({
      title: "Aiko's secret gifts",
      done: 1,
    });
    expect((await del(aiko, `${base}/${mine}`)).statusCode).toBe(204);
  });

  it("go when their owner leaves or is removed; shared lists stay", async () => {
    const { owner, aiko, ben, base, trip } = await group("leave");
    const sharedByAiko = (await aiko.post(base, { title: "Aiko's shared list" })).json().id;
    const aikoPersonal = (await aiko.post(base, { title: "Aiko's own", personal: true })).json().id;
    await aiko.post(`${base}/${aikoPersonal}/items`, { text: "Diary" });
    const benPersonal = (await ben.post(base, { title: "Ben's own", personal: true })).json().id;
    const db = t.app.ctx.database.db;
    const count = async () => (await db.select().from(checklists)).filter((l) => l.tripId === trip.id);

    expect((await aiko.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    let left = await count();
    expect(left.map((l) => l.id).sort()).toEqual([sharedByAiko, benPersonal].sort());
    expect((await aiko.get(base)).statusCode).toBe(404);
    // The shared list stays with the group; a former member's list shows no author.
    expect((await ben.get(base)).json().lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: sharedByAiko, createdBy: null })]),
    );

    expect((await del(owner, `/api/trips/${trip.id}/members/${ben.id}`)).statusCode).toBe(204);
    left = await count();
    expect(left.map((l) => l.id)).toEqual([sharedByAiko]);
    // Their items went with them.
    const items = await db.select().from(checklistItems);
    expect(items.some((i) => i.text === "Diary")).toBe(false);
  });

  it("go with their owner's account; the shared ones stay without an author", async () => {
    const { owner, aiko, base, trip } = await group("account");
    const mine = (await owner.post(base, { title: "Owner's own", personal: true })).json().id;
    const shared = (await owner.post(base, { title: "Owner's shared" })).json().id;
    const gone = await owner.request("DELETE", "/api/me", { confirm: "account-owner@example.com" });
    expect(gone.statusCode).toBe(204);
    const rows = (await t.app.ctx.database.db.select().from(checklists)).filter((l) => l.tripId === trip.id);
    expect(rows.map((l) => l.id)).toEqual([shared]);
    expect(rows.some((l) => l.id === mine)).toBe(false);
    expect((await aiko.get(base)).json().lists).toEqual([
      expect.objectContaining({ id: shared, createdBy: null }),
    ]);
  });
});

describe("starter lists", () => {
  it("copies a starter list in the reader's language, or the one asked for", async () => {
    const { aiko, base } = await group("starter");
    const ja = await aiko.request("POST", base, { starter: "packing" }, { "accept-language": "ja" });
    expect(ja.statusCode).toBe(201);
    expect(ja.json()).toMatchObject({ title: "持ち物の基本", kind: "packing", personal: false });
    expect(ja.json().items.map((i: { text: string }) => i.text)).toEqual(STARTER_LISTS.packing.text.ja.items);
    const ko = await aiko.post(base, { starter: "departure", language: "ko", personal: true });
    expect(ko.json()).toMatchObject({ title: "출발 전 할 일", kind: "todo", personal: true });
    expect(ko.json().total).toBe(STARTER_LISTS.departure.text.ko.items.length);
    const named = await aiko.post(base, { starter: "booking", title: "Our bookings" });
    expect(named.json()).toMatchObject({ title: "Our bookings", kind: "booking" });
    expect(named.json().items[0].text).toBe("Flights");
    // In order, each after the last.
    const positions = named.json().items.map((i: { position: number }) => i.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe("order", () => {
  it("moves an item between its new neighbours, writing that row only", async () => {
    const { aiko, ben, base } = await group("order");
    const listId = (await aiko.post(base, { title: "Steps" })).json().id;
    const ids: string[] = [];
    for (const text of ["A", "B", "C", "D"])
      ids.push((await aiko.post(`${base}/${listId}/items`, { text })).json().id);
    const texts = async () =>
      (await ben.get(`${base}/${listId}`))
        .json()
        .items.map((i: { text: string }) => i.text)
        .join("");
    const before = new Map(
      (await ben.get(`${base}/${listId}`))
        .json()
        .items.map((i: { id: string; position: number }) => [i.id, i.position]),
    );
    const move = (id: string, afterId: string | null) =>
      ben.post(`${base}/${listId}/items/${id}/move`, { afterId });

    const moved = await move(ids[3]!, ids[0]!); // D after A
    expect(moved.statusCode).toBe(200);
    expect(await texts()).toBe("ADBC");
    const after = (await ben.get(`${base}/${listId}`)).json().items as { id: string; position: number }[];
    // Only D's position changed.
    for (const i of after) if (i.id !== ids[3]) expect(i.position).toBe(before.get(i.id));
    expect((await move(ids[2]!, null)).statusCode).toBe(200); // C first
    expect(await texts()).toBe("CADB");
    expect((await move(ids[2]!, ids[1]!)).statusCode).toBe(200); // C last
    expect(await texts()).toBe("ADBC");
    expect((await move(ids[0]!, ids[0]!)).statusCode).toBe(200); // after itself: stays
    expect(await texts()).toBe("ADBC");

    // Sixty moves into the same gap run out of room between doubles: the list is renumbered once.
    // (D, then B, then D... each right after A: the last, B.)
    for (let n = 0; n < 60; n++) {
      expect((await move(ids[n % 2 === 0 ? 3 : 1]!, ids[0]!)).statusCode).toBe(200);
    }
    expect(await texts()).toBe("ABDC");
    expect((await move(ids[1]!, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(400);
  });
});

describe("limits", () => {
  it("caps lists per trip and items per list with a clear message", async () => {
    const { owner, aiko, base, trip } = await group("limits");
    const db = t.app.ctx.database.db;
    await db
      .insert(checklists)
      .values(
        Array.from({ length: 49 }, (_, i) => ({ tripId: trip.id, createdBy: owner.id, title: `L${i}` })),
      );
    const fiftieth = await aiko.post(base, { title: "Fiftieth", personal: true });
    expect(fiftieth.statusCode).toBe(201);
    const over = await aiko.post(base, { title: "Fifty-first" });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe("A trip can keep at most 50 lists");

    const listId = fiftieth.json().id;
    await db
      .insert(checklistItems)
      .values(
        Array.from({ length: 499 }, (_, i) => ({ checklistId: listId, text: `I${i}`, position: i + 1 })),
      );
    expect((await aiko.post(`${base}/${listId}/items`, { text: "Last one" })).statusCode).toBe(201);
    const full = await aiko.post(`${base}/${listId}/items`, { text: "One too many" });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe("A list can keep at most 500 items");
  });
});
