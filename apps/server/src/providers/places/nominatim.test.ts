import { placeResultSchema } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { replay } from "./fixtures/replay";
import { nominatimPlaces } from "./nominatim";

const userAgent = "Tabi/0.1 (+https://tabi.example.org)";

describe("Nominatim", () => {
  it("builds the search request: jsonv2, address details, language, viewbox bias and a User-Agent", async () => {
    const { fetch, calls } = replay("nominatim-search-eiffel.json");
    await nominatimPlaces({ url: "https://nominatim.example.org", userAgent, fetch, intervalMs: 0 }).search(
      "eiffel",
      { near: { lat: 48.85, lng: 2.35 } },
      3,
    );
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe("https://nominatim.example.org/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: "eiffel",
      limit: "3",
      viewbox: "1.35,49.85,3.35,47.85",
      format: "jsonv2",
      addressdetails: "1",
      extratags: "1",
      "accept-language": "en",
    });
    expect(calls[0]!.headers["user-agent"]).toBe(userAgent);
  });

  it("biases towards the trip's box (its places, not a stray one far away), without restricting to it", async () => {
    const { fetch, calls } = replay("nominatim-search-eiffel.json");
    await nominatimPlaces({ userAgent, fetch, intervalMs: 0 }).search("louvre", {
      trip: [
        { lat: 48.8566, lng: 2.3522 },
        { lat: 48.8584, lng: 2.2945 },
        { lat: 48.8049, lng: 2.1204 }, // Versailles
        { lat: 41.9028, lng: 12.4964 }, // Rome, picked by mistake
      ],
    });
    const params = new URL(calls[0]!.url).searchParams;
    expect(params.get("viewbox")).toBe("2.0521,48.9034,2.4205,48.7599");
    expect(params.has("bounded")).toBe(false);
  });

  it("carries the OSM opening_hours tag when it can be read, and drops a broken one", async () => {
    const { fetch, calls } = replay("nominatim-lookup-kinkakuji.json");
    const results = await nominatimPlaces({ userAgent, fetch, intervalMs: 0 }).search("kinkaku-ji");
    expect(new URL(calls[0]!.url).searchParams.get("extratags")).toBe("1");
    expect(results.map((r) => [r.name, r.openingHours])).toEqual([
      ["Kinkaku-ji", "Mo-Su 09:00-17:00"],
      ["Kinkaku-ji souvenir shop", undefined],
    ]);
    expect(results[1]).not.toHaveProperty("openingHours");
    for (const r of results) placeResultSchema.parse(r);
  });

  it("parses places, naming unnamed ones from display_name", async () => {
    const { fetch } = replay("nominatim-search-eiffel.json");
    const results = await nominatimPlaces({ userAgent, fetch, intervalMs: 0 }).search("eiffel");
    expect(results.map((r) => [r.id, r.name, r.category, r.address, r.countryCode])).toEqual([
      ["osm:W5013364", "Eiffel Tower", "tourist_attraction", "Avenue Anatole France 5, Paris, France", "FR"],
      [
        "osm:N6281549126",
        "Gustave Eiffel Exhibition",
        "museum",
        "Avenue Gustave Eiffel, Paris, France",
        "FR",
      ],
    ]);
    expect(results[0]).toMatchObject({ lat: 48.8582599, lng: 2.2945006, timezone: "Europe/Paris" });
    for (const r of results) placeResultSchema.parse(r);
  });

  it("looks details up by OSM id and reverse-geocodes at city level", async () => {
    const { fetch, calls } = replay("nominatim-search-eiffel.json", "nominatim-reverse-kyoto.json");
    const nominatim = nominatimPlaces({ userAgent, fetch, intervalMs: 0 });
    expect((await nominatim.details("osm:W5013364"))?.name).toBe("Eiffel Tower");
    expect(new URL(calls[0]!.url).pathname).toBe("/lookup");
    expect(new URL(calls[0]!.url).searchParams.get("osm_ids")).toBe("W5013364");
    expect(await nominatim.details("google:abc")).toBeNull();
    const kyoto = await nominatim.reverse(35.0, 135.76);
    expect(new URL(calls[1]!.url).searchParams.get("zoom")).toBe("10");
    expect(kyoto).toMatchObject({ id: "osm:R357794", name: "Kyoto", kind: "city", address: "Kyoto, Japan" });
  });

  it("reverse over open sea is null, not an error", async () => {
    const { fetch } = replay({ status: 200, body: '{"error":"Unable to geocode"}' });
    expect(await nominatimPlaces({ userAgent, fetch, intervalMs: 0 }).reverse(0, -30)).toBeNull();
  });

  it("sends at most one request per interval, in order, and caches repeated queries", async () => {
    const { fetch, calls } = replay("nominatim-search-eiffel.json");
    const nominatim = nominatimPlaces({ userAgent, fetch, intervalMs: 150 });
    const started = Date.now();
    const times: number[] = [];
    await Promise.all(
      ["a", "b", "c"].map((q) => nominatim.search(q).then(() => times.push(Date.now() - started))),
    );
    expect(calls.map((c) => new URL(c.url).searchParams.get("q"))).toEqual(["a", "b", "c"]);
    expect(times[2]).toBeGreaterThanOrEqual(290);
    await nominatim.search("a");
    expect(calls).toHaveLength(3);
  });

  it("refuses at once rather than queueing past maxWaitMs", async () => {
    const { fetch } = replay("nominatim-search-eiffel.json");
    const nominatim = nominatimPlaces({ userAgent, fetch, intervalMs: 1000, maxWaitMs: 500 });
    const [first, second] = await Promise.allSettled([nominatim.search("a"), nominatim.search("b")]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({
      status: "rejected",
      reason: { reason: "unavailable", message: "Nominatim is busy; please try again in a moment" },
    });
  });
});
