import type { ItineraryDay } from "@tabi/contracts";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { contentDisposition, type ExportInput, exportFileName, tripGpx, tripKml, xmlEscape } from "./export";

type Place = ExportInput["places"][number];
const place = (id: string, name: string, latitude: number, longitude: number): Place => ({
  id,
  name,
  latitude,
  longitude,
  address: null,
  notes: null,
});
const visit = (p: Place, start: string, end: string) => ({
  placeId: p.id,
  name: p.name,
  arrive: start,
  start,
  end,
  travelMinutes: 10,
  mode: "walking",
  latitude: p.latitude,
  longitude: p.longitude,
  category: "temple",
});
const day = (n: number, date: string, visits: ReturnType<typeof visit>[]): ItineraryDay => ({
  day: n,
  date,
  depart: "09:00",
  back: "19:00",
  backTravelMinutes: 20,
  backMode: "walking",
  start: { name: "Hotel", latitude: 35, longitude: 135.76 },
  end: { name: "Hotel", latitude: 35, longitude: 135.76 },
  visits,
  meals: [],
});

const kinkaku = { ...place("a", "Kinkaku-ji", 35.0394, 135.7292), notes: "Gold & <shiny> \u0007bell" };
const ginkaku = place("b", "Ginkaku-ji 銀閣寺 🍵", 35.027, 135.7982);
const inari = place("c", "Fushimi Inari", 34.9671, 135.7727);
const trip: ExportInput = {
  name: 'Kyoto "spring"',
  places: [kinkaku, ginkaku, inari],
  days: [
    day(1, "2027-04-01", [visit(ginkaku, "09:30", "10:30"), visit(kinkaku, "11:00", "12:00")]),
    day(2, "2027-04-02", []),
  ],
};
const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    isArray: (n) => ["Folder", "Placemark", "wpt", "rte", "rtept"].includes(n),
  }).parse(xml);

describe("KML", () => {
  it("is well-formed, a folder a planned day in visit order with times, then the places not in the plan", () => {
    const kml = tripKml(trip, "en");
    expect(XMLValidator.validate(kml)).toBe(true);
    const folders = parse(kml).kml.Document.Folder;
    expect(folders.map((f: { name: string }) => f.name)).toEqual([
      "Day 1 · 2027-04-01",
      "Day 2 · 2027-04-02",
      "Not in the plan",
    ]);
    expect(folders[0].Placemark.map((p: { name: string }) => p.name)).toEqual([ginkaku.name, kinkaku.name]);
    expect(folders[0].Placemark[1].description).toBe("Day 1, 11:00–12:00\nGold & <shiny> bell");
    expect(folders[0].Placemark[0].Point.coordinates).toBe("135.7982,35.027,0");
    expect(folders[2].Placemark.map((p: { name: string }) => p.name)).toEqual([inari.name]);
  });

  it("puts every place in one folder when there is no plan, in the reader's language", () => {
    const folders = parse(tripKml({ ...trip, days: [] }, "ja")).kml.Document.Folder;
    expect(folders).toHaveLength(1);
    expect(folders[0].name).toBe("場所");
    expect(folders[0].Placemark).toHaveLength(3);
  });
});

describe("GPX", () => {
  it("is GPX 1.1: a waypoint for every place, a route a day with visits (an empty day has none)", () => {
    const gpx = tripGpx(trip, "en", new Date("2027-01-01T00:00:00Z"));
    expect(XMLValidator.validate(gpx)).toBe(true);
    const root = parse(gpx).gpx;
    expect(root["@_version"]).toBe("1.1");
    expect(root["@_creator"]).toBe("Tabi");
    expect(root.metadata.time).toBe("2027-01-01T00:00:00.000Z");
    expect(root.wpt.map((w: { name: string; type: string }) => [w.name, w.type])).toEqual([
      [ginkaku.name, "Day 1 · 2027-04-01"],
      [kinkaku.name, "Day 1 · 2027-04-01"],
      [inari.name, "Not in the plan"],
    ]);
    expect(root.rte).toHaveLength(1);
    expect(root.rte[0].rtept.map((p: { "@_lat": string }) => p["@_lat"])).toEqual(["35.027", "35.0394"]);
  });
});

describe("text in XML and file names", () => {
  it("escapes markup and drops characters XML cannot hold, keeping any script and emoji", () => {
    expect(xmlEscape(`a & b < c > "d" 'e'`)).toBe("a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;");
    expect(xmlEscape("bell\u0007 nul\u0000 tab\t lone\uD800 ok 🍵 京都")).toBe(
      "bell nul tab\t lone ok 🍵 京都",
    );
  });

  it.each([
    ["Kyoto in spring", "kml", "kyoto-in-spring.kml"],
    ["京都 2027!", "gpx", "京都-2027.gpx"],
    ["../../etc/passwd", "kml", "etc-passwd.kml"],
    ['"; rm -rf /', "gpx", "rm-rf.gpx"],
    ["!!!", "kml", "trip.kml"],
    ["a".repeat(200), "kml", `${"a".repeat(80)}.kml`],
  ] as const)("names %s's file %s", (name, format, file) => {
    expect(exportFileName(name, format)).toBe(file);
  });

  it("gives an ASCII name and the UTF-8 one", () => {
    expect(contentDisposition("京都.kml")).toBe(
      `attachment; filename="__.kml"; filename*=UTF-8''%E4%BA%AC%E9%83%BD.kml`,
    );
  });
});
