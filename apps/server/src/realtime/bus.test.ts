import type { TripEvent } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../db/connect";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, registered } from "../test/fixtures";
import { TripBus } from "./bus";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("TripBus", () => {
  it("numbers a trip's events and hands each to its subscribers once, caches first", async () => {
    const owner = await registered(t.app, "bus-owner@example.com");
    const trip = await createTrip(owner);
    const seen: string[] = [];
    const offAll = t.app.ctx.bus.subscribeAll((e) => seen.push(`all:${e.seq}`));
    const offTrip = t.app.ctx.bus.subscribe(trip.id, (e) => seen.push(`trip:${e.seq}`));
    const a = await t.app.ctx.bus.publish({ type: "places.changed", tripId: trip.id });
    const b = await t.app.ctx.bus.publish({ type: "members.changed", tripId: trip.id });
    offAll();
    offTrip();
    expect(b.seq).toBe(a.seq + 1);
    expect(seen).toEqual([`all:${a.seq}`, `trip:${a.seq}`, `all:${b.seq}`, `trip:${b.seq}`]);
  });

  it("sends one 'places changed' for a burst: identical signals waiting in the trip's line are shared", async () => {
    const owner = await registered(t.app, "bus-burst@example.com");
    const trip = await createTrip(owner);
    const before = await t.app.ctx.bus.currentSeq(trip.id);
    const seen: number[] = [];
    const off = t.app.ctx.bus.subscribe(trip.id, (e) => seen.push(e.seq));
    const bus = t.app.ctx.bus;
    const first = bus.publish({ type: "members.changed", tripId: trip.id }); // in flight
    const burst = Array.from({ length: 10 }, () => bus.publish({ type: "places.changed", tripId: trip.id }));
    const events = await Promise.all([first, ...burst]);
    off();
    // One for the members, one for the ten place writes, in order; every writer hears of a number
    // sent after its own write.
    expect(seen).toEqual([before + 1, before + 2]);
    expect(new Set(events.slice(1).map((e) => e.seq))).toEqual(new Set([before + 2]));
    expect(await bus.currentSeq(trip.id)).toBe(before + 2);
  });

  // Embedded mode numbers in memory, a block at a time from the trip's row.
  it.runIf(!process.env.DATABASE_URL)(
    "numbers every event one more than the last, and after a restart goes on above every number sent",
    async () => {
      const owner = await registered(t.app, "bus-restart@example.com");
      const trip = await createTrip(owner);
      const bus = t.app.ctx.bus;
      const sent: number[] = [];
      for (let i = 0; i < 150; i++)
        sent.push((await bus.publish({ type: "members.changed", tripId: trip.id })).seq);
      expect(sent.slice(1).every((seq, i) => seq === sent[i]! + 1)).toBe(true);
      expect(await bus.currentSeq(trip.id)).toBe(sent.at(-1));

      const restarted = new TripBus(t.app.ctx.database); // another process on the same data
      const before = await restarted.currentSeq(trip.id);
      const next = await restarted.publish({ type: "members.changed", tripId: trip.id });
      expect(before).toBeGreaterThanOrEqual(sent.at(-1)!);
      expect(next.seq).toBeGreaterThan(before);
      expect(await restarted.currentSeq(trip.id)).toBe(next.seq);
    },
  );

  // Scaled mode: two server processes on one PostgreSQL database hear each other's events.
  it.runIf(t?.app.ctx.database.kind === "postgres" || process.env.DATABASE_URL)(
    "carries events between processes with LISTEN/NOTIFY",
    async () => {
      const owner = await registered(t.app, "bus-scaled@example.com");
      const trip = await createTrip(owner);
      const pool = t.app.ctx.database.pool!;
      const other = await connect({ databaseUrl: pool.options.connectionString as string });
      const otherBus = new TripBus(other);
      await otherBus.start();
      try {
        const heard: TripEvent[] = [];
        const mine: TripEvent[] = [];
        otherBus.subscribe(trip.id, (e) => heard.push(e));
        t.app.ctx.bus.subscribe(trip.id, (e) => mine.push(e));
        const sent = await t.app.ctx.bus.publish({ type: "places.changed", tripId: trip.id });
        await until(() => heard.length > 0);
        expect(heard).toEqual([sent]);
        // The other process publishes: numbers continue, and this one hears it once.
        const back = await otherBus.publish({ type: "members.changed", tripId: trip.id });
        await until(() => mine.length > 1);
        expect(back.seq).toBe(sent.seq + 1);
        expect(mine).toEqual([sent, back]);
        expect(heard).toEqual([sent, back]);

        // A dropped listening connection is opened again, and events flow again.
        await pool.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
        );
        // Until the connection is back, an event may be missed (clients catch up by number).
        let again: TripEvent | undefined;
        for (let i = 0; i < 40; i++) {
          again = await t.app.ctx.bus.publish({ type: "places.changed", tripId: trip.id });
          await new Promise((r) => setTimeout(r, 250));
          if (heard.some((e) => e.seq === again!.seq)) break;
        }
        expect(heard.at(-1)).toEqual(again);
      } finally {
        await otherBus.close();
        await other.close();
      }
    },
  );
});
