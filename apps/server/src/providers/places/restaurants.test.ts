import { restaurantSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { replay } from "./fixtures/replay";
import { googlePlaces } from "./google";
import { nominatimPlaces } from "./nominatim";
import { offlinePlaces } from "./offline";
import { photonPlaces } from "./photon";
import { PlacesProviderError } from "./types";

// The restaurant search of each provider (issue 17): the request it sends and what it keeps.

const shinjuku = { lat: 35.6909, lng: 139.7003 };
const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
const schema = restaurantSchema.omit({ distanceMeters: true });

const photonAnswer = {
  features: [
    {
      geometry: { coordinates: [139.6995, 35.693] },
      properties: {
        osm_type: "N",
        osm_id: 101,
        osm_key: "amenity",
        osm_value: "restaurant",
        name: "Ramen Hiro",
        city: "Tokyo",
        country: "Japan",
        countrycode: "jp",
        extra: { cuisine: "ramen;japanese" },
      },
    },
    {
      geometry: { coordinates: [139.7, 35.69] },
      properties: { osm_type: "N", osm_id: 102, osm_key: "amenity", osm_value: "fast_food", name: "Burger" },
    },
    {
      geometry: { coordinates: [139.7, 35.69] },
      properties: { osm_type: "N", osm_id: 103, osm_key: "amenity", osm_value: "bar", name: "A bar" },
    },
  ],
};

describe("Photon", () => {
  it("searches a name in the circle's box, filtered to places to eat", async () => {
    const { fetch, calls } = replay(json(photonAnswer));
    const found = await photonPlaces({ url: "https://photon.example.org", fetch }).restaurantsNear!(
      "ramen",
      shinjuku,
      3000,
      20,
    );
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe("/api");
    expect(url.searchParams.get("q")).toBe("ramen");
    expect(url.searchParams.getAll("osm_tag")).toEqual([
      "amenity:restaurant",
      "amenity:fast_food",
      "amenity:food_court",
      "amenity:cafe",
      "amenity:biergarten",
    ]);
    expect(url.searchParams.get("bbox")).toBe("139.66712,35.66395,139.73348,35.71785");
    expect(
      Object.fromEntries(["lat", "lon", "limit", "lang"].map((k) => [k, url.searchParams.get(k)])),
    ).toEqual({ lat: "35.6909", lon: "139.7003", limit: "20", lang: "en" });
    // The bar is not a place to eat; types are the spec's.
    expect(found.map((r) => [r.placeId, r.name, r.types, r.cuisine])).toEqual([
      ["osm:N101", "Ramen Hiro", ["restaurant", "food"], "ramen, japanese"],
      ["osm:N102", "Burger", ["meal_takeaway", "food"], null],
    ]);
    for (const r of found) schema.parse(r);
  });

  it("lists the nearest ones through /reverse when there is no name", async () => {
    const { fetch, calls } = replay(json(photonAnswer));
    await photonPlaces({ fetch }).restaurantsNear!("", shinjuku, 3000, 20);
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe("/reverse");
    expect(url.searchParams.get("radius")).toBe("3");
    expect(url.searchParams.has("q")).toBe(false);
    expect(url.searchParams.getAll("osm_tag")).toContain("amenity:restaurant");
  });

  it("turns a failure into a PlacesProviderError", async () => {
    const { fetch } = replay({ status: 502, body: "" });
    await expect(photonPlaces({ fetch }).restaurantsNear!("", shinjuku, 3000, 20)).rejects.toBeInstanceOf(
      PlacesProviderError,
    );
  });
});

describe("Nominatim", () => {
  const answer = [
    {
      osm_type: "node",
      osm_id: 201,
      lat: "35.6930",
      lon: "139.6995",
      category: "amenity",
      type: "restaurant",
      name: "Tonkatsu Ya",
      address: { road: "Nishishinjuku", city: "Tokyo", country: "Japan", country_code: "jp" },
      extratags: { cuisine: "japanese", opening_hours: "Mo-Su 11:00-22:00" },
    },
    {
      osm_type: "way",
      osm_id: 202,
      lat: "35.69",
      lon: "139.70",
      category: "shop",
      type: "bakery",
      name: "Pan",
    },
  ];

  it("searches a bounded viewbox, 'restaurant' when there is no name, and keeps places to eat", async () => {
    const { fetch, calls } = replay(json(answer), json(answer));
    const nominatim = nominatimPlaces({ userAgent: "Tabi test", fetch, intervalMs: 0 });
    const found = await nominatim.restaurantsNear!("", shinjuku, 3000, 20);
    const params = Object.fromEntries(new URL(calls[0]!.url).searchParams);
    expect(params).toMatchObject({
      q: "restaurant",
      limit: "20",
      viewbox: "139.66712,35.71785,139.73348,35.66395",
      bounded: "1",
      extratags: "1",
    });
    expect(found).toEqual([
      expect.objectContaining({
        placeId: "osm:N201",
        name: "Tonkatsu Ya",
        cuisine: "japanese",
        types: ["restaurant", "food"],
        address: "Nishishinjuku, Tokyo, Japan",
      }),
    ]);
    for (const r of found) schema.parse(r);
    await nominatim.restaurantsNear!("tonkatsu", shinjuku, 3000, 20);
    expect(new URL(calls[1]!.url).searchParams.get("q")).toBe("tonkatsu");
  });
});

describe("Google Places", () => {
  const answer = {
    places: [
      {
        id: "ChIJramen",
        displayName: { text: "Fuunji" },
        formattedAddress: "2-14-3 Yoyogi, Shibuya, Tokyo, Japan",
        location: { latitude: 35.6876, longitude: 139.6978 },
        types: ["ramen_restaurant", "restaurant", "food", "point_of_interest"],
        primaryType: "ramen_restaurant",
        rating: 4.3,
        priceLevel: "PRICE_LEVEL_INEXPENSIVE",
        addressComponents: [{ longText: "Japan", shortText: "JP", types: ["country"] }],
      },
    ],
  };

  it("uses Nearby Search restricted to the circle without a name", async () => {
    const { fetch, calls } = replay(json(answer));
    const found = await googlePlaces({ apiKey: "k", fetch }).restaurantsNear!("", shinjuku, 3000, 20);
    expect(calls[0]!.url).toBe("https://places.googleapis.com/v1/places:searchNearby");
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.headers["x-goog-fieldmask"]).toContain("places.priceLevel");
    expect(calls[0]!.body).toEqual({
      includedTypes: ["restaurant", "meal_takeaway"],
      maxResultCount: 20,
      languageCode: "en",
      locationRestriction: { circle: { center: { latitude: 35.6909, longitude: 139.7003 }, radius: 3000 } },
    });
    expect(found).toEqual([
      expect.objectContaining({
        placeId: "google:ChIJramen",
        name: "Fuunji",
        rating: 4.3,
        priceLevel: 1,
        cuisine: "ramen",
      }),
    ]);
    for (const r of found) schema.parse(r);
  });

  it("uses Text Search biased to the circle for a name", async () => {
    const { fetch, calls } = replay(json(answer));
    await googlePlaces({ apiKey: "k", fetch }).restaurantsNear!("tsukemen", shinjuku, 3000, 15);
    expect(calls[0]!.url).toBe("https://places.googleapis.com/v1/places:searchText");
    expect(calls[0]!.body).toEqual({
      textQuery: "tsukemen",
      includedType: "restaurant",
      pageSize: 15,
      languageCode: "en",
      locationBias: { circle: { center: { latitude: 35.6909, longitude: 139.7003 }, radius: 3000 } },
    });
  });
});

describe("offline", () => {
  it("finds the gazetteer's places to eat within the circle, and nothing far from them", async () => {
    const offline = offlinePlaces();
    const found = await offline.restaurantsNear!("", { lat: 35.693, lng: 139.6995 }, 3000, 20);
    expect(found.map((r) => r.name)).toContain("Omoide Yokochō");
    for (const r of found) schema.parse(r);
    expect(await offline.restaurantsNear!("", { lat: 0, lng: -30 }, 3000, 20)).toEqual([]);
  }, 120_000);
});
