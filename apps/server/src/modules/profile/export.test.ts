import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatMessages,
  checklistItems,
  checklists,
  documents,
  pollOptions,
  polls,
  pollVotes,
} from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { createTrip, guest, inviteCode, join, registered } from "../../test/fixtures";
import { postUpload, smallJpeg } from "../../test/uploads";
import { collectExport, ExportJobs } from "./export";

// Issue 16 item 4: one JSON file with everything of the user, made in the background with progress.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface JobView {
  jobId: string;
  status: "running" | "ready" | "failed";
  progress: number;
  expiresAt: string;
}

/** Starts an export and polls it until it ends; the job's views along the way. */
async function exportOf(c: TestClient) {
  const start = await c.post("/api/me/export");
  expect(start.statusCode).toBe(202);
  const views: JobView[] = [start.json()];
  for (let i = 0; i < 200 && views.at(-1)!.status === "running"; i++) {
    await wait(25);
    const res = await c.get(`/api/me/export/${views[0]!.jobId}`);
    expect(res.statusCode).toBe(200);
    views.push(res.json());
  }
  return views;
}

describe("export of one's data", () => {
  let owner: Who;
  let friend: Who;
  let tripId: string;
  let friendsTripId: string;
  beforeAll(async () => {
    owner = (await registered(t.app, "export-owner@example.com")) as Who;
    friend = (await registered(t.app, "export-friend@example.com")) as Who;
    tripId = (await createTrip(owner, { name: "Kyoto in spring" })).id;
    await join(friend, await inviteCode(owner, tripId));
    friendsTripId = (await createTrip(friend, { name: "Friend's Osaka" })).id;
    await join(owner, await inviteCode(friend, friendsTripId));
    const add = (c: TestClient, trip: string, name: string, lat: number) =>
      c.post(`/api/trips/${trip}/places`, { name, latitude: lat, longitude: 135.76, wishLevel: 4 });
    expect((await add(owner, tripId, "Kinkaku-ji", 35.0394)).statusCode).toBe(201);
    expect((await add(friend, tripId, "Nishiki Market", 35.005)).statusCode).toBe(201);
    expect((await add(owner, friendsTripId, "Osaka Castle", 34.6873)).statusCode).toBe(201);
    await owner.post(`/api/trips/${tripId}/chat/messages`, {
      clientId: randomUUID(),
      content: "Temples first?",
    });
    await friend.post(`/api/trips/${tripId}/chat/messages`, {
      clientId: randomUUID(),
      content: "Food first!",
    });
    const photo = await postUpload(t.app, owner, tripId, await smallJpeg(), "garden.jpg");
    expect(photo.statusCode).toBe(201);
  }, 60_000);

  it("needs a session", async () => {
    const anon = t.app.inject({
      method: "POST",
      url: "/api/me/export",
      headers: { origin: "http://localhost:3000" },
    });
    expect((await anon).statusCode).toBe(401);
  });

  it("downloads one JSON file with the user's profile, trips, places, wishes, messages and uploads", async () => {
    const views = await exportOf(owner);
    const last = views.at(-1)!;
    expect(last).toMatchObject({ status: "ready", progress: 100 });
    const file = await owner.get(`/api/me/export/${last.jobId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/application\/json/);
    const today = new Date().toISOString().slice(0, 10);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="tabi-data-${today}.json"`);
    const data = file.json();
    expect(data).toMatchObject({ format: "tabi-account-export", version: 1 });
    expect(data.profile).toMatchObject({
      id: owner.id,
      name: "export-owner",
      email: "export-owner@example.com",
      isGuest: false,
      language: null,
      settings: {
        notifyMessages: true,
        notifyTripUpdates: true,
        notifyNewMembers: true,
        notifyReminders: true,
      },
    });
    // Owned and joined, each with the role and permissions the user holds there.
    const trips = data.trips as {
      id: string;
      name: string;
      isOwner: boolean;
      role: string;
      permissions: object;
    }[];
    expect(trips.map((x) => [x.name, x.isOwner, x.role]).sort()).toEqual([
      ["Friend's Osaka", false, "member"],
      ["Kyoto in spring", true, "admin"],
    ]);
    expect(trips.find((x) => !x.isOwner)!.permissions).toEqual({
      canAddPlaces: true,
      canEditPlaces: false,
      canOptimize: true,
      canInviteMembers: false,
    });
    // Their places only, named with their trips; their wishes with the places' names.
    expect(data.places.map((p: { name: string; tripName: string }) => [p.name, p.tripName]).sort()).toEqual([
      ["Kinkaku-ji", "Kyoto in spring"],
      ["Osaka Castle", "Friend's Osaka"],
    ]);
    expect(data.wishes.map((w: { placeName: string }) => w.placeName).sort()).toEqual([
      "Kinkaku-ji",
      "Osaka Castle",
    ]);
    expect(data.messages).toHaveLength(1);
    expect(data.messages[0]).toMatchObject({
      content: "Temples first?",
      tripId,
      tripName: "Kyoto in spring",
    });
    expect(typeof data.messages[0].createdAt).toBe("string");
    expect(data.uploads).toHaveLength(1);
    expect(data.uploads[0]).toMatchObject({ originalName: "garden.jpg", tripId, purpose: "chat" });
    expect(data.bookings).toEqual([]);
    expect(data.plans).toEqual([]);
    // Nothing of the friend's: not their message, not their place, not their address.
    expect(file.body).not.toContain("Food first!");
    expect(file.body).not.toContain("Nishiki Market");
    expect(file.body).not.toContain("export-friend@example.com");
  });

  it("holds the user's part of deciding together: polls, votes, skipped visits, lists and documents", async () => {
    const db = t.app.ctx.database.db;
    const place = (await owner.get(`/api/trips/${tripId}/places`))
      .json()
      .places.find((p: { name: string }) => p.name === "Kinkaku-ji");
    expect((await owner.request("PUT", `/api/trips/${tripId}/places/${place.id}/skip`)).statusCode).toBe(200);
    const [poll] = await db
      .insert(polls)
      .values({ tripId, createdBy: owner.id, question: "Dinner where?" })
      .returning();
    const [option] = await db
      .insert(pollOptions)
      .values({ pollId: poll!.id, position: 0, label: "Pontocho" })
      .returning();
    await db.insert(pollVotes).values({ pollId: poll!.id, optionId: option!.id, userId: owner.id });
    const [list] = await db
      .insert(checklists)
      .values({ tripId, createdBy: owner.id, personal: true, title: "My packing", kind: "packing" })
      .returning();
    await db
      .insert(checklistItems)
      .values({ checklistId: list!.id, text: "Passport", position: 1, createdBy: owner.id });
    // The friend's private document is not the owner's data.
    await db.insert(documents).values({
      tripId,
      userId: friend.id,
      shared: false,
      title: "Friend's passport",
      key: "k",
      contentType: "application/pdf",
      bytes: 10,
      originalName: "passport.pdf",
    });

    const last = (await exportOf(owner)).at(-1)!;
    const file = await owner.get(`/api/me/export/${last.jobId}/file`);
    const { together } = file.json();
    expect(together.polls).toEqual([
      expect.objectContaining({ question: "Dinner where?", tripName: "Kyoto in spring" }),
    ]);
    expect(together.votes).toEqual([
      expect.objectContaining({ question: "Dinner where?", option: "Pontocho" }),
    ]);
    expect(together.skippedVisits).toEqual([expect.objectContaining({ placeName: "Kinkaku-ji" })]);
    expect(together.lists).toEqual([expect.objectContaining({ title: "My packing", personal: true })]);
    expect(together.listItems).toEqual([expect.objectContaining({ text: "Passport", assignedToMe: false })]);
    expect(together.documents).toEqual([]);
    expect(file.body).not.toContain("Friend's passport");
  });

  it("belongs to its user: another user finds neither its progress nor its file", async () => {
    const views = await exportOf(owner);
    const id = views[0]!.jobId;
    expect((await friend.get(`/api/me/export/${id}`)).statusCode).toBe(404);
    expect((await friend.get(`/api/me/export/${id}/file`)).statusCode).toBe(404);
    expect((await owner.get(`/api/me/export/${randomUUID()}`)).statusCode).toBe(404);
    expect((await owner.get("/api/me/export/x/file")).statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: "GET", url: `/api/me/export/${id}/file` });
    expect(signedOut.statusCode).toBe(401);
  });

  it("gives a guest their trips, with no e-mail", async () => {
    const g = (await guest(t.app, "Guest Hana")) as Who;
    await createTrip(g, { name: "Hana's trip" });
    const last = (await exportOf(g)).at(-1)!;
    const data = (await g.get(`/api/me/export/${last.jobId}/file`)).json();
    expect(data.profile).toMatchObject({ name: "Guest Hana", email: null, isGuest: true });
    expect(data.trips.map((x: { name: string }) => x.name)).toEqual(["Hana's trip"]);
  });

  it("reports progress through a large account's messages, then the whole file", async () => {
    const db = t.app.ctx.database.db;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      tripId: friendsTripId,
      userId: owner.id,
      content: `message ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(chatMessages).values(rows.slice(i, i + 1000));
    const seen: number[] = [];
    const data = await collectExport(db, owner.id, "http://localhost:3000", (p) => seen.push(p));
    expect(data!.messages).toHaveLength(5001);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBeGreaterThan(3);
    expect(Math.max(...seen)).toBeLessThanOrEqual(99);

    // Through the API: running with a progress under 100, then ready at 100.
    const views = await exportOf(owner);
    expect(views.at(-1)).toMatchObject({ status: "ready", progress: 100 });
    for (const v of views) expect(v.progress).toBeGreaterThanOrEqual(0);
    const file = (await owner.get(`/api/me/export/${views[0]!.jobId}/file`)).json();
    expect(file.messages).toHaveLength(5001);
  }, 60_000);

  it("answers the running job to a second request, and forgets a job after its hour", async () => {
    const solo = (await guest(t.app, "Solo")) as Who;
    const ttl = 1500;
    const jobs = new ExportJobs(t.app.ctx.database.db, "http://localhost:3000", t.app.log, ttl);
    const first = await jobs.start(solo.id);
    expect((await jobs.start(solo.id)).id).toBe(first.id);
    await first.done;
    expect((await jobs.get(solo.id, first.id))?.status).toBe("ready");
    expect(await jobs.get(friend.id, first.id)).toBeUndefined();
    expect(await jobs.file(friend.id, first.id)).toBeUndefined();
    expect(JSON.parse(String(await jobs.file(solo.id, first.id))).format).toBe("tabi-account-export");
    expect(await jobs.get(solo.id, "not-a-uuid")).toBeUndefined();
    const second = await jobs.start(solo.id);
    expect(second.id).not.toBe(first.id);
    expect(await jobs.get(solo.id, first.id)).toBeUndefined();
    await second.done;
    await wait(second.startedAt + ttl - Date.now() + 50);
    expect(await jobs.get(solo.id, second.id)).toBeUndefined();
    await jobs.close();
  });
});
