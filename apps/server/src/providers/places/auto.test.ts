import { placeResultSchema } from "@tabi/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { autoPlaces, mergeRestaurants, samePlace } from "./auto";
import { Breaker } from "./breaker";
import { offlinePlaces } from "./offline";
import { PHOTON_ATTRIBUTION } from "./photon";
import { restaurantFrom } from "./restaurants";
import { timezoneAt } from "./timezone";
import {
  type PlaceResult,
  type PlacesProvider,
  PlacesProviderError,
  type RestaurantCandidate,
} from "./types";

// The default provider: the real shipped gazetteer, and an online service played by an object that
// answers what a test gives it (Photon's own parsing is photon.test.ts's).

const offline = offlinePlaces();
beforeAll(() => offline.load(), 120_000);

const kyotoTrip = [
  { lat: 35.0116, lng: 135.7681 },
  { lat: 35.0394, lng: 135.7292 },
];
const shinjuku = { lat: 35.693, lng: 139.6995 };

function osm(
  id: string,
  name: string,
  lat: number,
  lng: number,
  more: Partial<PlaceResult> = {},
): PlaceResult {
  return {
    id: `osm:${id}`,
    name,
    localName: null,
    kind: "landmark",
    category: "tourist_attraction",
    address: "Kyoto, Japan",
    countryCode: "JP",
    lat,
    lng,
    iata: null,
    rating: null,
    photoUrl: null,
    timezone: timezoneAt(lat, lng),
    ...more,
  };
}
const eatery = (id: string, name: string, lat: number, lng: number): RestaurantCandidate =>
  restaurantFrom(osm(id, name, lat, lng, { category: "restaurant" }), { types: ["restaurant", "food"] });

/** An online service that answers `answer`, or fails with `failure`; counts the calls. */
function online() {
  const state = {
    calls: 0,
    places: [] as PlaceResult[],
    restaurants: [] as RestaurantCandidate[],
    reverse: null as PlaceResult | null,
    failure: null as PlacesProviderError | null,
  };
  const call = <T>(value: () => T) => {
    state.calls += 1;
    if (state.failure) return Promise.reject(state.failure);
    return Promise.resolve(value());
  };
  const provider: PlacesProvider = {
    name: "photon",
    attribution: PHOTON_ATTRIBUTION,
    search: () => call(() => state.places),
    details: async (id) => state.places.find((p) => p.id === id) ?? null,
    reverse: () => call(() => state.reverse),
    restaurantsNear: () => call(() => state.restaurants),
  };
  return { state, provider };
}

describe("the default provider (auto)", () => {
  it("puts the gazetteer's name matches near the trip first, the online results after, then the rest", async () => {
    const { state, provider } = online();
    state.places = [
      // The same temple as the gazetteer's: its entry (with hours and visit length) takes the place.
      osm("W1", "Nanzen-ji", 35.0113, 135.7935),
      osm("N2", "Nanzenji Junsei", 35.0107, 135.7915, { category: "restaurant" }),
      osm("N3", "Nanzen-ji Junsei", 35.0107, 135.7916, { category: "restaurant" }), // a double of N2
    ];
    const auto = autoPlaces({ offline, online: provider });
    const answer = await auto.answers!.search("Nanzen", { trip: kyotoTrip }, 5);
    expect(answer.value.map((r) => r.id)).toEqual([
      "tabi:kyoto:nanzen-ji",
      "osm:N2",
      "geonames:1840379", // Nangen: a name match, but far from the trip
      "geonames:1800088",
      "geonames:1799805",
    ]);
    expect(answer.value[0]).toMatchObject({
      stayMinutes: 60,
      openingHours: expect.stringMatching(/\d\d:\d\d/),
    });
    expect(answer.sources.map((s) => s.name)).toEqual(["offline", "photon"]);
    expect(answer.sources[1]?.attribution).toBe(PHOTON_ATTRIBUTION);
    expect(answer.missed).toBeUndefined();
    for (const r of answer.value) placeResultSchema.parse(r);

    // "ramen" names no sight near the trip: the online shops come before the gazetteer's loose matches.
    state.places = [osm("N4", "Ramen Sen-no-Kaze", 35.0048, 135.7652, { category: "restaurant" })];
    const ramen = await auto.answers!.search("ramen", { trip: kyotoTrip }, 3);
    expect(ramen.value[0]?.id).toBe("osm:N4");
    expect(ramen.value).toHaveLength(3);

    // details() for ids of both sources.
    expect((await auto.details("tabi:kyoto:nanzen-ji"))?.name).toBe("Nanzen-ji");
    expect((await auto.details("osm:N4"))?.name).toBe("Ramen Sen-no-Kaze");
    expect(await auto.details("osm:N999")).toBeNull();
    expect(await auto.details("geonames:0")).toBeNull();
  });

  it("names one source when the results are all from it", async () => {
    const { state, provider } = online();
    const auto = autoPlaces({ offline, online: provider });
    state.places = [osm("N5", "Zzyzx Diner", 35.0, 135.76)];
    const theirs = await auto.answers!.search("zzyzx diner", { trip: kyotoTrip }, 8);
    expect(theirs.value.map((r) => r.id)).toEqual(["osm:N5"]);
    expect(theirs.sources.map((s) => s.name)).toEqual(["photon"]);
    state.places = [];
    const ours = await auto.answers!.search("Kinkaku", { trip: kyotoTrip }, 1);
    expect(ours.sources.map((s) => s.name)).toEqual(["offline"]);
  });

  it("answers from the gazetteer alone when the online service fails, and skips it for a while", async () => {
    const { state, provider } = online();
    let now = 0;
    const failures: PlacesProviderError[] = [];
    const auto = autoPlaces({
      offline,
      online: provider,
      breaker: new Breaker({ now: () => now }),
      onOnlineFailed: (e) => failures.push(e),
    });
    state.failure = new PlacesProviderError("Photon", "unavailable", "Photon could not be reached");
    const first = await auto.answers!.search("Nanzen", { trip: kyotoTrip }, 3);
    expect(first.value[0]?.id).toBe("tabi:kyoto:nanzen-ji");
    expect(first.sources.map((s) => s.name)).toEqual(["offline"]);
    expect(first.missed?.message).toBe("Photon could not be reached");
    expect(state.calls).toBe(1);
    expect(failures).toHaveLength(1);

    // Typing on: not asked again (no wait on a timeout per keystroke), still said.
    const next = await auto.answers!.search("Nanzen-", { trip: kyotoTrip }, 3);
    expect(next.missed?.message).toMatch(/^Photon could not be reached; asked again in 30 s$/);
    const eat = await auto.answers!.restaurantsNear("", shinjuku, 3000, 20);
    expect(eat.value.map((r) => r.name)).toEqual(["Omoide Yokochō"]);
    expect(eat.missed).toBeDefined();
    expect(state.calls).toBe(1);
    expect(failures).toHaveLength(1);

    // After the pause it is asked again, and an answer puts it back.
    now += 30_000;
    state.failure = null;
    state.places = [osm("N6", "Nanzen Tofu", 35.0105, 135.792, { category: "restaurant" })];
    const back = await auto.answers!.search("Nanzen", { trip: kyotoTrip }, 3);
    expect(back.missed).toBeUndefined();
    expect(back.value.map((r) => r.id)).toContain("osm:N6");
    expect(state.calls).toBe(2);
  });

  it("an online service answering wrongly (a bug, junk) is a miss too, never an error", async () => {
    const { provider } = online();
    const auto = autoPlaces({
      offline,
      online: { ...provider, search: () => Promise.reject(new TypeError("x is undefined")) },
    });
    const answer = await auto.answers!.search("Kyoto", {}, 2);
    expect(answer.value[0]?.name).toBe("Kyoto");
    expect(answer.missed).toMatchObject({ reason: "bad_answer", message: "photon failed: x is undefined" });
  });

  it("merges restaurants: the gazetteer's famous ones and the online ones, without doubles", async () => {
    const { state, provider } = online();
    state.restaurants = [
      eatery("N7", "Omoide Yokocho", 35.6932, 139.6997), // the gazetteer's Omoide Yokochō
      eatery("N8", "Fuunji", 35.6868, 139.6966),
    ];
    const auto = autoPlaces({ offline, online: provider });
    const answer = await auto.answers!.restaurantsNear("", shinjuku, 3000, 20);
    expect(answer.value.map((r) => r.placeId)).toEqual(["tabi:tokyo:omoide-yokocho", "osm:N8"]);
    expect(answer.sources.map((s) => s.name)).toEqual(["offline", "photon"]);
    expect(await auto.restaurantsNear!("", shinjuku, 3000, 20)).toEqual(answer.value);

    state.restaurants = [eatery("N9", "Kyoto Ramen Koji", 34.985, 135.758)];
    const kyoto = await auto.answers!.restaurantsNear("", { lat: 34.985, lng: 135.758 }, 3000, 20);
    expect(kyoto.sources.map((s) => s.name)).toEqual(["photon"]);
  });

  it("reverse: the gazetteer's nearest city, the online service where it knows none", async () => {
    const { state, provider } = online();
    const auto = autoPlaces({ offline, online: provider });
    expect(await auto.reverse(35.0116, 135.7681)).toMatchObject({ kind: "city", countryCode: "JP" });
    expect(state.calls).toBe(0);
    state.reverse = osm("R1", "Atlantic Ocean", 0, -30, { kind: "address" });
    expect((await auto.reverse(0, -30))?.name).toBe("Atlantic Ocean");
    state.failure = new PlacesProviderError("Photon", "unavailable", "down");
    expect(await auto.reverse(0, -31)).toBeNull();
  });
});

describe("samePlace", () => {
  const at = (
    name: string,
    lat: number,
    lng: number,
    kind: PlaceResult["kind"] = "landmark",
    localName?: string,
  ) => ({
    name,
    localName: localName ?? null,
    lat,
    lng,
    kind,
  });
  it("same name close together, spelling aside; cities by exact name within 30 km", () => {
    expect(samePlace(at("Kinkaku-ji", 35.0394, 135.7292), at("Kinkakuji Temple", 35.0395, 135.7293))).toBe(
      true,
    );
    expect(
      samePlace(at("Rokuon-ji", 35.0394, 135.7292, "landmark", "金閣寺"), at("金閣寺", 35.04, 135.73)),
    ).toBe(true);
    expect(samePlace(at("Kinkaku-ji", 35.0394, 135.7292), at("Kinkaku-ji", 35.1, 135.7292))).toBe(false);
    expect(samePlace(at("Kyoto", 35.01, 135.77, "city"), at("Kyoto", 35.2, 135.77, "city"))).toBe(true);
    expect(samePlace(at("Kyoto", 35.01, 135.77, "city"), at("Kyoto Tower", 34.9875, 135.7594))).toBe(false);
    expect(samePlace(at("Nishiki Market", 35.005, 135.765), at("Nishiki", 35.005, 135.765))).toBe(false);
  });
  it("mergeRestaurants keeps the first of two with the same name at the same spot", () => {
    const a = eatery("N1", "Ichiran", 35.69, 139.7);
    const b = eatery("N2", "ICHIRAN", 35.6901, 139.7001);
    const c = eatery("N3", "Ichiran", 35.7, 139.7); // another branch, 1 km away
    expect(mergeRestaurants([a], [b, c]).map((r) => r.placeId)).toEqual(["osm:N1", "osm:N3"]);
  });
});
