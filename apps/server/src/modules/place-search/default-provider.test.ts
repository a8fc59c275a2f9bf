import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { placeSearchResponseSchema, restaurantListSchema } from "@tabi/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestApp, type TestApp } from "../../test/app";
import { createTrip, guest } from "../../test/fixtures";

// The default settings (issue 25): the shipped gazetteer first, Photon added when it answers, the
// gazetteer alone (and saying so) when it does not. Photon is a stand-in on 127.0.0.1 answering
// Photon's GeoJSON; the test never reaches the internet.

const shinjuku = { lat: 35.693, lng: 139.6995 };
const kyotoTrip = "35.0116,135.7681;35.0394,135.7292";

const feature = (
  osm: string,
  [key, value]: [string, string],
  name: string,
  lat: number,
  lng: number,
  more: Record<string, unknown> = {},
) => ({
  type: "Feature",
  geometry: { type: "Point", coordinates: [lng, lat] },
  properties: {
    osm_type: osm.charAt(0),
    osm_id: Number(osm.slice(1)),
    osm_key: key,
    osm_value: value,
    name,
    countrycode: "JP",
    country: "Japan",
    ...more,
  },
});
const EATERIES = [
  feature("N101", ["amenity", "restaurant"], "Fuunji", 35.6868, 139.6966, {
    city: "Tokyo",
    extra: { cuisine: "ramen" },
  }),
  feature("N102", ["amenity", "cafe"], "Cafe Tajimaya", 35.6929, 139.6999, { city: "Tokyo" }),
  // The gazetteer's own Omoide Yokochō, as OpenStreetMap has it: listed once.
  feature("W103", ["amenity", "food_court"], "Omoide Yokocho", 35.6932, 139.6997, { city: "Tokyo" }),
];
const SIGHTS = [
  feature("W201", ["amenity", "place_of_worship"], "Nanzen-ji", 35.0113, 135.7935, { city: "Kyoto" }),
  feature("N202", ["amenity", "restaurant"], "Nanzenji Junsei", 35.0107, 135.7915, { city: "Kyoto" }),
];

let photon: Server;
const asked: URL[] = [];
let t: TestApp;
let member: Awaited<ReturnType<typeof guest>>;
let tripId: string;

beforeAll(async () => {
  photon = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://photon.test");
    asked.push(url);
    const features = url.searchParams.has("osm_tag") ? EATERIES : url.pathname === "/api" ? SIGHTS : [];
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ type: "FeatureCollection", features }));
  });
  await new Promise<void>((resolve) => photon.listen(0, "127.0.0.1", resolve));
  // PLACES_PROVIDER "" unsets the test app's "offline": the configuration's own default.
  t = await createTestApp({
    PLACES_PROVIDER: "",
    PHOTON_URL: `http://127.0.0.1:${(photon.address() as AddressInfo).port}`,
  });
  member = await guest(t.app, "Hungry");
  tripId = (
    await createTrip(member, {
      departureLocation: "Tokyo, Japan",
      departureLatitude: 35.6812,
      departureLongitude: 139.7671,
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await t.close();
  photon.closeAllConnections();
  await new Promise((resolve) => photon.close(resolve));
});

const restaurants = (q: string, headers: Record<string, string> = {}) =>
  member.request(
    "GET",
    `/api/trips/${tripId}/restaurants?lat=${shinjuku.lat}&lng=${shinjuku.lng}&q=${q}&meal=lunch`,
    undefined,
    headers,
  );

describe("with the default settings", () => {
  it("is the gazetteer with Photon", () => {
    expect(loadConfig({}).places.provider).toBe("auto");
  });

  it("finds restaurants near a stop: Photon's and the gazetteer's, once each, with both credits", async () => {
    const res = await restaurants("");
    expect(res.statusCode).toBe(200);
    const list = restaurantListSchema.parse(res.json());
    expect(list.results.map((r) => r.name).sort()).toEqual(["Cafe Tajimaya", "Fuunji", "Omoide Yokochō"]);
    expect(list.results.find((r) => r.name === "Fuunji")).toMatchObject({
      placeId: "osm:N101",
      cuisine: "ramen",
      distanceMeters: expect.any(Number),
    });
    expect(list.source).toBe("offline+photon");
    expect(list.sources.map((s) => s.name)).toEqual(["offline", "photon"]);
    expect(list.attribution).toContain("GeoNames");
    expect(list.attribution).toContain("OpenStreetMap");
    expect(list.notice).toBeUndefined();
    // Asked as Photon's nearest places to eat: /reverse with its food tags.
    const asking = asked.at(-1)!;
    expect(asking.pathname).toBe("/reverse");
    expect(asking.searchParams.getAll("osm_tag")).toContain("amenity:restaurant");

    const named = restaurantListSchema.parse((await restaurants("fuunji")).json());
    expect(named.results[0]).toMatchObject({ name: "Fuunji" });
    expect(asked.at(-1)!.pathname).toBe("/api");
  });

  it("searches places: the gazetteer's sight first, with its visit length; Photon's after; details of both", async () => {
    const res = await member.get(`/api/places/search?q=Nanzen&trip=${encodeURIComponent(kyotoTrip)}&limit=4`);
    expect(res.statusCode).toBe(200);
    const body = placeSearchResponseSchema.parse(res.json());
    expect(body.results.slice(0, 2).map((r) => r.id)).toEqual(["tabi:kyoto:nanzen-ji", "osm:N202"]);
    expect(body.results[0]?.stayMinutes).toBe(60);
    expect(body.results).toHaveLength(4);
    expect(body.sources.map((s) => s.name)).toEqual(["offline", "photon"]);
    expect(body.notice).toBeUndefined();
    for (const id of ["tabi:kyoto:nanzen-ji", "osm:N202"]) {
      const details = await member.get(`/api/places/details/${encodeURIComponent(id)}`);
      expect(details.statusCode, id).toBe(200);
      expect(details.json().result.id).toBe(id);
    }
  });
});

describe("when Photon cannot be reached", () => {
  beforeAll(async () => {
    photon.closeAllConnections();
    await new Promise((resolve) => photon.close(resolve));
    asked.length = 0;
  });

  it("restaurant search says so, in the reader's language, and lists the gazetteer's", async () => {
    const res = await restaurants("");
    expect(res.statusCode).toBe(200);
    const list = restaurantListSchema.parse(res.json());
    expect(list.notice).toBe(
      "Online restaurant search is not answering right now: only the well-known places of the built-in list are shown.",
    );
    expect(list.results.map((r) => r.name)).toEqual(["Omoide Yokochō"]);
    expect(list.source).toBe("offline");
    expect(list.attribution).not.toContain("OpenStreetMap");
    const ja = restaurantListSchema.parse((await restaurants("ramen", { "accept-language": "ja" })).json());
    expect(ja.notice).toContain("レストラン");
    // The gazetteer lists all it knows in the circle, name matches first.
    expect(ja.results.map((r) => r.name)).toEqual(["Omoide Yokochō"]);
  });

  it("place search answers from the gazetteer, says so, and credits it alone", async () => {
    const res = await member.get(`/api/places/search?q=Nanzen&trip=${encodeURIComponent(kyotoTrip)}`);
    expect(res.statusCode).toBe(200);
    const body = placeSearchResponseSchema.parse(res.json());
    expect(body.results[0]).toMatchObject({ id: "tabi:kyoto:nanzen-ji", stayMinutes: 60 });
    expect(body.sources).toEqual([{ name: "offline", attribution: expect.stringContaining("GeoNames") }]);
    expect(body.notice).toBe(
      "Online search is not answering right now: these places are from the built-in list.",
    );
    const airport = placeSearchResponseSchema.parse((await member.get("/api/places/search?q=NRT")).json());
    expect(airport.results[0]).toMatchObject({ iata: "NRT" });
    // What the gazetteer knows still works: details, and the nearest city.
    expect((await member.get("/api/places/details/iata:KIX")).statusCode).toBe(200);
    const kyoto = await member.get("/api/places/reverse?lat=35.0116&lng=135.7681");
    expect(kyoto.json().result).toMatchObject({ kind: "city", countryCode: "JP" });
    expect(asked).toEqual([]); // the stand-in is gone: nothing answered in its place
  });
});
