import { describe, expect, it } from "vitest";
import {
  amapTransitUrl,
  googleDirectionsUrl,
  kakaoRouteUrl,
  osmDirectionsUrl,
  transitPlanners,
  uberDeepLink,
  yahooTransitUrl,
} from "./travelLinks";

const tokyoStation = { lat: 35.6812, lng: 139.7671, name: "Tokyo Station" };
const shinjuku = { lat: 35.6896, lng: 139.7006, name: "Shinjuku" };

describe("directions links", () => {
  it("opens Google Maps walking directions between the two coordinates", () => {
    const url = new URL(googleDirectionsUrl(tokyoStation, shinjuku, "walking"));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("api")).toBe("1");
    expect(url.searchParams.get("origin")).toBe("35.6812,139.7671");
    expect(url.searchParams.get("destination")).toBe("35.6896,139.7006");
    expect(url.searchParams.get("travelmode")).toBe("walking");
  });

  it("opens OpenStreetMap's foot routing with both ends", () => {
    const url = new URL(osmDirectionsUrl(tokyoStation, shinjuku, "foot"));
    expect(url.host).toBe("www.openstreetmap.org");
    expect(url.searchParams.get("engine")).toBe("fossgis_osrm_foot");
    expect(url.searchParams.get("route")).toBe("35.6812,139.7671;35.6896,139.7006");
  });
});

describe("the Uber deep link", () => {
  it("sets pickup and drop-off with coordinates and names, and the product when given", () => {
    const link = uberDeepLink(tokyoStation, shinjuku, { productId: "a1b2", clientId: "cid" })!;
    expect(link.startsWith("https://m.uber.com/ul/?action=setPickup&")).toBe(true);
    expect(link).toContain("pickup[latitude]=35.6812&pickup[longitude]=139.7671");
    expect(link).toContain("pickup[nickname]=Tokyo%20Station");
    expect(link).toContain("dropoff[latitude]=35.6896&dropoff[longitude]=139.7006");
    expect(link).toContain("dropoff[nickname]=Shinjuku");
    const url = new URL(link);
    expect(url.searchParams.get("product_id")).toBe("a1b2");
    expect(url.searchParams.get("client_id")).toBe("cid");
  });

  it("leaves out the product and client when there are none", () => {
    const url = new URL(uberDeepLink(tokyoStation, shinjuku)!);
    expect(url.searchParams.has("product_id")).toBe(false);
    expect(url.searchParams.has("client_id")).toBe(false);
  });

  it("does nothing without all four coordinates (spec: Uber search needs them)", () => {
    expect(uberDeepLink(null, shinjuku)).toBeNull();
    expect(uberDeepLink({ lat: 35.6, lng: Number.NaN }, shinjuku)).toBeNull();
    expect(uberDeepLink(tokyoStation, { lat: 35.6 })).toBeNull();
    expect(uberDeepLink(tokyoStation, { lat: 95, lng: 0 })).toBeNull();
  });
});

describe("the country's transit planner", () => {
  const when = { date: "2026-12-10", time: "09:35" };
  const first = (country: string | null, from = tokyoStation, to = shinjuku) =>
    new URL(transitPlanners(from, to, country, when)[0]!.url);
  const googleTransit = (url: URL) => {
    expect(`${url.origin}${url.pathname}`).toBe("https://www.google.com/maps/dir/");
    expect(url.searchParams.get("travelmode")).toBe("transit");
  };

  it("jp: Yahoo!乗換案内 with both names, the date and the departure time", () => {
    const url = first("JP");
    expect(url.host).toBe("transit.yahoo.co.jp");
    expect(url.searchParams.get("from")).toBe("Tokyo Station");
    expect(url.searchParams.get("to")).toBe("Shinjuku");
    expect([url.searchParams.get("y"), url.searchParams.get("m"), url.searchParams.get("d")]).toEqual([
      "2026",
      "12",
      "10",
    ]);
    expect([url.searchParams.get("hh"), url.searchParams.get("m1"), url.searchParams.get("m2")]).toEqual([
      "09",
      "3",
      "5",
    ]);
    expect(url.searchParams.get("type")).toBe("1");
  });

  it("jp without a time gives the date only", () => {
    const url = new URL(yahooTransitUrl(tokyoStation, shinjuku, { date: "2026-12-10" }));
    expect(url.searchParams.get("d")).toBe("10");
    expect(url.searchParams.has("hh")).toBe(false);
  });

  it("kr: Kakao Map's route from name,lat,lng to name,lat,lng", () => {
    const seoul = { lat: 37.5547, lng: 126.9707, name: "Seoul Station" };
    const gyeongbok = { lat: 37.5796, lng: 126.977, name: "Gyeongbokgung, Palace" };
    expect(first("kr", seoul, gyeongbok).href).toBe(kakaoRouteUrl(seoul, gyeongbok));
    expect(kakaoRouteUrl(seoul, gyeongbok)).toBe(
      "https://map.kakao.com/link/from/Seoul%20Station,37.5547,126.9707/to/Gyeongbokgung%20%20Palace,37.5796,126.977",
    );
  });

  it("cn: Amap transit in WGS84, and no Google link (Google Maps does not work there)", () => {
    const bund = { lat: 31.2401, lng: 121.4903, name: "The Bund" };
    const yuyuan = { lat: 31.2272, lng: 121.4921, name: "Yu Garden" };
    const links = transitPlanners(bund, yuyuan, "cn", when);
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!.url);
    expect(url.href).toBe(amapTransitUrl(bund, yuyuan));
    expect(url.host).toBe("uri.amap.com");
    expect(url.searchParams.get("from")).toBe("121.4903,31.2401,The Bund");
    expect(url.searchParams.get("to")).toBe("121.4921,31.2272,Yu Garden");
    expect(url.searchParams.get("mode")).toBe("bus");
    expect(url.searchParams.get("coordinate")).toBe("wgs84");
  });

  it("gb in London: TfL's journey planner with both names; outside London: Google Maps transit", () => {
    const kingsCross = { lat: 51.5308, lng: -0.1238, name: "King's Cross" };
    const tower = { lat: 51.5081, lng: -0.0759, name: "Tower of London" };
    const tfl = first("GB", kingsCross, tower);
    expect(tfl.host).toBe("tfl.gov.uk");
    expect(tfl.searchParams.get("InputFrom")).toBe("King's Cross");
    expect(tfl.searchParams.get("InputTo")).toBe("Tower of London");
    const edinburgh = { lat: 55.9533, lng: -3.1883, name: "Edinburgh" };
    const castle = { lat: 55.9486, lng: -3.1999, name: "Edinburgh Castle" };
    googleTransit(first("gb", edinburgh, castle));
  });

  it.each(["us", "de", "fr", "it", "es", "au", "in", "th", "sg", "hk", "tw"])(
    "%s: Google Maps transit with the exact coordinates",
    (country) => {
      const url = first(country);
      googleTransit(url);
      expect(url.searchParams.get("origin")).toBe("35.6812,139.7671");
      expect(url.searchParams.get("destination")).toBe("35.6896,139.7006");
    },
  );

  it("falls back to Google Maps transit for an unknown country, not to Japan", () => {
    for (const country of [null, "", "zz"]) {
      const links = transitPlanners(tokyoStation, shinjuku, country, when);
      expect(links).toHaveLength(1);
      googleTransit(new URL(links[0]!.url));
    }
  });

  it("offers Google Maps transit after the local planner", () => {
    const sites = transitPlanners(tokyoStation, shinjuku, "jp", when).map((l) => l.site);
    expect(sites).toEqual(["Yahoo!乗換案内", "Google Maps"]);
  });

  it("offers nothing without coordinates", () => {
    expect(transitPlanners({ lat: Number.NaN, lng: 0 }, shinjuku, "jp")).toEqual([]);
  });
});
