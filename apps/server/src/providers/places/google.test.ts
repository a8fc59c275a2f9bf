import { placeResultSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { replay } from "./fixtures/replay";
import { googlePlaces } from "./google";

const apiKey = "test-key";

describe("Google Places (New)", () => {
  it("builds Text Search: POST, key and field mask headers, body with bias", async () => {
    const { fetch, calls } = replay("google-search-sagrada.json");
    await googlePlaces({ apiKey, fetch }).search("sagrada", { near: { lat: 41.39, lng: 2.17 } }, 4);
    const call = calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("https://places.googleapis.com/v1/places:searchText");
    expect(call.headers["x-goog-api-key"]).toBe(apiKey);
    expect(call.headers["x-goog-fieldmask"]).toBe(
      "places.id,places.displayName,places.formattedAddress,places.location,places.types,places.rating,places.addressComponents,places.regularOpeningHours",
    );
    expect(call.body).toEqual({
      textQuery: "sagrada",
      pageSize: 4,
      languageCode: "en",
      locationBias: { circle: { center: { latitude: 41.39, longitude: 2.17 }, radius: 50000 } },
    });
  });

  it("biases towards the trip's area: its centre, and a radius holding its places (at most 50 km)", async () => {
    const { fetch, calls } = replay("google-search-sagrada.json");
    const google = googlePlaces({ apiKey, fetch });
    const kyoto = [
      { lat: 35.0116, lng: 135.7681 },
      { lat: 35.0394, lng: 135.7292 },
      { lat: 34.9671, lng: 135.7727 },
      { lat: 37.5665, lng: 126.978 }, // Seoul, picked by mistake: not the area
    ];
    await google.search("nanzen", { trip: kyoto, near: { lat: 35.68, lng: 139.76 } });
    const circle = (i: number) =>
      (calls[i]!.body as { locationBias: { circle: { center: Record<string, number>; radius: number } } })
        .locationBias.circle;
    expect(circle(0).center.latitude).toBeCloseTo(35.006, 3);
    expect(circle(0).center.longitude).toBeCloseTo(135.7567, 3);
    expect(circle(0).radius).toBe(5000);
    // Kyoto and Osaka Castle: 42 km apart, so 21 km around the middle; wider trips stop at 50 km.
    await google.search("nanzen", { trip: [kyoto[0]!, { lat: 34.6873, lng: 135.5259 }] });
    expect(circle(1).radius).toBeGreaterThan(21_000);
    expect(circle(1).radius).toBeLessThan(21_300);
    await google.search("nanzen", { trip: [kyoto[0]!, { lat: 35.1815, lng: 136.9066 }] }); // Nagoya
    expect(circle(2).radius).toBe(50_000);
  });

  it("parses places with category, rating and country", async () => {
    const { fetch } = replay("google-search-sagrada.json");
    const results = await googlePlaces({ apiKey, fetch }).search("sagrada");
    expect(results.map((r) => [r.id, r.name, r.kind, r.category, r.countryCode, r.rating])).toEqual([
      [
        "google:ChIJk_s92NyipBIRUMnDG8Kq2Js",
        "Basílica de la Sagrada Família",
        "landmark",
        "tourist_attraction",
        "ES",
        4.8,
      ],
      ["google:ChIJ5TCOcRaYpBIRCmZHTz37sEQ", "Barcelona", "city", "destination_point", "ES", null],
    ]);
    expect(results[0]).toMatchObject({
      address: "C/ de Mallorca, 401, L'Eixample, 08013 Barcelona, Spain",
      timezone: "Europe/Madrid",
      photoUrl: null,
    });
    for (const r of results) placeResultSchema.parse(r);
  });

  it("gets details by place id, and treats an unknown id as not found", async () => {
    const place = JSON.stringify(
      (await import("./fixtures/google-search-sagrada.json", { with: { type: "json" } })).default.places[0],
    );
    const { fetch, calls } = replay(
      { status: 200, body: place },
      { status: 404, body: '{"error":{"code":404,"message":"Not found","status":"NOT_FOUND"}}' },
    );
    const google = googlePlaces({ apiKey, fetch });
    expect((await google.details("google:ChIJk_s92NyipBIRUMnDG8Kq2Js"))?.name).toBe(
      "Basílica de la Sagrada Família",
    );
    expect(calls[0]!.url).toBe(
      "https://places.googleapis.com/v1/places/ChIJk_s92NyipBIRUMnDG8Kq2Js?languageCode=en",
    );
    expect(calls[0]!.headers["x-goog-fieldmask"]).toBe(
      "id,displayName,formattedAddress,location,types,rating,addressComponents,regularOpeningHours",
    );
    expect(await google.details("google:nope")).toBeNull();
    expect(await google.details("geonames:1")).toBeNull();
  });

  it("turns the details' regularOpeningHours into OSM opening_hours", async () => {
    const { fetch } = replay("google-details-kinkakuji.json");
    const place = await googlePlaces({ apiKey, fetch }).details("google:ChIJvUbrwCCoAWARX2QiHCsn5A4");
    expect(placeResultSchema.parse(place)).toMatchObject({
      name: "Kinkaku-ji",
      category: "tourist_attraction",
      countryCode: "JP",
      openingHours: "Mo-Su 09:00-17:00",
    });
    // Sagrada Família's search answer has no hours: no field at all.
    const { fetch: other } = replay("google-search-sagrada.json");
    const [sagrada] = await googlePlaces({ apiKey, fetch: other }).search("sagrada");
    expect(sagrada).not.toHaveProperty("openingHours");
  });

  it("reverse-geocodes to the locality through the Geocoding API", async () => {
    const { fetch, calls } = replay("google-geocode-reverse.json");
    const tokyo = await googlePlaces({ apiKey, fetch }).reverse(35.68, 139.76);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe("https://maps.googleapis.com/maps/api/geocode/json");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latlng: "35.68,139.76",
      result_type: "locality",
      language: "en",
      key: apiKey,
    });
    expect(tokyo).toMatchObject({
      id: "google:ChIJXSModoWLGGARILWiCfeu2M0",
      name: "Tokyo",
      kind: "city",
      address: "Tokyo, Japan",
      countryCode: "JP",
    });
  });

  it("maps Google's error answers: bad key is a bad answer, quota is unavailable", async () => {
    const denied = replay({
      status: 403,
      body: '{"error":{"code":403,"message":"API key not valid.","status":"PERMISSION_DENIED"}}',
    });
    await expect(googlePlaces({ apiKey, fetch: denied.fetch }).search("x")).rejects.toMatchObject({
      reason: "bad_answer",
      message: "Google Places answered 403: API key not valid.",
    });
    const quota = replay({
      status: 200,
      body: '{"status":"OVER_QUERY_LIMIT","results":[],"error_message":"You have exceeded your daily request quota"}',
    });
    await expect(googlePlaces({ apiKey, fetch: quota.fetch }).reverse(1, 2)).rejects.toMatchObject({
      reason: "unavailable",
    });
    const none = replay({ status: 200, body: '{"status":"ZERO_RESULTS","results":[]}' });
    expect(await googlePlaces({ apiKey, fetch: none.fetch }).reverse(0, -30)).toBeNull();
  });
});
