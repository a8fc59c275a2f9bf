import { placeResultSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { replay } from "./fixtures/replay";
import { photonPlaces, photonZoom } from "./photon";
import { PlacesProviderError } from "./types";

describe("Photon", () => {
  it("builds the search request with the query, limit, language and location bias", async () => {
    const { fetch, calls } = replay("photon-search-kyoto.json");
    const photon = photonPlaces({ url: "https://photon.example.org/", fetch });
    await photon.search("kyoto", { near: { lat: 35.68, lng: 139.76 } }, 5);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe("https://photon.example.org/api");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "kyoto",
      limit: "5",
      lang: "en",
      lat: "35.68",
      lon: "139.76",
    });
  });

  it("biases towards the trip's centre, with a zoom as wide as its places", async () => {
    const { fetch, calls } = replay("photon-search-kyoto.json");
    const photon = photonPlaces({ fetch });
    await photon.search("nanzen", {
      trip: [
        { lat: 35.0116, lng: 135.7681 },
        { lat: 35.0394, lng: 135.7292 },
        { lat: 34.9671, lng: 135.7727 },
      ],
    });
    const params = Object.fromEntries(new URL(calls[0]!.url).searchParams);
    expect(params).toMatchObject({ lat: "35.006", lon: "135.7567", zoom: "14" });
    expect(photonZoom(5)).toBe(14);
    expect(photonZoom(40)).toBe(11);
    expect(photonZoom(2000)).toBe(8);
  });

  it("parses features into results and skips those without a name or id", async () => {
    const { fetch } = replay("photon-search-kyoto.json");
    const results = await photonPlaces({ fetch }).search("kyoto");
    expect(results.map((r) => [r.id, r.name, r.kind, r.category, r.address])).toEqual([
      ["osm:R357794", "Kyoto", "city", "destination_point", "Kyoto, Japan"],
      ["osm:N1926280913", "Kyoto Station", "landmark", "transportation", "Higashishiokoji-cho, Kyoto, Japan"],
      ["osm:W35163567", "Kinkaku-ji", "landmark", "tourist_attraction", "Kyoto, Japan"],
    ]);
    expect(results[0]).toMatchObject({
      lat: 35.0116363,
      lng: 135.7681489,
      countryCode: "JP",
      timezone: "Asia/Tokyo",
    });
    for (const r of results) placeResultSchema.parse(r);
  });

  it("answers details from recent results (Photon has no lookup by id) and reverse from /reverse", async () => {
    const { fetch, calls } = replay("photon-search-kyoto.json", "photon-reverse.json");
    const photon = photonPlaces({ fetch });
    await photon.search("kyoto");
    expect((await photon.details("osm:W35163567"))?.name).toBe("Kinkaku-ji");
    expect(await photon.details("osm:N1")).toBeNull();
    const paris = await photon.reverse(48.85, 2.35);
    expect(new URL(calls[1]!.url).pathname).toBe("/reverse");
    expect(Object.fromEntries(new URL(calls[1]!.url).searchParams)).toEqual({
      lat: "48.85",
      lon: "2.35",
      limit: "1",
      lang: "en",
    });
    expect(paris).toMatchObject({ name: "Paris", address: "Paris, France", timezone: "Europe/Paris" });
  });

  it("turns network errors, timeouts, HTTP errors and junk into a PlacesProviderError", async () => {
    const cases = [
      [new TypeError("fetch failed"), "unavailable", "Photon could not be reached"],
      [
        Object.assign(new Error("timed out"), { name: "TimeoutError" }),
        "unavailable",
        "Photon did not answer within 8 s",
      ],
      [{ status: 502, body: "Bad Gateway" }, "unavailable", "Photon answered 502"],
      [{ status: 400, body: '{"message":"missing q"}' }, "bad_answer", "Photon answered 400"],
      [{ status: 200, body: "<html>" }, "bad_answer", "Photon answered something that is not JSON"],
      [{ status: 200, body: '{"type":"nope"}' }, "bad_answer", "Photon answered without features"],
    ] as const;
    for (const [answer, reason, message] of cases) {
      const { fetch } = replay(answer as Parameters<typeof replay>[0]);
      const error = await photonPlaces({ fetch })
        .search("x")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlacesProviderError);
      expect(error).toMatchObject({ reason, message });
    }
  });
});
