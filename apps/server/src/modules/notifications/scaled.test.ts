import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type TabiApp } from "../../app";
import { loadConfig } from "../../config";
import { connect, type Database } from "../../db/connect";
import { mailOutbox } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, futureDate, inviteCode, join, registered } from "../../test/fixtures";
import { REMINDERS_QUEUE } from "./scheduler";

// Scaled mode: two server processes on one PostgreSQL database, each with its scheduler and each
// hearing every trip event. A notification still leaves once.
describe.runIf(process.env.DATABASE_URL)("notifications with two server processes", () => {
  const env = {
    DATABASE_URL: process.env.DATABASE_URL!,
    JOB_QUEUE: "pg-boss",
    BETTER_AUTH_SECRET: "notifications-two-processes-secret-0123456789",
  };
  let t: TestApp;
  let other: TabiApp;
  let otherDb: Database;
  let otherDir: string;
  beforeAll(async () => {
    t = await createTestApp(env);
    otherDir = mkdtempSync(joinPath(tmpdir(), "tabi-test-"));
    otherDb = await connect({ databaseUrl: t.app.ctx.database.pool!.options.connectionString as string });
    other = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        TABI_DATA_DIR: otherDir,
        PUBLIC_URL: "http://localhost:3000",
        PLACES_PROVIDER: "offline", // as createTestApp: tests never reach the internet
        ...env,
      }),
      { database: otherDb, serveWeb: false },
    );
    await other.ready();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await t?.close();
    rmSync(otherDir, { recursive: true, force: true });
  });

  const settled = () => Promise.all([t.app.ctx.notifications.settled(), other.ctx.notifications.settled()]);
  const subjects = async (to: string) => {
    await settled();
    const rows = await t.app.ctx.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), isNotNull(mailOutbox.headers)));
    return rows.map((r) => r.subject).sort();
  };

  it("sends a reminder exactly once when both run the scheduler at the same moment", async () => {
    const owner = await registered(t.app, "two-owner@example.com");
    const trip = await createTrip(owner, { name: "Two" });
    const ann = await registered(other, "two-ann@example.com");
    expect((await join(ann, await inviteCode(owner, trip.id))).statusCode).toBe(200);
    await owner.request("PATCH", `/api/trips/${trip.id}`, {
      startDate: futureDate(2),
      endDate: futureDate(4),
      addPlaceDeadline: new Date(Date.now() + 12 * 3600_000).toISOString(),
    });
    await settled();
    const now = new Date();
    let sent = 0;
    for (let round = 0; round < 5; round++) {
      const counts = await Promise.all([
        t.app.ctx.notifications.runReminders(now),
        other.ctx.notifications.runReminders(now),
      ]);
      sent += counts[0] + counts[1];
    }
    expect(sent).toBe(4); // two reminders to two members
    // And the servers' pg-boss schedule is there: each minute one of them takes the tick.
    const schedules = (await t.app.ctx.database.db.execute(
      sql`select name, cron from pgboss.schedule`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(schedules.rows).toContainEqual({ name: REMINDERS_QUEUE, cron: "* * * * *" });
    const reminders = ["One day left to add places to Two", "Two starts in 3 days"];
    expect(await subjects(owner.email)).toEqual(["two-ann joined Two", ...reminders].sort());
    expect(await subjects(ann.email)).toEqual(["Add-place deadline for Two", ...reminders].sort());
  }, 60_000);

  it("sends a chat e-mail once though both processes hear the message", async () => {
    const owner = await registered(t.app, "two-chat-owner@example.com");
    const trip = await createTrip(owner, { name: "Chat two" });
    const ann = await registered(other, "two-chat-ann@example.com");
    expect((await join(ann, await inviteCode(owner, trip.id))).statusCode).toBe(200);
    const res = await ann.post(`/api/trips/${trip.id}/chat/messages`, {
      clientId: randomUUID(),
      content: "Hi",
    });
    expect(res.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 1000)); // the first process hears it through NOTIFY
    expect(await subjects(owner.email)).toEqual(["New message in Chat two", "two-chat-ann joined Chat two"]);
  }, 60_000);
});
