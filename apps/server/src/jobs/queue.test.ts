import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTrip, guest, inviteCode, join, registered } from "../test/fixtures";
import { startWorker } from "./worker";

// Scaled mode: the server queues the job in PostgreSQL (pg-boss) and a separate worker process takes
// it; here the worker runs in-process on its own connections, as `npm run worker` would.
describe.runIf(process.env.DATABASE_URL)("optimisation through the job queue", () => {
  let t: TestApp;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_URL: process.env.DATABASE_URL!, JOB_QUEUE: "pg-boss" });
    const url = t.app.ctx.database.pool!.options.connectionString as string;
    stopWorker = await startWorker(url, pino({ level: "silent" }));
  }, 60_000);
  afterAll(async () => {
    await stopWorker?.();
    await t?.close();
  });

  it("runs in a worker process; the group sees it join, progress and finish", async () => {
    const owner = await registered(t.app, "queue-owner@example.com");
    const trip = await createTrip(owner, { departureLatitude: 34.9858, departureLongitude: 135.7588 });
    const friend = await guest(t.app, "Queue friend");
    await join(friend, await inviteCode(owner, trip.id));
    for (const [i, name] of ["Kinkaku-ji", "Nishiki Market", "Kiyomizu-dera"].entries())
      await (i % 2 ? friend : owner).post(`/api/trips/${trip.id}/places`, {
        name,
        latitude: 35 + i / 100,
        longitude: 135.75 + i / 100,
        wishLevel: 6,
      });

    const started = await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect(started.statusCode).toBe(202);
    // Another member's press joins the queued job, though this server does not run it.
    const again = await friend.post(`/api/trips/${trip.id}/optimizations`, {});
    expect(again.json()).toEqual({ jobId: started.json().jobId, joined: true });

    let status = { progress: null as null | { stage: string }, running: true };
    for (let i = 0; i < 300 && (status.running || status.progress?.stage !== "complete"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await friend.get(`/api/trips/${trip.id}/optimizations/progress`)).json();
      if (status.progress?.stage === "error") break;
    }
    expect(status, JSON.stringify(status)).toMatchObject({ running: false, progress: { stage: "complete" } });
    const { result } = (await friend.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    expect(result.days.flatMap((d: { visits: unknown[] }) => d.visits)).toHaveLength(3);
    // The worker's events reached this server's caches: the one read shows the plan at once.
    expect((await owner.get(`/api/trips/${trip.id}/full`)).json().result.id).toBe(result.id);

    // Cancel from this server stops the job wherever it is, queued or running.
    const second = await owner.post(`/api/trips/${trip.id}/optimizations`, { fairnessWeight: 0 });
    expect(second.json().joined).toBe(false);
    expect((await friend.request("DELETE", `/api/trips/${trip.id}/optimizations/current`)).statusCode).toBe(
      204,
    );
    for (let i = 0; i < 100; i++) {
      status = (await owner.get(`/api/trips/${trip.id}/optimizations/progress`)).json();
      if (!status.running) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.progress?.stage, JSON.stringify(status)).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 1500)); // a worker that took it late must not finish it
    const after = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json().result;
    expect(after.id).toBe(result.id);
    expect((await owner.get(`/api/trips/${trip.id}/optimizations/progress`)).json().progress.stage).toBe(
      "cancelled",
    );
  }, 60_000);
});
