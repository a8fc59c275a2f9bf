import type { TripEvent } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, inviteCode, join, registered } from "../../test/fixtures";

// Leaving means leaving: the calendar feed and the live socket end the moment the membership does.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const PLACES = [
  { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, stayMinutes: 90 },
  { name: "Nishiki Market", latitude: 35.005, longitude: 135.7648, stayMinutes: 60 },
];
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function optimisedTrip(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const friend = (await registered(t.app, `${prefix}-friend@example.com`)) as Who;
  const trip = await createTrip(owner);
  expect((await join(friend, await inviteCode(owner, trip.id))).statusCode).toBe(200);
  for (const p of PLACES) await owner.post(`/api/trips/${trip.id}/places`, p);
  await owner.post(`/api/trips/${trip.id}/optimizations`, {});
  for (let i = 0; i < 200; i++) {
    const { progress, running } = (await owner.get(`/api/trips/${trip.id}/optimizations/progress`)).json();
    if (!running && progress?.stage === "complete") break;
    await wait(50);
  }
  return { owner, friend, tripId: trip.id as string };
}

const feedPath = async (c: TestClient, tripId: string) =>
  new URL((await c.post(`/api/trips/${tripId}/calendar-feed`)).json().url).pathname;
const readFeed = (path: string) => t.app.inject({ method: "GET", url: path });

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

describe("when a membership ends", () => {
  for (const how of ["leaves", "is removed by an admin"] as const) {
    it(`a member who ${how} loses the feed and the trip's live events at once`, async () => {
      const { owner, friend, tripId } = await optimisedTrip(how === "leaves" ? "leave" : "removed");
      const path = await feedPath(friend, tripId);
      expect((await readFeed(path)).statusCode).toBe(200);
      const { ws, events } = await listen(friend, tripId);

      const end =
        how === "leaves"
          ? await friend.post(`/api/trips/${tripId}/leave`)
          : await owner.request("DELETE", `/api/trips/${tripId}/members/${friend.id}`);
      expect(end.statusCode).toBe(204);
      await wait(100);
      expect(events.map((e) => e.type)).toContain("membership.ended");
      expect(events.find((e) => e.type === "membership.ended")).toMatchObject({ userId: friend.id });
      const told = events.length;

      // Places added afterwards reach neither the socket nor the feed.
      await owner.post(`/api/trips/${tripId}/places`, {
        name: "Gion",
        latitude: 35.0037,
        longitude: 135.7788,
      });
      await wait(100);
      expect(events).toHaveLength(told);
      const feed = await readFeed(path);
      expect(feed.statusCode).toBe(404);
      expect(feed.body).not.toContain("Kinkaku-ji");
      ws.terminate();
    });
  }

  it("gives each member a feed of their own: rotating one leaves the others working", async () => {
    const { owner, friend, tripId } = await optimisedTrip("own-feed");
    const ownerFeed = await feedPath(owner, tripId);
    const friendFeed = await feedPath(friend, tripId);
    expect(ownerFeed).not.toBe(friendFeed);
    await feedPath(friend, tripId); // the friend rotates theirs
    expect((await readFeed(friendFeed)).statusCode).toBe(404);
    expect((await readFeed(ownerFeed)).statusCode).toBe(200);
  });

  it("ends every member's feed and socket when the trip is deleted", async () => {
    const { owner, friend, tripId } = await optimisedTrip("deleted");
    const path = await feedPath(friend, tripId);
    const { ws, events } = await listen(friend, tripId);
    expect((await owner.request("DELETE", `/api/trips/${tripId}`)).statusCode).toBe(204);
    await wait(100);
    expect(events.find((e) => e.type === "membership.ended")).toMatchObject({ userId: null });
    expect((await readFeed(path)).statusCode).toBe(404);
    ws.terminate();
  });

  it("lets an admin remove a member but not the owner, and not themselves", async () => {
    const { owner, friend, tripId } = await optimisedTrip("remove-rules");
    expect((await friend.request("DELETE", `/api/trips/${tripId}/members/${owner.id}`)).statusCode).toBe(403);
    expect((await owner.request("DELETE", `/api/trips/${tripId}/members/${owner.id}`)).statusCode).toBe(409);
  });
});
