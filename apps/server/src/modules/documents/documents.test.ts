import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_TRIP_BYTES,
  MAX_DOCUMENTS_PER_TRIP,
  type TripDocument,
  type TripEvent,
} from "@tabi/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../db/schema";
import { say, text } from "../../i18n";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, guest, inviteCode, join as joinTrip, registered } from "../../test/fixtures";
import { multipartFile } from "../../test/uploads";
import { downloadName, inlineDisposition } from "./files";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };

/** A small valid PDF: one empty page. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function post(
  c: TestClient,
  tripId: string,
  file: Buffer,
  fileName = "ticket.pdf",
  type = "application/pdf",
  query = "",
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = multipartFile(file, fileName, type);
  return t.app.inject({
    method: "POST",
    url: `/api/trips/${tripId}/documents${query}`,
    payload,
    remoteAddress: c.ip,
    headers: {
      ...(c.cookieHeader ? { cookie: c.cookieHeader } : {}),
      origin: "http://localhost:3000",
      "content-type": contentType,
      ...headers,
    },
  });
}

const fetchFile = (c: TestClient, url: string) =>
  t.app.inject({
    method: "GET",
    url,
    remoteAddress: c.ip,
    headers: c.cookieHeader ? { cookie: c.cookieHeader } : {},
  });

const keyOf = async (id: string) =>
  (await t.app.ctx.database.db.select().from(documents).where(eq(documents.id, id)))[0]?.key;

async function tripWithMember(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner);
  const member = (await guest(t.app, `${prefix} member`)) as Who;
  await joinTrip(member, await inviteCode(owner, trip.id));
  return { owner, member, trip };
}

const HOTEL = { bookingType: "hotel", hotelName: "Hotel Kanra", checkInTime: "15:00", checkOutTime: "11:00" };

describe("adding a document", () => {
  it("keeps a PDF as it came, and serves it inline with its type, nosniff and a sandbox", async () => {
    const { owner, member, trip } = await tripWithMember("pdf");
    const events: TripEvent[] = [];
    const off = t.app.ctx.bus.subscribeAll((e) => e.type === "documents.changed" && events.push(e));
    const res = await post(member, trip.id, PDF, "KE721 e-ticket.pdf");
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as TripDocument;
    expect(doc).toMatchObject({
      tripId: trip.id,
      bookingId: null,
      userId: member.id,
      userName: "pdf member",
      shared: true,
      title: "KE721 e-ticket",
      contentType: "application/pdf",
      size: PDF.length,
      originalName: "KE721 e-ticket.pdf",
      url: `/api/trips/${trip.id}/documents/${doc.id}/file`,
      canEdit: true,
      canShare: true,
    });
    // On PostgreSQL the event comes back through NOTIFY, a moment after the answer.
    await expect.poll(() => events.length).toBe(1);
    off();
    expect(events).toEqual([{ type: "documents.changed", tripId: trip.id, seq: expect.any(Number) }]);

    const file = await fetchFile(owner, doc.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(
      `inline; filename="KE721 e-ticket.pdf"; filename*=UTF-8''KE721%20e-ticket.pdf`,
    );
    expect(String(file.headers["content-security-policy"])).toMatch(/^sandbox;/);
    expect(file.headers["cache-control"]).toBe("private, no-store");

    // The owner (an admin) sees it in the list, may rename or delete it, not make it private.
    const list = (await owner.get(`/api/trips/${trip.id}/documents`)).json().documents as TripDocument[];
    expect(list.map((d) => [d.id, d.canEdit, d.canShare])).toEqual([[doc.id, true, false]]);
  });

  it("reads the type from the bytes: a PNG named .pdf is a PNG, an HTML file named .pdf is refused", async () => {
    const { owner, trip } = await tripWithMember("bytes");
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const asPdf = await post(owner, trip.id, png, "passport.pdf", "application/pdf");
    expect(asPdf.statusCode, asPdf.body).toBe(201);
    const doc = asPdf.json() as TripDocument;
    expect(doc.contentType).toBe("image/png");
    expect(await keyOf(doc.id)).toBe(`trips/${trip.id}/documents/${doc.id}.png`);
    const file = await fetchFile(owner, doc.url);
    expect(file.headers["content-type"]).toBe("image/png");
    // Stored as uploaded: the very bytes, not re-encoded.
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers["content-disposition"]).toContain('filename="passport.png"');

    const html = Buffer.from(
      "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
    );
    const message = "Only PDF files and images can be added: PDF, JPEG, PNG, WebP or HEIC.";
    for (const [bytes, name, type] of [
      [html, "ticket.pdf", "application/pdf"],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), "a.png", "image/png"],
      [Buffer.from("just some notes\n".repeat(50)), "notes.jpg", "image/jpeg"],
    ] as const) {
      const res = await post(owner, trip.id, bytes, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.message).toBe(message);
    }
    // In the caller's language.
    const ja = await post(owner, trip.id, html, "ticket.pdf", "application/pdf", "", {
      "accept-language": "ja",
    });
    expect(ja.json().error.message).toBe(say(text("server:documents.notAllowedType"), "ja"));
    expect(ja.json().error.message).not.toBe(message);
    expect((await owner.get(`/api/trips/${trip.id}/documents`)).json().documents).toHaveLength(1);
  });

  it("refuses a file over 10 MB, and no file, with clear messages", async () => {
    const { owner, trip } = await tripWithMember("big");
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES, 32)]);
    const res = await post(owner, trip.id, big, "huge.pdf");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("Documents can be at most 10 MB.");
    const json = await owner.post(`/api/trips/${trip.id}/documents`, { file: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe("Choose a file to add.");
  });

  it("stops at the trip's caps with messages that name them", async () => {
    const { owner, member, trip } = await tripWithMember("caps");
    const db = t.app.ctx.database.db;
    // 99 documents of the member's (rows only: the caps count rows), then one upload fills the trip.
    await db.insert(documents).values(
      Array.from({ length: MAX_DOCUMENTS_PER_TRIP - 1 }, (_, i) => ({
        tripId: trip.id,
        userId: member.id,
        shared: i % 2 === 0,
        title: `Scan ${i}`,
        key: `trips/${trip.id}/documents/fake-${i}.pdf`,
        contentType: "application/pdf",
        bytes: 1000,
        originalName: `scan-${i}.pdf`,
      })),
    );
    expect((await post(owner, trip.id, PDF)).statusCode).toBe(201);
    const full = await post(owner, trip.id, PDF);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(
      "This trip already has 100 documents. Delete some before adding more.",
    );
    // Bytes: one big row takes the trip to its total.
    const other = await tripWithMember("caps-bytes");
    await db.insert(documents).values({
      tripId: other.trip.id,
      userId: other.owner.id,
      title: "Huge",
      key: `trips/${other.trip.id}/documents/huge.pdf`,
      contentType: "application/pdf",
      bytes: MAX_DOCUMENT_TRIP_BYTES - 10,
      originalName: "huge.pdf",
    });
    const over = await post(other.owner, other.trip.id, PDF);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe(
      "This trip's documents have reached 250 MB in all. Delete some before adding more.",
    );
  });

  it("refuses another trip's booking", async () => {
    const { owner, trip } = await tripWithMember("booking-elsewhere");
    const other = await tripWithMember("booking-other");
    const theirs = await other.owner.post(`/api/trips/${other.trip.id}/bookings`, HOTEL);
    expect(theirs.statusCode).toBe(201);
    const res = await post(owner, trip.id, PDF, "x.pdf", "application/pdf", `?bookingId=${theirs.json().id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("This booking is not in the trip");
  });
});

describe("who sees a document", () => {
  it("private: only its uploader; everyone else gets the generic 404, as for a made-up id", async () => {
    const { owner, member, trip } = await tripWithMember("private");
    const scan = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#eeeeee" } })
      .jpeg()
      .toBuffer();
    const res = await post(member, trip.id, scan, "passport.jpg", "image/jpeg", "?shared=false");
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as TripDocument;
    expect(doc).toMatchObject({ shared: false, contentType: "image/jpeg" });

    expect((await fetchFile(member, doc.url)).statusCode).toBe(200);
    expect((await member.get(`/api/trips/${trip.id}/documents`)).json().documents).toHaveLength(1);
    // Another member, even the owner: not in the list, and the same 404 as an id that never was.
    expect((await owner.get(`/api/trips/${trip.id}/documents`)).json().documents).toEqual([]);
    const made = await fetchFile(owner, `/api/trips/${trip.id}/documents/${crypto.randomUUID()}/file`);
    for (const attempt of [
      await fetchFile(owner, doc.url),
      await owner.request("PATCH", `/api/trips/${trip.id}/documents/${doc.id}`, { title: "Mine now" }),
      await owner.request("DELETE", `/api/trips/${trip.id}/documents/${doc.id}`),
    ]) {
      expect(attempt.statusCode).toBe(404);
      expect(attempt.body).toBe(made.body);
    }
    // Shared by its uploader, the others see it; made private again, they do not.
    const share = await member.request("PATCH", `/api/trips/${trip.id}/documents/${doc.id}`, {
      shared: true,
    });
    expect(share.statusCode, share.body).toBe(200);
    expect((await fetchFile(owner, doc.url)).statusCode).toBe(200);
    // Only the uploader decides who sees it.
    const unshare = await owner.request("PATCH", `/api/trips/${trip.id}/documents/${doc.id}`, {
      shared: false,
    });
    expect(unshare.statusCode).toBe(403);
    expect(unshare.json().error.message).toBe("Only the person who added a document can change who sees it");
    await member.request("PATCH", `/api/trips/${trip.id}/documents/${doc.id}`, { shared: false });
    expect((await fetchFile(owner, doc.url)).statusCode).toBe(404);
  });

  it("non-members, guests of other trips and signed-out visitors: 404 (401 signed out)", async () => {
    const { owner, member, trip } = await tripWithMember("outsiders");
    const doc = (await post(member, trip.id, PDF)).json() as TripDocument;
    const stranger = (await registered(t.app, "outsiders-stranger@example.com")) as Who;
    const drifter = await guest(t.app, "Drifter");
    const unknownTrip = (await stranger.get(`/api/trips/${crypto.randomUUID()}/documents`)).body;
    for (const c of [stranger, drifter]) {
      for (const res of [
        await fetchFile(c, doc.url),
        await c.get(`/api/trips/${trip.id}/documents`),
        await post(c, trip.id, PDF),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(unknownTrip);
      }
    }
    expect((await fetchFile(client(t.app), doc.url)).statusCode).toBe(401);
    // A member who leaves no longer reads it.
    expect((await fetchFile(owner, doc.url)).statusCode).toBe(200);
    expect((await member.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await fetchFile(member, doc.url)).statusCode).toBe(404);
    // A shared document stays with the group when its uploader leaves.
    expect((await fetchFile(owner, doc.url)).statusCode).toBe(200);
  });

  it("a member changes or deletes their own; an admin a shared one; another member not", async () => {
    const { owner, member, trip } = await tripWithMember("rights");
    const other = (await guest(t.app, "rights other")) as Who;
    await joinTrip(other, await inviteCode(owner, trip.id));
    const doc = (await post(owner, trip.id, PDF)).json() as TripDocument;
    const path = `/api/trips/${trip.id}/documents/${doc.id}`;
    const refused = await member.request("PATCH", path, { title: "Renamed" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Only the person who added this document or an admin can change or delete it",
    );
    expect((await member.request("DELETE", path)).statusCode).toBe(403);
    const mine = (await post(member, trip.id, PDF, "Mine.pdf")).json() as TripDocument;
    const renamed = await member.request("PATCH", `/api/trips/${trip.id}/documents/${mine.id}`, {
      title: "  Hotel confirmation  ",
    });
    expect(renamed.json()).toMatchObject({ title: "Hotel confirmation" });
    expect((await other.request("DELETE", `/api/trips/${trip.id}/documents/${mine.id}`)).statusCode).toBe(
      403,
    );
    // The owner is an admin: a shared document of a member is theirs to tidy away.
    const key = (await keyOf(mine.id))!;
    expect((await owner.request("DELETE", `/api/trips/${trip.id}/documents/${mine.id}`)).statusCode).toBe(
      204,
    );
    expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    expect((await fetchFile(member, mine.url)).statusCode).toBe(404);
    // Bad changes are 400s.
    for (const body of [{}, { title: "" }, { title: "x".repeat(121) }, { shared: "yes" }, { colour: 1 }])
      expect((await owner.request("PATCH", path, body)).statusCode, JSON.stringify(body)).toBe(400);
  });
});

describe("removed with what they belong to", () => {
  it("deleting a booking removes its documents' rows and files; the trip's others stay", async () => {
    const { owner, member, trip } = await tripWithMember("booking-gone");
    const booking = (await owner.post(`/api/trips/${trip.id}/bookings`, HOTEL)).json();
    const onBooking = await post(
      member,
      trip.id,
      PDF,
      "stay.pdf",
      "application/pdf",
      `?bookingId=${booking.id}`,
    );
    expect(onBooking.statusCode, onBooking.body).toBe(201);
    const privateOne = await post(
      member,
      trip.id,
      PDF,
      "voucher.pdf",
      "application/pdf",
      `?bookingId=${booking.id}&shared=false`,
    );
    const loose = (await post(member, trip.id, PDF, "general.pdf")).json() as TripDocument;
    const ids = [onBooking.json().id as string, privateOne.json().id as string];
    const keys = await Promise.all(ids.map(async (id) => (await keyOf(id))!));
    for (const key of keys) expect(await t.app.ctx.storage.get(key)).toBeDefined();
    expect(onBooking.json().bookingId).toBe(booking.id);

    // The owner deletes the booking, with a private document of the member's on it.
    expect((await owner.request("DELETE", `/api/trips/${trip.id}/bookings/${booking.id}`)).statusCode).toBe(
      204,
    );
    for (const id of ids) expect(await keyOf(id)).toBeUndefined();
    for (const key of keys) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    const left = (await member.get(`/api/trips/${trip.id}/documents`)).json().documents as TripDocument[];
    expect(left.map((d) => d.id)).toEqual([loose.id]);
  });

  it("leaving a trip removes the member's private documents and their files; shared ones stay", async () => {
    const { owner, member, trip } = await tripWithMember("leave");
    const priv = (
      await post(member, trip.id, PDF, "passport.pdf", "application/pdf", "?shared=false")
    ).json();
    const shared = (await post(member, trip.id, PDF, "tickets.pdf")).json();
    const key = (await keyOf(priv.id))!;
    expect((await member.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect(await keyOf(priv.id)).toBeUndefined();
    // The file goes just after the answer.
    await expect.poll(() => t.app.ctx.storage.get(key)).toBeUndefined();
    expect(await keyOf(shared.id)).toBeDefined();
    expect((await owner.get(`/api/trips/${trip.id}/documents`)).json().documents).toHaveLength(1);
  });

  it("deleting the trip removes every document's file", async () => {
    const { owner, member, trip } = await tripWithMember("trip-gone");
    const a = (await post(owner, trip.id, PDF)).json();
    const b = (await post(member, trip.id, PDF, "p.pdf", "application/pdf", "?shared=false")).json();
    const keys = [(await keyOf(a.id))!, (await keyOf(b.id))!];
    expect((await owner.request("DELETE", `/api/trips/${trip.id}`)).statusCode).toBe(204);
    for (const key of keys) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
  });

  it("deleting an account removes its private documents; its shared ones stay without a name", async () => {
    const { owner, trip } = await tripWithMember("account");
    const leaver = (await registered(t.app, "account-leaver@example.com")) as Who;
    await joinTrip(leaver, await inviteCode(owner, trip.id));
    const priv = (
      await post(leaver, trip.id, PDF, "passport.pdf", "application/pdf", "?shared=false")
    ).json();
    const shared = (await post(leaver, trip.id, PDF, "tickets.pdf")).json();
    const key = (await keyOf(priv.id))!;
    const gone = await leaver.request("DELETE", "/api/me", { confirm: "account-leaver@example.com" });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await keyOf(priv.id)).toBeUndefined();
    expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    const list = (await owner.get(`/api/trips/${trip.id}/documents`)).json().documents as TripDocument[];
    expect(list).toMatchObject([{ id: shared.id, userId: null, userName: null, shared: true }]);
  });
});

describe("download names", () => {
  it("end as the stored type and cannot break the header", () => {
    expect(downloadName("Ticket", "application/pdf")).toBe("Ticket.pdf");
    expect(downloadName("scan.PNG", "image/png")).toBe("scan.PNG");
    expect(downloadName('a"b\\c/d\r\n', "image/jpeg")).toBe("abcd.jpg");
    expect(inlineDisposition("東京 ticket.pdf")).toBe(
      `inline; filename="__ ticket.pdf"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC%20ticket.pdf`,
    );
  });
});
