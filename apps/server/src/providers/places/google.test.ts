import { placeResultSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { replay } from "./fixtures/replay";
import { googlePlaces } from "./google";

const apiKey = "test-key";

describe("Google Places (New)", () => {
  it("builds Text Search: POST, key and field mask headers, body with bias", async () => {
    const { fetch, calls } = replay("google-search-sagrada.json");
    await googlePlaces({ apiKey, fetch }).search("sagrada", { lat: 41.39, lng: 2.17 }, 4);
    const call = calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("https://places.googleapis.com/v1/places:searchText");
    expect(call.headers["x-goog-api-key"]).toBe(apiKey);
    expect(call.headers["x-goog-fieldmask"]).toBe(
      "places.id,places.displayName,places.formattedAddress,places.location,places.types,places.rating,places.addressComponents",
    );
    expect(call.body).toEqual({
      textQuery: "sagrada",
      pageSize: 4,
      languageCode: "en",
      locationBias: { circle: { center: { latitude: 41.39, longitude: 2.17 }, radius: 50000 } },
    });
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
      "id,displayName,formattedAddress,location,types,rating,addressComponents",
    );
    expect(await google.details("google:nope")).toBeNull();
    expect(await google.details("geonames:1")).toBeNull();
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
