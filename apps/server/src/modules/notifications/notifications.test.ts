import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notificationLog, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, futureDate, guest, inviteCode, join, registered } from "../../test/fixtures";
import { dueReminders, localDate } from "./due";
import { MESSAGE_MAIL_QUIET_MS } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The notification e-mails (they carry List-Unsubscribe) sent to an address, oldest first. */
async function mails(to: string) {
  await t.app.ctx.notifications.settled();
  return t.app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), isNotNull(mailOutbox.headers)))
    .orderBy(asc(mailOutbox.createdAt));
}
const subjects = async (to: string) => (await mails(to)).map((m) => m.subject);

async function group(prefix: string) {
  const owner = await registered(t.app, `${prefix}-owner@example.com`);
  const trip = await createTrip(owner, { name: `${prefix} trip` });
  const code = await inviteCode(owner, trip.id);
  const member = async (name: string) => {
    const c = await registered(t.app, `${prefix}-${name}@example.com`);
    expect((await join(c, code)).statusCode).toBe(200);
    return c;
  };
  return { owner, trip, code, member };
}

const say = (
  c: { post: (u: string, b: unknown) => Promise<{ statusCode: number }> },
  tripId: string,
  content: string,
) => c.post(`/api/trips/${tripId}/chat/messages`, { clientId: randomUUID(), content });

describe("notification e-mails", () => {
  it("follow the toggles: the outbox holds what they allow and nothing they forbid", async () => {
    const { owner, trip, code, member } = await group("tog");
    const ann = await member("ann"); // all on
    expect(await subjects(owner.email)).toEqual(["tog-ann joined tog trip"]);
    expect(await subjects(ann.email)).toEqual([]); // the joiner is not told of themselves

    // The owner turns new-member mails off; Bo joins: nothing.
    await owner.request("PUT", "/api/me/settings", { notifyNewMembers: false });
    const bo = await member("bo");
    await bo.request("PUT", "/api/me/settings", { notifyTripUpdates: false });
    // A guest and an unconfirmed address get nothing at all.
    const g = await guest(t.app, "Guest");
    expect((await join(g, code)).statusCode).toBe(200);
    const cy = await member("cy");
    await t.app.ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, cy.id));

    // A deadline set by the owner: to the members who allow trip updates, not to the owner.
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    expect(
      (await owner.request("PATCH", `/api/trips/${trip.id}`, { addPlaceDeadline: deadline })).statusCode,
    ).toBe(200);
    await t.app.ctx.notifications.settled();
    expect(await subjects(ann.email)).toEqual(["Add-place deadline for tog trip"]);
    expect(await subjects(bo.email)).toEqual([]);
    expect(await subjects(cy.email)).toEqual([]);
    expect(await subjects(owner.email)).toEqual(["tog-ann joined tog trip"]);
    const [mail] = await mails(ann.email);
    expect(mail!.text).toContain(`http://localhost:3000/trip/${trip.id}`);
    expect(mail!.text).toMatch(
      /tog-owner set the deadline for adding places to “tog trip”: \w+ \d+, \d{4}, .+ \(Japan Standard Time\)\./,
    );
    expect(mail!.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(
        /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+>$/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail!.html).toContain("/api/notifications/unsubscribe?token=");
    // The same deadline again is no news.
    await owner.request("PATCH", `/api/trips/${trip.id}`, { addPlaceDeadline: deadline });
    expect(await subjects(ann.email)).toHaveLength(1);
    const guestMails = await t.app.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(isNotNull(mailOutbox.headers));
    expect(guestMails.filter((m) => m.to.includes("tog-cy"))).toEqual([]);
  });

  it("is written in the reader's language, English when none is chosen", async () => {
    const { owner, trip, member } = await group("lng");
    const ja = await member("ja");
    const en = await member("en");
    expect((await ja.request("PUT", "/api/me/language", { language: "ja" })).statusCode).toBeLessThan(300);
    await owner.request("PATCH", `/api/trips/${trip.id}`, {
      addPlaceDeadline: new Date(Date.now() + 4 * 86_400_000).toISOString(),
    });
    expect(await subjects(ja.email)).toEqual(["lng tripの場所追加の締め切り"]);
    expect((await mails(ja.email))[0]!.text).toContain(
      "lng-ownerさんが「lng trip」の場所追加の締め切りを設定しました",
    );
    // On the trip's clock, its zone named in the reader's language (decisions/0017).
    expect((await mails(ja.email))[0]!.text).toMatch(/\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2} 日本標準時/);
    expect(await subjects(en.email)).toEqual(["Add-place deadline for lng trip"]);
  });

  it("unsubscribes with one click (POST) or the link (GET); a bad token is refused", async () => {
    const { owner, trip, member } = await group("unsub");
    const ann = await member("ann");
    await owner.request("PATCH", `/api/trips/${trip.id}`, {
      addPlaceDeadline: new Date(Date.now() + 4 * 86_400_000).toISOString(),
    });
    const [mail] = await mails(ann.email);
    const url = new URL(mail!.headers!["List-Unsubscribe"]!.slice(1, -1));
    const path = url.pathname + url.search;
    // A mail program's one-click POST: a form body, no cookie, no Origin.
    const res = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ann.get("/api/me/settings")).json()).toMatchObject({
      notifyTripUpdates: false,
      notifyMessages: true,
      notifyReminders: true,
      notifyNewMembers: true,
    });
    // The link in the body: a page in the user's language.
    await ann.request("PUT", "/api/me/language", { language: "ko" });
    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("수신 거부됨");
    // Forged, altered or missing tokens.
    const forged = path.replace(/tripUpdates\.[^&]+/, "reminders.AAAA");
    expect((await t.app.inject({ method: "POST", url: forged })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: forged })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/notifications/unsubscribe?token=x" })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/unsubscribe" })).statusCode).toBe(
      400,
    );
    const otherToken = url.searchParams.get("token")!.replace(/^[0-9a-f-]{36}/, owner.id);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(otherToken)}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("sends chat messages to members away, at most one e-mail per trip per 15 minutes", async () => {
    const { owner, trip, member } = await group("chat");
    const ann = await member("ann");
    const bo = await member("bo");
    t.app.ctx.presence.join(trip.id, bo.id); // Bo has the trip open
    try {
      expect((await say(owner, trip.id, "Shall we go to Nara?")).statusCode).toBe(201);
      expect((await say(owner, trip.id, "Deer!")).statusCode).toBe(201);
      await t.app.ctx.notifications.settled(); // decided while Bo is still there
    } finally {
      t.app.ctx.presence.leave(trip.id, bo.id);
    }
    expect(await subjects(ann.email)).toEqual(["New message in chat trip"]);
    expect((await mails(ann.email))[0]!.text).toContain("> Shall we go to Nara?");
    expect(await subjects(bo.email)).toEqual([]);
    expect(await subjects(owner.email)).toHaveLength(2); // only the two joins: not their own messages

    // 16 minutes later: one more e-mail, counting what Ann has not read.
    const service = t.app.ctx.notifications as unknown as { now: () => Date };
    const real = service.now;
    service.now = () => new Date(Date.now() + MESSAGE_MAIL_QUIET_MS + 60_000);
    try {
      // Each message's e-mails are decided before the next is sent, at the moved clock (they are
      // written after the answers, and on PostgreSQL two at once would race for the window).
      expect((await say(owner, trip.id, "See you at 9")).statusCode).toBe(201);
      await t.app.ctx.notifications.settled();
      expect((await say(owner, trip.id, "Bring cash")).statusCode).toBe(201);
      await t.app.ctx.notifications.settled();
    } finally {
      service.now = real;
    }
    const got = await mails(ann.email);
    expect(got.map((m) => m.subject)).toEqual(["New message in chat trip", "3 new messages in chat trip"]);
    expect(got[1]!.text).toContain("> See you at 9");
    expect(await subjects(bo.email)).toEqual(["3 new messages in chat trip"]);
  });

  it("tells the members of a new plan, not the one who made it", async () => {
    const { owner, trip, member } = await group("plan");
    const ann = await member("ann");
    for (const [i, name] of ["Kinkaku-ji", "Nishiki Market"].entries())
      await owner.post(`/api/trips/${trip.id}/places`, {
        name,
        latitude: 35 + i / 100,
        longitude: 135.75 + i / 100,
        wishLevel: 6,
      });
    expect((await owner.post(`/api/trips/${trip.id}/optimizations`, {})).statusCode).toBe(202);
    await expect.poll(() => subjects(ann.email), { timeout: 20_000 }).toEqual(["A new plan for plan trip"]);
    expect(await subjects(owner.email)).toEqual(["plan-ann joined plan trip"]);
  }, 30_000);
});

describe("reminders", () => {
  const trip = (over: Partial<Parameters<typeof dueReminders>[0][number]>) => ({
    id: "t",
    name: "T",
    timezone: "UTC",
    startDate: "2026-12-10",
    addPlaceDeadline: null,
    ...over,
  });

  it("are due 24 h before the deadline and 3 days before the start, in the trip's time zone", () => {
    const now = new Date("2026-12-06T12:00:00Z");
    const kinds = (over: Parameters<typeof trip>[0], at = now) =>
      dueReminders([trip(over)], at).map((d) => `${d.kind}:${d.key}`);
    expect(kinds({ startDate: "2026-12-20" })).toEqual([]);
    expect(kinds({ startDate: "2026-12-10" })).toEqual([]); // 4 days ahead
    expect(kinds({ startDate: "2026-12-09" })).toEqual(["start_reminder:2026-12-09"]);
    expect(kinds({ startDate: "2026-12-06" })).toEqual([]); // started today
    // 2026-12-06T12:00Z is already the 7th in Auckland (+13): the 10th is 3 days away there.
    expect(kinds({ startDate: "2026-12-10", timezone: "Pacific/Auckland" })).toEqual([
      "start_reminder:2026-12-10",
    ]);
    expect(localDate(now, "Pacific/Auckland")).toBe("2026-12-07");
    expect(kinds({ startDate: "2026-12-20", addPlaceDeadline: new Date("2026-12-07T11:00:00Z") })).toEqual([
      "deadline_reminder:2026-12-07T11:00:00.000Z",
    ]);
    expect(kinds({ startDate: "2026-12-20", addPlaceDeadline: new Date("2026-12-07T13:00:00Z") })).toEqual(
      [],
    );
    expect(kinds({ startDate: "2026-12-20", addPlaceDeadline: new Date("2026-12-06T11:00:00Z") })).toEqual(
      [],
    );
  });

  it("go to every member who allows them, once", async () => {
    const { owner, trip, member } = await group("rem");
    const ann = await member("ann");
    const bo = await member("bo");
    await bo.request("PUT", "/api/me/settings", { notifyReminders: false, notifyTripUpdates: false });
    await owner.request("PATCH", `/api/trips/${trip.id}`, {
      startDate: futureDate(2),
      endDate: futureDate(4),
      addPlaceDeadline: new Date(Date.now() + 12 * 3600_000).toISOString(),
    });
    await t.app.ctx.notifications.settled();
    const before = (await subjects(owner.email)).length;
    await t.app.ctx.notifications.runReminders();
    await t.app.ctx.notifications.runReminders();
    const reminders = ["One day left to add places to rem trip", "rem trip starts in 3 days"];
    expect((await subjects(owner.email)).slice(before).sort()).toEqual(reminders);
    expect((await subjects(ann.email)).filter((s) => !s.startsWith("Add-place")).sort()).toEqual(reminders);
    expect(await subjects(bo.email)).toEqual([]);
    const logged = await t.app.ctx.database.db
      .select()
      .from(notificationLog)
      .where(eq(notificationLog.tripId, trip.id));
    expect(logged.filter((l) => l.kind.endsWith("_reminder"))).toHaveLength(4);
  });
});
