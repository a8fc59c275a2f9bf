import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_IMAGE_EDGE, MAX_UPLOAD_BYTES, THUMBNAIL_EDGE, type Upload } from "@tabi/contracts";
import { eq } from "drizzle-orm";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { say, text } from "../../i18n";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, guest, inviteCode, join as joinTrip, registered } from "../../test/fixtures";
import { multipartFile, postUpload } from "../../test/uploads";
import { sweepUnusedUploads, UNUSED_UPLOAD_GRACE_MS } from "./sweep";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = TestClient & { id: string };

const form = multipartFile;
const upload = (c: TestClient, tripId: string, file: Buffer, fileName?: string, type?: string) =>
  postUpload(t.app, c, tripId, file, fileName, type);

const fetchImage = (c: TestClient, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    remoteAddress: c.ip,
    headers: { ...(c.cookieHeader ? { cookie: c.cookieHeader } : {}), ...headers },
  });

/** A 3000 x 2000 camera photo turned on its side (EXIF orientation 6) with where it was taken. */
async function cameraPhoto() {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#2d8a5f" } })
    .withExif({
      IFD0: { Make: "TabiCam" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 0/1 42/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "135/1 46/1 5/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function tripWithMember(prefix: string) {
  const owner = (await registered(t.app, `${prefix}-owner@example.com`)) as Who;
  const trip = await createTrip(owner);
  const member = (await guest(t.app, `${prefix} member`)) as Who;
  await joinTrip(member, await inviteCode(owner, trip.id));
  return { owner, member, trip };
}

describe("uploading a photo", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await cameraPhoto();
  });

  it("the test photo really carries GPS and an orientation", async () => {
    const meta = await sharp(photo).metadata();
    expect(meta.orientation).toBe(6);
    const exif = exifReader(meta.exif!);
    expect(exif.GPSInfo?.GPSLatitude).toEqual([35, 0, 42]);
    expect(exif.GPSInfo?.GPSLongitude).toEqual([135, 46, 5]);
  });

  it("comes back upright, as WebP, at most 2048 px, without EXIF or GPS, with a thumbnail", async () => {
    const { owner, member, trip } = await tripWithMember("exif");
    const res = await upload(member, trip.id, photo, "IMG_0001.JPG");
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Upload;
    expect(body).toMatchObject({
      url: `/api/trips/${trip.id}/uploads/${body.id}`,
      thumbUrl: `/api/trips/${trip.id}/uploads/${body.id}?size=thumb`,
      // Orientation 6 applied: the 3000 x 2000 sensor image is a portrait 1365 x 2048.
      width: 1365,
      height: MAX_IMAGE_EDGE,
      originalName: "IMG_0001.JPG",
      originalType: "image/jpeg",
    });

    // Another member of the trip reads it.
    const full = await fetchImage(owner, body.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(full.headers["x-content-type-options"]).toBe("nosniff");
    expect(full.headers.etag).toBeTruthy();
    expect(full.rawPayload.length).toBe(body.size);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1365, height: 2048 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // No EXIF or XMP chunk in the WebP container at all, so no GPS either.
    const riff = full.rawPayload.toString("latin1");
    expect(riff).not.toContain("EXIF");
    expect(riff).not.toContain("XMP ");
    expect(riff).not.toContain("TabiCam");

    const thumb = await fetchImage(owner, body.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(THUMBNAIL_EDGE);
    expect(thumbMeta.exif).toBeUndefined();
    expect(thumb.headers.etag).not.toBe(full.headers.etag);

    // A cached copy is confirmed, not sent again.
    const again = await fetchImage(owner, body.url, { "if-none-match": String(full.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("keeps a small image at its size (no enlargement) and reads PNG by its bytes whatever the name", async () => {
    const { owner, trip } = await tripWithMember("small");
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#f00a" } })
      .png()
      .toBuffer();
    const res = await upload(owner, trip.id, png, "../../etc/holiday.gif", "text/plain");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      width: 300,
      height: 200,
      originalType: "image/png",
      originalName: "holiday.gif",
    });
    const thumb = await fetchImage(owner, res.json().thumbUrl);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it("refuses an SVG, a text file named photo.jpg and a damaged JPEG with clear messages", async () => {
    const { owner, trip } = await tripWithMember("refuse");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const asSvg = await upload(owner, trip.id, svg, "photo.svg", "image/svg+xml");
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json().error.message).toBe("Only photos can be sent: JPEG, PNG, WebP, GIF or AVIF.");

    const notes = await upload(owner, trip.id, Buffer.from("just some notes\n".repeat(100)), "photo.jpg");
    expect(notes.statusCode).toBe(415);
    expect(notes.json().error.message).toBe("Only photos can be sent: JPEG, PNG, WebP, GIF or AVIF.");

    const cut = (await cameraPhoto()).subarray(0, 2000);
    const damaged = await upload(owner, trip.id, cut, "cut.jpg");
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.message).toBe("This photo could not be read. It may be damaged.");

    // In the caller's language.
    const { payload, contentType } = form(svg, "photo.svg", "image/svg+xml");
    const ja = await t.app.inject({
      method: "POST",
      url: `/api/trips/${trip.id}/uploads`,
      payload,
      remoteAddress: owner.ip,
      headers: {
        cookie: owner.cookieHeader,
        origin: "http://localhost:3000",
        "accept-language": "ja",
        "content-type": contentType,
      },
    });
    expect(ja.statusCode).toBe(415);
    expect(ja.json().error.message).toBe(say(text("server:uploads.notImage"), "ja"));
    expect(ja.json().error.message).not.toBe("Only photos can be sent: JPEG, PNG, WebP, GIF or AVIF.");
  });

  it("refuses a 12 MB upload, and one a byte over the limit, with 413", async () => {
    const { owner, trip } = await tripWithMember("big");
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const twelve = Buffer.concat([jpegStart, Buffer.alloc(12 * 1024 * 1024, 7)]);
    const res = await upload(owner, trip.id, twelve, "huge.jpg");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("Photos can be at most 10 MB.");
    // Within the declared length's allowance, so the multipart reader itself must stop it.
    const justOver = Buffer.concat([jpegStart, Buffer.alloc(MAX_UPLOAD_BYTES - 3, 7)]);
    const over = await upload(owner, trip.id, justOver, "over.jpg");
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe("Photos can be at most 10 MB.");
  });

  it("refuses an image over 50 megapixels before decoding it", async () => {
    const { owner, trip } = await tripWithMember("pixels");
    const wide = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await upload(owner, trip.id, wide, "panorama.png");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("This photo is too large to process (at most 50 megapixels).");
  });

  it("asks for a file when there is none", async () => {
    const { owner, trip } = await tripWithMember("nofile");
    const boundary = "----tabiEmpty";
    const res = await t.app.inject({
      method: "POST",
      url: `/api/trips/${trip.id}/uploads`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      remoteAddress: owner.ip,
      headers: {
        cookie: owner.cookieHeader,
        origin: "http://localhost:3000",
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Choose a photo to upload.");
    // A JSON body is no upload either.
    const json = await owner.post(`/api/trips/${trip.id}/uploads`, { file: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe("Choose a photo to upload.");
  });

  it("refuses a multipart body from another site before reading it", async () => {
    const { owner, trip } = await tripWithMember("csrf");
    const { payload, contentType } = form(photo, "photo.jpg", "image/jpeg");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/trips/${trip.id}/uploads`,
      payload,
      remoteAddress: owner.ip,
      headers: { cookie: owner.cookieHeader, origin: "https://evil.example", "content-type": contentType },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("who sees a photo", () => {
  it("members only: a non-member, a member of another trip and a guest get the same 404; signed out 401", async () => {
    const { owner, member, trip } = await tripWithMember("who");
    const up = await upload(member, trip.id, await cameraPhoto());
    expect(up.statusCode).toBe(201);
    const { url, thumbUrl, id } = up.json() as Upload;

    const stranger = (await registered(t.app, "who-stranger@example.com")) as Who;
    const otherOwner = (await registered(t.app, "who-other@example.com")) as Who;
    const otherTrip = await createTrip(otherOwner);
    const drifter = await guest(t.app, "Drifter");
    const unknownTrip = (await stranger.get(`/api/trips/${crypto.randomUUID()}/uploads/${id}`)).body;

    for (const c of [stranger, drifter, otherOwner]) {
      for (const u of [url, thumbUrl]) {
        const res = await fetchImage(c, u);
        expect(res.statusCode).toBe(404);
        expect(res.headers["content-type"]).toContain("application/json");
        expect(res.body).toBe(unknownTrip);
        expect(String(res.headers["cache-control"] ?? "")).not.toContain("immutable");
      }
    }
    const head = await t.app.inject({
      method: "HEAD",
      url,
      remoteAddress: stranger.ip,
      headers: { cookie: stranger.cookieHeader },
    });
    expect(head.statusCode).toBe(404);
    // The upload's id under the other owner's own trip: not theirs either.
    const elsewhere = await fetchImage(otherOwner, `/api/trips/${otherTrip.id}/uploads/${id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.headers["content-type"]).toContain("application/json");

    const signedOut = await fetchImage(client(t.app), url);
    expect(signedOut.statusCode).toBe(401);
    const signedOutUpload = await upload(client(t.app), trip.id, await cameraPhoto());
    expect(signedOutUpload.statusCode).toBe(401);
    const strangerUpload = await upload(stranger, trip.id, await cameraPhoto());
    expect(strangerUpload.statusCode).toBe(404);

    // Members still read it, until they leave.
    expect((await fetchImage(owner, url)).statusCode).toBe(200);
    expect((await member.post(`/api/trips/${trip.id}/leave`)).statusCode).toBe(204);
    expect((await fetchImage(member, url)).statusCode).toBe(404);
  });
});

describe("when the trip is deleted", () => {
  it("its photos' files go with it", async () => {
    const { owner, trip } = await tripWithMember("trip-gone");
    const res = await postUpload(
      t.app,
      owner,
      trip.id,
      await sharp({
        create: { width: 40, height: 30, channels: 3, background: "#336699" },
      })
        .jpeg()
        .toBuffer(),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.database.db.select().from(uploads).where(eq(uploads.id, res.json().id));
    expect(await t.app.ctx.storage.get(row!.key)).toBeDefined();
    expect((await owner.request("DELETE", `/api/trips/${trip.id}`)).statusCode).toBe(204);
    expect(await t.app.ctx.storage.get(row!.key)).toBeUndefined();
    expect(await t.app.ctx.storage.get(row!.thumbKey)).toBeUndefined();
  });
});

describe("uploads nothing uses", () => {
  it("go a day after upload; those of messages, places and expenses' receipts stay", async () => {
    const { owner, trip } = await tripWithMember("sweep");
    const jpeg = () =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: "#994422" } })
        .jpeg()
        .toBuffer();
    const up = async () => (await postUpload(t.app, owner, trip.id, await jpeg())).json() as Upload;
    const [loose, inMessage, onPlace, receipt] = [await up(), await up(), await up(), await up()];
    await owner.post(`/api/trips/${trip.id}/chat/messages`, {
      clientId: crypto.randomUUID(),
      imageId: inMessage.id,
    });
    const place = await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Sweep Garden",
      latitude: 35.01,
      longitude: 135.76,
      photos: [onPlace.url],
    });
    expect(place.statusCode).toBe(201);
    const me = owner.id;
    const expense = await owner.post(`/api/trips/${trip.id}/expenses`, {
      title: "Sweep lunch",
      amountMinor: 1200,
      currency: "JPY",
      date: "2026-04-01",
      payers: [{ memberId: me, amountMinor: 1200 }],
      split: { kind: "equal", entries: [{ memberId: me }] },
      receipts: [receipt.url],
    });
    expect(expense.statusCode).toBe(201);
    const db = t.app.ctx.database.db;
    const keyOf = async (id: string) => (await db.select().from(uploads).where(eq(uploads.id, id)))[0]?.key;
    const looseKey = (await keyOf(loose.id))!;
    // Not yet a day old: all stay.
    await sweepUnusedUploads(db, t.app.ctx.storage);
    expect(await keyOf(loose.id)).toBeDefined();
    const tomorrow = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 60_000);
    await sweepUnusedUploads(db, t.app.ctx.storage, tomorrow);
    expect(await keyOf(loose.id)).toBeUndefined();
    expect(await t.app.ctx.storage.get(looseKey)).toBeUndefined();
    expect((await owner.get(loose.url)).statusCode).toBe(404);
    expect(await keyOf(inMessage.id)).toBeDefined();
    expect(await keyOf(onPlace.id)).toBeDefined();
    expect(await keyOf(receipt.id)).toBeDefined();
    expect((await owner.get(receipt.url)).statusCode).toBe(200);
  });
});

describe("place photos", () => {
  it("takes this trip's uploads, refuses another trip's and unknown ones", async () => {
    const { owner, trip } = await tripWithMember("place");
    const other = await tripWithMember("place-other");
    const mine = (await upload(owner, trip.id, await cameraPhoto())).json() as Upload;
    const theirs = (await upload(other.owner, other.trip.id, await cameraPhoto())).json() as Upload;
    const places = `/api/trips/${trip.id}/places`;
    const kinkaku = { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292 };

    const added = await owner.post(places, { ...kinkaku, photos: [mine.url, "https://example.org/k.jpg"] });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().place.photos).toEqual([mine.url, "https://example.org/k.jpg"]);
    const placeId = added.json().place.id as string;

    const refusals = [
      // Another trip's upload, under its own trip's path and under this trip's path.
      theirs.url,
      `/api/trips/${trip.id}/uploads/${theirs.id}`,
      // An upload id that does not exist.
      `/api/trips/${trip.id}/uploads/${crypto.randomUUID()}`,
    ];
    for (const photo of refusals) {
      const add = await owner.post(places, {
        name: "Ginkaku-ji",
        latitude: 35.027,
        longitude: 135.798,
        photos: [photo],
      });
      expect(add.statusCode, photo).toBe(400);
      expect(add.json().error.message).toBe("Photos of a place must be uploaded to its trip");
      const edit = await owner.request("PATCH", `${places}/${placeId}`, { photos: [photo] });
      expect(edit.statusCode, photo).toBe(400);
      expect(edit.json().error.message).toBe("Photos of a place must be uploaded to its trip");
    }

    // An edit replaces the list: reordered, one removed, at most five.
    const second = (await upload(owner, trip.id, await cameraPhoto())).json() as Upload;
    const edited = await owner.request("PATCH", `${places}/${placeId}`, { photos: [second.url, mine.url] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().photos).toEqual([second.url, mine.url]);
    const six = await owner.request("PATCH", `${places}/${placeId}`, { photos: Array(6).fill(mine.url) });
    expect(six.statusCode).toBe(400);
    const list = (await owner.get(places)).json();
    expect(list.places[0].photos).toEqual([second.url, mine.url]);
  });
});

describe("a storage failure", () => {
  it("is a 503 with the usual words, and the server goes on", async () => {
    const { owner, trip } = await tripWithMember("broken");
    const uploads = join(t.app.ctx.config.dataDir, "uploads");
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, "not a folder"); // every write under it now fails
    try {
      const res = await upload(owner, trip.id, await cameraPhoto());
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: "SERVICE_UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again in a moment.",
      });
      expect((await owner.get(`/api/trips/${trip.id}`)).statusCode).toBe(200);
    } finally {
      rmSync(uploads, { force: true });
    }
    expect((await upload(owner, trip.id, await cameraPhoto())).statusCode).toBe(201);
  });
});
