import { INVALID_DATE_MESSAGE, TRIP_MESSAGES } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ja from "../../../../../packages/contracts/src/i18n/ja.json";
import ko from "../../../../../packages/contracts/src/i18n/ko.json";
import zh from "../../../../../packages/contracts/src/i18n/zh.json";
import { invitationCodes, tripMembers, trips } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, futureDate, guest, inviteCode, join, registered } from "../../test/fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("creating a trip", () => {
  it("names a blank trip after the departure and derives its time zone", async () => {
    const c = await registered(t.app, "namer@example.com");
    const res = await c.post("/api/trips", {
      departureLocation: "Kyoto, Kyoto Prefecture, Japan",
      departureLatitude: 35.0116,
      departureLongitude: 135.7681,
      startDate: futureDate(10),
      endDate: futureDate(12),
      name: "  ",
    });
    expect(res.statusCode).toBe(201);
    const { trip, members } = res.json();
    expect(trip).toMatchObject({
      name: "Kyoto, Kyoto Prefecture Trip",
      timezone: "Asia/Tokyo",
      memberCount: 1,
    });
    expect(trip.my).toMatchObject({ role: "admin", isOwner: true, colorIndex: 1, canAddPlacesNow: true });
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ role: "admin", isOwner: true, color: "#0077BE" });
  });

  it("checks the form: departure required, dates not in the past, end not before start", async () => {
    const c = await registered(t.app, "former@example.com");
    const missing = await c.post("/api/trips", { departureLocation: " ", startDate: futureDate(3) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain(TRIP_MESSAGES.departureRequired);
    const past = await c.post("/api/trips", { departureLocation: "Paris", startDate: "2020-01-01" });
    expect(past.json().error.message).toBe(TRIP_MESSAGES.pastDate);
    const backwards = await c.post("/api/trips", {
      departureLocation: "Paris",
      startDate: futureDate(5),
      endDate: futureDate(4),
    });
    expect(backwards.json().error.message).toBe(TRIP_MESSAGES.endBeforeStart);
    const noStart = await c.post("/api/trips", { departureLocation: "Paris" });
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json().error).toEqual({ code: "VALIDATION_ERROR", message: TRIP_MESSAGES.datesRequired });
  });

  it("says the form's words, not the validation library's, for a body without its required fields", async () => {
    const c = await registered(t.app, "no-dates@example.com");
    const said = async (body: unknown, lng = "en", url = "/api/trips", method: "POST" | "PATCH" = "POST") => {
      const res = await c.request(method, url, body, { "accept-language": lng });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    // A trip without dates through the API: missing, null, blank or not text.
    for (const startDate of [undefined, null, "", "  ", 20261210, ["2026-12-10"]])
      expect(await said({ departureLocation: "Paris", startDate })).toBe(TRIP_MESSAGES.datesRequired);
    // Text that is no date says what a date looks like; an end date that is not text too.
    expect(await said({ departureLocation: "Paris", startDate: "10/12/2026" })).toBe(INVALID_DATE_MESSAGE);
    expect(await said({ departureLocation: "Paris", startDate: futureDate(3), endDate: 5 })).toBe(
      INVALID_DATE_MESSAGE,
    );
    // The departure: missing, null, blank or not text.
    for (const departureLocation of [undefined, null, "", 12])
      expect(await said({ departureLocation, startDate: futureDate(3) })).toBe(
        TRIP_MESSAGES.departureRequired,
      );
    // Nothing at all: the first required field's words.
    expect(await said({})).toBe(TRIP_MESSAGES.departureRequired);
    // In the caller's language.
    for (const [lng, words] of [
      ["ja", ja.trips.datesRequired],
      ["ko", ko.trips.datesRequired],
      ["zh", zh.trips.datesRequired],
    ] as const)
      expect(await said({ departureLocation: "Paris" }, lng)).toBe(words);
    expect(ja.trips.datesRequired).not.toBe(TRIP_MESSAGES.datesRequired);
    // An edit that clears a required field is told the same.
    const trip = await createTrip(c);
    const url = `/api/trips/${trip.id}`;
    expect(await said({ startDate: null }, "en", url, "PATCH")).toBe(TRIP_MESSAGES.datesRequired);
    expect(await said({ departureLocation: null }, "ko", url, "PATCH")).toBe(ko.trips.departureRequired);
    expect(await said({ startDate: "" }, "zh", url, "PATCH")).toBe(zh.trips.datesRequired);
  });

  it("stores a round trip's return as the departure", async () => {
    const c = await registered(t.app, "round@example.com");
    const trip = await createTrip(c, { destination: "same as departure location" });
    const detail = (await c.get(`/api/trips/${trip.id}`)).json().trip;
    expect(detail).toMatchObject({ destination: "same as departure location", destinationLatitude: 35.0116 });
  });
});

describe("plan limits on the server", () => {
  it("refuses a free user's 4th trip with the spec's message", async () => {
    const c = await registered(t.app, "three@example.com");
    for (let i = 0; i < 3; i++) await createTrip(c);
    const res = await c.post("/api/trips", { departureLocation: "Rome", startDate: futureDate(3) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "PLAN_LIMIT", message: TRIP_MESSAGES.tripLimitCreate });
    const list = (await c.get("/api/trips")).json();
    expect(list.usage).toEqual({ trips: 3, tripLimit: 3 });
  });

  it("counts joined trips too: a 4th by joining is refused with the join message", async () => {
    const owner = await registered(t.app, "host@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    const joiner = await registered(t.app, "busy@example.com");
    for (let i = 0; i < 3; i++) await createTrip(joiner);
    const res = await join(joiner, code);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TRIP_MESSAGES.tripLimitJoin);
  });

  it("takes 5 members in a free owner's trip and refuses the 6th", async () => {
    const owner = await registered(t.app, "five@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    for (let i = 0; i < 4; i++) expect((await join(await guest(t.app, `G${i}`), code)).statusCode).toBe(200);
    const sixth = await join(await guest(t.app, "Six"), code);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error.message).toBe(TRIP_MESSAGES.memberLimit);
    expect((await owner.get(`/api/trips/${trip.id}`)).json().trip.memberCount).toBe(5);
  });

  it("gives a Premium user no such limits", async () => {
    const owner = await registered(t.app, "vip@example.com", { premium: true });
    for (let i = 0; i < 4; i++) await createTrip(owner);
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    // The code allows 10 uses; a new one is issued after that.
    for (let i = 0; i < 6; i++) expect((await join(await guest(t.app, `P${i}`), code)).statusCode).toBe(200);
    expect((await owner.get("/api/trips")).json().usage).toEqual({ trips: 5, tripLimit: null });
  });
});

describe("invitation codes", () => {
  it("are 8 characters without look-alikes, shown as XXXX-XXXX, reused while usable", async () => {
    const owner = await registered(t.app, "coder@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await inviteCode(owner, trip.id)).toBe(code);
  });

  it("join accepts any case, with or without hyphens; a second join is a success", async () => {
    const owner = await registered(t.app, "cases@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    const g = await guest(t.app, "Lower");
    const first = await join(g, code.toLowerCase().replace("-", ""));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ alreadyMember: false, trip: { id: trip.id, name: trip.name } });
    const again = await join(g, ` ${code} `);
    expect(again.json()).toMatchObject({ alreadyMember: true });
    expect((await owner.get(`/api/trips/${trip.id}`)).json().trip.memberCount).toBe(2);
  });

  it("answers a wrong, an expired and a used-up code alike", async () => {
    const owner = await registered(t.app, "expiry@example.com");
    const trip = await createTrip(owner);
    const code = (await inviteCode(owner, trip.id)).replace("-", "");
    const g = await guest(t.app, "Late");
    const wrong = await join(g, "ABCD-EFGH");
    await t.app.ctx.database.db
      .update(invitationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationCodes.code, code));
    const expired = await join(g, code);
    expect(wrong.statusCode).toBe(404);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(wrong.json());
    expect(wrong.json().error.message).toBe(TRIP_MESSAGES.invalidCode);
    // A new code replaces the expired one.
    expect(await inviteCode(owner, trip.id)).not.toBe(code);
  });

  it("stops a user who keeps guessing", async () => {
    const g = await guest(t.app, "Guesser");
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await join(g, `ZZZZ${1000 + i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("members and roles", () => {
  it("assigns the lowest free colour and releases it when a member leaves", async () => {
    const owner = await registered(t.app, "colours@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    const a = await guest(t.app, "A");
    const b = await guest(t.app, "B");
    await join(a, code);
    await join(b, code);
    let members = (await owner.get(`/api/trips/${trip.id}/members`)).json().members;
    expect(members.map((m: { colorIndex: number }) => m.colorIndex)).toEqual([1, 2, 3]);
    expect((await a.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await a.get(`/api/trips/${trip.id}`)).statusCode).toBe(404);
    const c = await guest(t.app, "C");
    await join(c, code);
    members = (await owner.get(`/api/trips/${trip.id}/members`)).json().members;
    expect(members.find((m: { name: string }) => m.name === "C").colorIndex).toBe(2);
    expect(members.find((m: { name: string }) => m.name === "C").color).toBe("#228B22");
  });

  it("lets admins change others' roles and flags, never their own role", async () => {
    const owner = await registered(t.app, "roles@example.com");
    const trip = await createTrip(owner);
    const code = await inviteCode(owner, trip.id);
    const m = await guest(t.app, "Mo");
    await join(m, code);
    const self = await owner.request("PATCH", `/api/trips/${trip.id}/members/${owner.id}`, {
      role: "member",
    });
    expect(self.json().error.message).toBe(TRIP_MESSAGES.ownRole);
    const byMember = await m.request("PATCH", `/api/trips/${trip.id}/members/${owner.id}`, {
      role: "member",
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(TRIP_MESSAGES.onlyAdminsRoles);
    const promote = await owner.request("PATCH", `/api/trips/${trip.id}/members/${m.id}`, {
      role: "admin",
      canEditPlaces: true,
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().members.find((x: { userId: string }) => x.userId === m.id)).toMatchObject({
      role: "admin",
      canEditPlaces: true,
    });
    const demoteOwner = await m.request("PATCH", `/api/trips/${trip.id}/members/${owner.id}`, {
      role: "member",
    });
    expect(demoteOwner.json().error.message).toBe(TRIP_MESSAGES.ownerStaysAdmin);
  });

  it("lets the owner leave only after handing the trip on", async () => {
    const owner = await registered(t.app, "handover@example.com");
    const trip = await createTrip(owner);
    const heir = await guest(t.app, "Heir");
    await join(heir, await inviteCode(owner, trip.id));
    const early = await owner.post(`/api/trips/${trip.id}/leave`);
    expect(early.json().error.message).toBe(TRIP_MESSAGES.ownerMustTransfer);
    const handed = await owner.post(`/api/trips/${trip.id}/owner`, { userId: heir.id });
    expect(handed.json().trip.ownerId).toBe(heir.id);
    expect((await owner.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await heir.get(`/api/trips/${trip.id}`)).json().trip.my).toMatchObject({
      isOwner: true,
      role: "admin",
    });
  });
});

describe("editing and deleting", () => {
  it("changes only the fields sent", async () => {
    const owner = await registered(t.app, "editor@example.com");
    const trip = await createTrip(owner, { description: "Temples", name: "Kyoto spring" });
    const res = await owner.request("PATCH", `/api/trips/${trip.id}`, { description: "Temples and tea" });
    expect(res.json().trip).toMatchObject({
      name: "Kyoto spring",
      description: "Temples and tea",
      departureLocation: "Kyoto, Kyoto Prefecture, Japan",
    });
    const bad = await owner.request("PATCH", `/api/trips/${trip.id}`, { endDate: "2000-01-01" });
    expect(bad.json().error.message).toBe(TRIP_MESSAGES.endBeforeStart);
  });

  it("sets and clears the add-place deadline within now and the last day 23:59", async () => {
    const owner = await registered(t.app, "deadline@example.com");
    const trip = await createTrip(owner, { startDate: futureDate(5), endDate: futureDate(7) });
    const url = `/api/trips/${trip.id}`;
    const past = await owner.request("PATCH", url, {
      addPlaceDeadline: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.json().error.message).toBe(TRIP_MESSAGES.deadlinePast);
    const late = await owner.request("PATCH", url, {
      addPlaceDeadline: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    });
    expect(late.json().error.message).toBe(TRIP_MESSAGES.deadlineAfterTrip);
    const when = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const set = await owner.request("PATCH", url, { addPlaceDeadline: when });
    expect(set.json().trip.addPlaceDeadline).toBe(when);
    const cleared = await owner.request("PATCH", url, { addPlaceDeadline: null });
    expect(cleared.json().trip.addPlaceDeadline).toBeNull();
  });

  it("after the deadline a member can no longer add places; an admin still can", async () => {
    const owner = await registered(t.app, "cutoff@example.com");
    const trip = await createTrip(owner);
    const m = await guest(t.app, "Tardy");
    await join(m, await inviteCode(owner, trip.id));
    await owner.request("PATCH", `/api/trips/${trip.id}`, {
      addPlaceDeadline: new Date(Date.now() + 61_000).toISOString(),
    });
    expect((await m.get(`/api/trips/${trip.id}`)).json().trip.my.canAddPlacesNow).toBe(true);
    // Let the deadline pass by moving it into the past directly.
    const { trips } = await import("../../db/schema");
    await t.app.ctx.database.db
      .update(trips)
      .set({ addPlaceDeadline: new Date(Date.now() - 1000) })
      .where(eq(trips.id, trip.id));
    expect((await m.get(`/api/trips/${trip.id}`)).json().trip.my.canAddPlacesNow).toBe(false);
    expect((await owner.get(`/api/trips/${trip.id}`)).json().trip.my.canAddPlacesNow).toBe(true);
  });

  it("deletes a trip for everyone, owner only", async () => {
    const owner = await registered(t.app, "deleter@example.com");
    const trip = await createTrip(owner);
    const m = await guest(t.app, "Bystander");
    await join(m, await inviteCode(owner, trip.id));
    expect((await owner.request("DELETE", `/api/trips/${trip.id}`)).statusCode).toBe(204);
    expect((await m.get(`/api/trips/${trip.id}`)).statusCode).toBe(404);
    expect((await m.get("/api/trips")).json().trips).toEqual([]);
  });

  it("lists owned and joined trips, newest first", async () => {
    const a = await registered(t.app, "lister@example.com");
    const b = await registered(t.app, "other-lister@example.com");
    const older = await createTrip(b, { name: "B's trip" });
    await join(a, await inviteCode(b, older.id));
    const newer = await createTrip(a, { name: "A's trip" });
    const list = (await a.get("/api/trips")).json();
    expect(list.trips.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);
    expect(list.trips[1].my).toMatchObject({ role: "member", isOwner: false, colorIndex: 2 });
  });
});

describe("the trip list", () => {
  it("gives the newest 20 (spec 1), and every trip with all=1 (Show all)", async () => {
    const owner = await registered(t.app, "many@example.com", { premium: true });
    const trip = await createTrip(owner);
    // Creation is rate-limited (20 a minute): copy the first trip and its membership 21 times.
    const db = t.app.ctx.database.db;
    const [row] = await db.select().from(trips).where(eq(trips.id, trip.id));
    const [member] = await db.select().from(tripMembers).where(eq(tripMembers.tripId, trip.id));
    for (let i = 0; i < 21; i++) {
      const id = crypto.randomUUID();
      await db.insert(trips).values({ ...row!, id } as typeof trips.$inferInsert);
      await db.insert(tripMembers).values({ ...member!, tripId: id } as typeof tripMembers.$inferInsert);
    }
    const first = (await owner.get("/api/trips")).json();
    expect(first.usage.trips).toBe(22);
    expect(first.trips).toHaveLength(20);
    const all = await owner.get("/api/trips?all=1");
    expect(all.statusCode).toBe(200);
    expect(all.json().trips).toHaveLength(22);
    expect((await owner.get("/api/trips?all=yes")).statusCode).toBe(400);
  });
});
