import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import type { TestClient } from "../../test/client";
import { client, createTrip, inviteCode, join as joinTrip, registered } from "../../test/fixtures";
import { multipartFile } from "../../test/uploads";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

type Who = TestClient & { id: string };
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name));

function preview(c: TestClient, tripId: string, file: Buffer, fileName: string, headers = {}) {
  const { payload, contentType } = multipartFile(file, fileName, "application/octet-stream");
  return t.app.inject({
    method: "POST",
    url: `/api/trips/${tripId}/imports/preview`,
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

async function waitDone(c: TestClient, tripId: string) {
  for (let i = 0; i < 400; i++) {
    const { progress, running } = (await c.get(`/api/trips/${tripId}/optimizations/progress`)).json();
    if (!running && progress && ["complete", "error", "cancelled"].includes(progress.stage)) return progress;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("optimisation did not finish");
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  isArray: (n) => ["Folder", "Placemark", "wpt", "rte", "rtept"].includes(n),
});

describe("importing places", () => {
  it("previews a My Maps KML: what the trip has, what is the caller's already; then adds the picked ones as wishes", async () => {
    const owner = (await registered(t.app, "imp-owner@example.com")) as Who;
    const friend = (await registered(t.app, "imp-friend@example.com")) as Who;
    const trip = await createTrip(owner);
    await joinTrip(friend, await inviteCode(owner, trip.id));
    // The friend has Kinkaku-ji already (the same name within 150 m), the owner Nishiki Market.
    await friend.post(`/api/trips/${trip.id}/places`, {
      name: "Kinkaku-ji",
      latitude: 35.0394,
      longitude: 135.7292,
    });
    await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Nishiki Market",
      latitude: 35.005,
      longitude: 135.7649,
    });

    const res = await preview(owner, trip.id, fixture("my-maps-kyoto.kml"), "Kyoto with friends.kml");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.format).toBe("kml");
    expect(body.items.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      ["Kinkaku-ji", "inTrip"],
      ["Fushimi Inari Taisha", "new"],
      ["Nishiki Market", "mine"],
      ["Pontocho Alley", "new"],
    ]);
    // A preview changes nothing.
    expect((await owner.get(`/api/trips/${trip.id}/places`)).json().places).toHaveLength(2);

    const picked = body.items
      .filter((i: { status: string }) => i.status !== "mine")
      .map(({ name, latitude, longitude, address, notes }: Record<string, unknown>) => ({
        name,
        latitude,
        longitude,
        address,
        notes,
      }));
    const added = await owner.post(`/api/trips/${trip.id}/places/import`, { places: picked });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ added: 2, joined: 1, already: 0, stopped: null });

    const list = (await owner.get(`/api/trips/${trip.id}/places`)).json().places as {
      name: string;
      myWish: number | null;
      wishes: unknown[];
      notes: string | null;
    }[];
    expect(list.map((p) => p.name).sort()).toEqual([
      "Fushimi Inari Taisha",
      "Kinkaku-ji",
      "Nishiki Market",
      "Pontocho Alley",
    ]);
    expect(list.every((p) => p.myWish !== null)).toBe(true);
    // Kinkaku-ji is one place with two wishes, not a second place.
    expect(list.find((p) => p.name === "Kinkaku-ji")!.wishes).toHaveLength(2);
    // Adding them again: each is the owner's already.
    const again = await owner.post(`/api/trips/${trip.id}/places/import`, { places: picked });
    expect(again.json()).toEqual({ added: 0, joined: 0, already: 3, stopped: null });
  });

  it("stops at the free plan's place limit and says how many were left", async () => {
    const owner = (await registered(t.app, "imp-limit@example.com")) as Who;
    const trip = await createTrip(owner);
    const places = Array.from({ length: 12 }, (_, i) => ({
      name: `Stop ${i + 1}`,
      latitude: 35 + i * 0.01,
      longitude: 135.7,
    }));
    const first = await owner.post(`/api/trips/${trip.id}/places/import`, { places });
    expect(first.statusCode).toBe(200);
    const result = first.json();
    expect(result.added).toBe(10);
    expect(result.stopped).toMatchObject({ code: "PLAN_LIMIT", left: 2 });
    expect(result.stopped.message).toMatch(/10 places/);
    expect((await owner.get(`/api/trips/${trip.id}/places`)).json().places).toHaveLength(10);
  });

  it("says why in the member's language", async () => {
    const owner = (await registered(t.app, "imp-ja@example.com")) as Who;
    const trip = await createTrip(owner);
    const res = await preview(owner, trip.id, Buffer.from("<kml><Document>"), "broken.kml", {
      "accept-language": "ja",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "このファイルは正しいKMLまたはGPXではありません。XMLを読み取れません。",
    );
  });

  it("finds a saved list's place without coordinates by its name offline, and says when it cannot", async () => {
    const owner = (await registered(t.app, "imp-csv@example.com")) as Who;
    const trip = await createTrip(owner);
    const res = await preview(owner, trip.id, fixture("Kyoto favourites.csv"), "Kyoto favourites.csv");
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      name: string;
      status: string;
      located: string | null;
      latitude: number;
    }[];
    expect(items.map((i) => [i.name, i.status, i.located])).toEqual([
      ["Kiyomizu-dera", "new", "search"],
      ["Arashiyama Bamboo Grove", "new", "url"],
      ['Menya Inoichi "Hanare"', "noLocation", null],
      ["To-ji pagoda", "new", "url"],
    ]);
    expect(items[0]!.latitude).toBeCloseTo(34.995, 1);
  });

  it.each([
    ["saved-places.json", "geojson", 4],
    ["saved-places-legacy.json", "geojson", 2],
    ["osmand-favourites.gpx", "gpx", 3],
    ["garmin-waypoints.gpx", "gpx", 2],
  ])("previews %s", async (file, format, count) => {
    const owner = (await registered(t.app, `imp-${file}@example.com`)) as Who;
    const trip = await createTrip(owner);
    const res = await preview(owner, trip.id, fixture(file), file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe(format);
    expect(res.json().items).toHaveLength(count);
  });

  it("refuses a file over 5 MB, an empty form, a DTD, and non-members with the generic 404", async () => {
    const owner = (await registered(t.app, "imp-refuse@example.com")) as Who;
    const stranger = (await registered(t.app, "imp-stranger@example.com")) as Who;
    const trip = await createTrip(owner);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0x20);
    huge.write("<kml>", 0);
    const big = await preview(owner, trip.id, huge, "huge.kml");
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe("Import files can be at most 5 MB.");

    const bomb = await preview(
      owner,
      trip.id,
      Buffer.from('<?xml version="1.0"?><!DOCTYPE k [<!ENTITY a "aaaaaaaaaa">]><kml>&a;</kml>'),
      "bomb.kml",
    );
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.message).toMatch(/DTD/);

    const json = await owner.post(`/api/trips/${trip.id}/imports/preview`, {});
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);

    const theirs = await preview(stranger, trip.id, fixture("my-maps-kyoto.kml"), "a.kml");
    expect(theirs.statusCode).toBe(404);
    const add = await stranger.post(`/api/trips/${trip.id}/places/import`, {
      places: [{ name: "X", latitude: 1, longitude: 1 }],
    });
    expect(add.statusCode).toBe(404);
    expect((await client(t.app).get(`/api/trips/${trip.id}/export/kml`)).statusCode).toBe(401);
    expect((await stranger.get(`/api/trips/${trip.id}/export/gpx`)).statusCode).toBe(404);
  });
});

describe("exporting the trip", () => {
  it("writes the places and the plan as KML (a folder a day) and GPX (a route a day), read back", async () => {
    const owner = (await registered(t.app, "exp-owner@example.com")) as Who;
    const trip = await createTrip(owner, { name: 'Kyoto <spring> & "friends" 京都', endDate: undefined });
    const places = [
      { name: "Kinkaku-ji", latitude: 35.0394, longitude: 135.7292, notes: "Gold & <shiny>" },
      { name: "Ginkaku-ji", latitude: 35.027, longitude: 135.7982 },
      { name: "Fushimi Inari Taisha", latitude: 34.9671, longitude: 135.7727 },
    ];
    for (const p of places)
      expect((await owner.post(`/api/trips/${trip.id}/places`, p)).statusCode).toBe(201);

    // Without a plan: every place in one folder, waypoints and no routes.
    const before = await owner.get(`/api/trips/${trip.id}/export/kml`);
    expect(before.statusCode).toBe(200);
    const kml0 = xml.parse(before.body);
    expect(kml0.kml.Document.Folder).toHaveLength(1);
    expect(kml0.kml.Document.Folder[0].Placemark).toHaveLength(3);

    await owner.post(`/api/trips/${trip.id}/optimizations`, {});
    expect((await waitDone(owner, trip.id)).stage).toBe("complete");
    const { result } = (await owner.get(`/api/trips/${trip.id}/optimizations/active`)).json();
    const planned = (result.days as { visits: { name: string; start: string }[] }[]).filter(
      (d) => d.visits.length,
    );

    const kmlRes = await owner.get(`/api/trips/${trip.id}/export/kml`);
    expect(kmlRes.statusCode).toBe(200);
    expect(kmlRes.headers["content-type"]).toMatch(/application\/vnd\.google-earth\.kml\+xml/);
    expect(kmlRes.headers["content-disposition"]).toBe(
      `attachment; filename="kyoto-spring-friends-__.kml"; filename*=UTF-8''${encodeURIComponent("kyoto-spring-friends-京都.kml")}`,
    );
    const kml = xml.parse(kmlRes.body);
    expect(kml.kml["@_xmlns"]).toBe("http://www.opengis.net/kml/2.2");
    expect(kml.kml.Document.name).toBe('Kyoto <spring> & "friends" 京都');
    const folders = kml.kml.Document.Folder as {
      name: string;
      Placemark: { name: string; description: string }[];
    }[];
    expect(planned.length).toBeGreaterThan(0);
    for (const day of result.days) {
      if (!day.visits.length) continue;
      const folder = folders.find((f) => f.name.startsWith(`Day ${day.day} · `))!;
      expect(folder.Placemark.map((p) => p.name)).toEqual(day.visits.map((v: { name: string }) => v.name));
      expect(folder.Placemark[0]!.description).toContain(`Day ${day.day}, ${day.visits[0].start}–`);
    }
    expect(kmlRes.body).toContain("Gold &amp; &lt;shiny&gt;");

    const gpxRes = await owner.get(`/api/trips/${trip.id}/export/gpx`);
    expect(gpxRes.statusCode).toBe(200);
    expect(gpxRes.headers["content-type"]).toMatch(/application\/gpx\+xml/);
    const gpx = xml.parse(gpxRes.body).gpx;
    expect(gpx["@_version"]).toBe("1.1");
    expect(gpx["@_xmlns"]).toBe("http://www.topografix.com/GPX/1/1");
    expect((gpx.wpt as { name: string }[]).map((w) => w.name).sort()).toEqual(
      places.map((p) => p.name).sort(),
    );
    const routes = gpx.rte as { name: string; rtept: { name: string; "@_lat": string }[] }[];
    expect(routes).toHaveLength(planned.length);
    expect(routes.flatMap((r) => r.rtept.map((p) => p.name))).toEqual(
      planned.flatMap((d) => d.visits.map((v) => v.name)),
    );
    expect(Number(routes[0]!.rtept[0]!["@_lat"])).toBeGreaterThan(34);
  }, 60_000);

  it("from the share page only when the link allows exporting", async () => {
    const owner = (await registered(t.app, "exp-share@example.com")) as Who;
    const trip = await createTrip(owner, { name: "Shared Kyoto" });
    await owner.post(`/api/trips/${trip.id}/places`, {
      name: "Kinkaku-ji",
      latitude: 35.0394,
      longitude: 135.7292,
    });
    const open = (
      await owner.post(`/api/trips/${trip.id}/shares`, {
        shareType: "external_view",
        permissions: { canExport: true, canViewPlaces: true },
      })
    ).json();
    const closed = (
      await owner.post(`/api/trips/${trip.id}/shares`, {
        shareType: "external_view",
        permissions: { canExport: false, canViewPlaces: true },
      })
    ).json();
    const visitor = client(t.app);
    const gpx = await visitor.get(`/api/shared/${open.token}/export/gpx`);
    expect(gpx.statusCode).toBe(200);
    expect(xml.parse(gpx.body).gpx.wpt[0].name).toBe("Kinkaku-ji");
    const kml = await visitor.get(`/api/shared/${open.token}/export/kml`);
    expect(kml.statusCode).toBe(200);
    expect(kml.headers["content-disposition"]).toContain("shared-kyoto.kml");
    expect((await visitor.get(`/api/shared/${closed.token}/export/kml`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/shared/${"x".repeat(43)}/export/kml`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/shared/${open.token}/export/pdf`)).statusCode).toBe(400);
  });
});
