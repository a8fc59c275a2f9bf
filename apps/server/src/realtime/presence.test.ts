import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../db/connect";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, registered } from "../test/fixtures";
import { TripBus } from "./bus";
import { PRESENCE_EXPIRY_MS, Presence } from "./presence";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe("Presence", () => {
  it("counts a user once however many tabs, and lets them go with the last tab", () => {
    const presence = new Presence(t.app.ctx.bus, null);
    const seen: string[][] = [];
    const off = presence.watch("trip-1", (ids) => seen.push(ids));
    presence.join("trip-1", "ann");
    presence.join("trip-1", "ann");
    presence.join("trip-1", "bo");
    presence.leave("trip-1", "ann");
    expect(presence.users("trip-1")).toEqual(["ann", "bo"]);
    presence.leave("trip-1", "ann");
    presence.leave("trip-1", "ann"); // a stray second leave changes nothing
    expect(seen).toEqual([["ann"], ["ann", "bo"], ["bo"]]);
    off();
    presence.close();
  });

  // Scaled mode: two server processes on one database see each other's users; a process that stops
  // repeating its list (it died) drops out after the expiry.
  it.runIf(process.env.DATABASE_URL)(
    "shares the lists between processes and forgets a silent one",
    async () => {
      const owner = await registered(t.app, "presence-owner@example.com");
      const trip = await createTrip(owner);
      const other = await connect({
        databaseUrl: t.app.ctx.database.pool!.options.connectionString as string,
      });
      const otherBus = new TripBus(other);
      await otherBus.start();
      let clock = Date.now();
      const here = new Presence(t.app.ctx.bus, t.app.ctx.bus.origin, () => clock);
      const there = new Presence(otherBus, otherBus.origin, () => clock);
      try {
        there.join(trip.id, "bo");
        await until(() => here.users(trip.id).includes("bo"));
        here.join(trip.id, "ann");
        await until(() => there.users(trip.id).join() === "ann,bo");
        there.leave(trip.id, "bo");
        await until(() => here.users(trip.id).join() === "ann");
        there.join(trip.id, "cy");
        await until(() => here.users(trip.id).includes("cy"));
        clock += PRESENCE_EXPIRY_MS + 1; // "there" went silent
        expect(here.users(trip.id)).toEqual(["ann"]);
      } finally {
        here.close();
        there.close();
        await otherBus.close();
        await other.close();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "sends a chat event too long for NOTIFY without its message",
    async () => {
      const owner = await registered(t.app, "presence-notify@example.com");
      const trip = await createTrip(owner);
      const other = await connect({
        databaseUrl: t.app.ctx.database.pool!.options.connectionString as string,
      });
      const otherBus = new TripBus(other);
      await otherBus.start();
      try {
        const heard: unknown[] = [];
        otherBus.subscribe(trip.id, (e) => heard.push(e));
        const message = { content: "長".repeat(3000) } as never;
        const sent = await t.app.ctx.bus.publish({
          type: "chat.message",
          tripId: trip.id,
          messageId: "m1",
          message,
        });
        expect(sent).toMatchObject({ message }); // this process's sockets get it whole
        await until(() => heard.length === 1);
        expect(heard[0]).toMatchObject({ type: "chat.message", messageId: "m1", seq: sent.seq });
        expect(heard[0]).not.toHaveProperty("message");
      } finally {
        await otherBus.close();
        await other.close();
      }
    },
  );
});
