import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { csvRows } from "./csv";
import { pointFromUrl } from "./found";
import { ImportError, parseImport } from "./parse";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name));
const problem = (bytes: Uint8Array | string, name = "") => {
  try {
    parseImport(typeof bytes === "string" ? strToU8(bytes) : bytes, name);
  } catch (err) {
    if (err instanceof ImportError) return err.problem;
    throw err;
  }
  return null;
};
const brief = (items: { name: string; latitude: number | null; longitude: number | null }[]) =>
  items.map((i) => [i.name, i.latitude, i.longitude]);

describe("Google Takeout Saved Places (GeoJSON)", () => {
  it("reads the current format: location.name and address, the point from the geometry or the link", () => {
    const { format, items } = parseImport(fixture("saved-places.json"), "Saved Places.json");
    expect(format).toBe("geojson");
    expect(brief(items)).toEqual([
      ["Kinkaku-ji", 35.0393793, 135.7292431],
      ["Fushimi Inari Taisha", 34.9676945, 135.7726717],
      // [0, 0] in the geometry: the point of its ?q= link.
      ["Nishiki Market & Food Street", 35.005, 135.7649],
      // No name at all: named by its coordinates.
      ["34.99486, 135.78496", 34.9948561, 135.7849647],
    ]);
    expect(items[0]).toMatchObject({
      address: "1 Kinkakujicho, Kita Ward, Kyoto, 603-8361, Japan",
      located: "file",
      folder: null,
    });
    expect(items[1]!.notes).toBe("Go early, before 8 — the upper gates are empty then.");
    expect(items[2]!.located).toBe("url");
  });

  it("reads the older format: Title and Location's Geo Coordinates", () => {
    const { items } = parseImport(fixture("saved-places-legacy.json"));
    expect(brief(items)).toEqual([
      ["Ginkaku-ji", 35.027, 135.7982],
      ["Nijō Castle", 35.0142, 135.748],
    ]);
    expect(items[1]!.address).toBe("541 Nijojocho, Nakagyo Ward, Kyoto, 604-8301, Japan");
  });

  it("refuses JSON that is no FeatureCollection, and broken JSON", () => {
    expect(problem('{"places": []}')).toBe("badJson");
    expect(problem('{"type": "FeatureCollection", "features": [')).toBe("badJson");
    expect(problem('{"type": "FeatureCollection", "features": []}')).toBe("empty");
  });
});

describe("Google Takeout saved list (CSV)", () => {
  it("reads Title, Note and Comment, and the coordinates only where the URL has them", () => {
    const { format, items } = parseImport(fixture("Kyoto favourites.csv"), "Kyoto favourites.csv");
    expect(format).toBe("csv");
    expect(brief(items)).toEqual([
      ["Kiyomizu-dera", null, null],
      // The place's own !3d!4d beats the map's @centre.
      ["Arashiyama Bamboo Grove", 35.0170163, 135.6713266],
      ['Menya Inoichi "Hanare"', null, null],
      ["To-ji pagoda", 34.9806, 135.7477],
    ]);
    expect(items[0]).toMatchObject({
      notes: "Sunset from the stage, then walk down Sannenzaka",
      folder: "Kyoto favourites",
      located: null,
    });
    expect(items[3]).toMatchObject({ notes: "Flea market on the 21st", located: "url" });
  });

  it("refuses a CSV without a Title column", () => {
    expect(problem("Date,Amount\n2024-01-01,12\n", "bank.csv")).toBe("badCsv");
  });

  it("splits quoted fields with commas, quotes and line breaks", () => {
    expect(csvRows('a,"b, c","d ""e""\nf"\r\n1,2,3')).toEqual([
      ["a", "b, c", 'd "e"\nf'],
      ["1", "2", "3"],
    ]);
  });

  it.each([
    ["https://www.google.com/maps/place/X/@35.0168,135.6713,17z", [35.0168, 135.6713]],
    ["https://www.google.com/maps/place/X/data=!4m5!3m4!1s0x0:0x0!8m2!3d35.01!4d135.76", [35.01, 135.76]],
    ["http://maps.google.com/?q=-33.8568,151.2153", [-33.8568, 151.2153]],
    ["https://www.google.com/maps/search/?api=1&query=48.8584%2C2.2945", [48.8584, 2.2945]],
    ["https://www.google.com/maps/search/34.9806,+135.7477", [34.9806, 135.7477]],
  ])("finds the point in %s", (url, [lat, lng]) => {
    expect(pointFromUrl(url)).toEqual({ latitude: lat, longitude: lng });
  });

  it.each([
    "http://maps.google.com/?cid=3358317856429584218",
    "https://www.google.com/maps/place/X/@95.1,135.7,17z",
    "javascript:alert(1)",
  ])("finds no point in %s", (url) => {
    expect(pointFromUrl(url)).toBeNull();
  });
});

describe("KML and KMZ (Google My Maps)", () => {
  it("reads Placemarks with a Point in nested Folders, leaves lines out, keeps the folder and the text", () => {
    const { format, items } = parseImport(fixture("my-maps-kyoto.kml"), "Kyoto with friends.kml");
    expect(format).toBe("kml");
    expect(items.map((i) => [i.name, i.folder, i.latitude, i.longitude])).toEqual([
      ["Kinkaku-ji", "Temples & shrines", 35.0393793, 135.7292431],
      ["Fushimi Inari Taisha", "Temples & shrines", 34.9676945, 135.7726717],
      ["Nishiki Market", "Food", 35.005, 135.7649],
      ["Pontocho Alley", "Late night", 35.005, 135.771],
    ]);
    // The HTML of My Maps' descriptions as text; entities decoded.
    expect(items[0]!.notes).toBe("Golden Pavilion\nOpens 9:00, arrive early");
    expect(items[2]).toMatchObject({
      notes: "Pickles & tamagoyaki",
      address: "609 Nakauoyacho, Nakagyo Ward, Kyoto",
    });
  });

  it("opens a KMZ (doc.kml in a zip, with its images beside it)", () => {
    const kmz = zipSync({
      "doc.kml": readFileSync(join(import.meta.dirname, "fixtures", "my-maps-kyoto.kml")),
      "images/icon-1.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    const { format, items } = parseImport(kmz, "Kyoto with friends.kmz");
    expect(format).toBe("kmz");
    expect(items.map((i) => i.name)).toEqual([
      "Kinkaku-ji",
      "Fushimi Inari Taisha",
      "Nishiki Market",
      "Pontocho Alley",
    ]);
  });

  it("refuses a zip without KML, and a damaged zip", () => {
    expect(problem(zipSync({ "readme.txt": strToU8("hello") }))).toBe("badKmz");
    const kmz = zipSync({ "doc.kml": strToU8("<kml/>") });
    expect(problem(kmz.subarray(0, 30))).toBe("badKmz");
  });

  it("refuses a zip whose KML says it unpacks to more than 25 MB (a zip bomb)", () => {
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x20);
    const kmz = zipSync({ "doc.kml": big }, { level: 9 });
    expect(kmz.length).toBeLessThan(100_000);
    expect(problem(kmz)).toBe("tooMany");
  });

  it("refuses malformed XML with a clear problem, never an exception of the parser", () => {
    expect(problem('<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>')).toBe("badXml");
    expect(problem("<kml><Placemark><name>A</nam></Placemark></kml>")).toBe("badXml");
    expect(problem("<html><body>Not a map</body></html>")).toBe("unknownFormat");
  });

  it("refuses an entity expansion bomb (billion laughs) and external entities before parsing", () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<kml><Document><Placemark><name>&lol9;</name><Point><coordinates>1,1</coordinates></Point></Placemark></Document></kml>`;
    expect(problem(lol)).toBe("doctype");
    const xxe = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<gpx><wpt lat="1" lon="1"><name>&xxe;</name></wpt></gpx>`;
    expect(problem(xxe)).toBe("doctype");
  });

  it("refuses a file with more than 2000 placemarks", () => {
    const pm = "<Placemark><name>P</name><Point><coordinates>135.7,35.0</coordinates></Point></Placemark>";
    const kml = `<kml><Document>${pm.repeat(2001)}</Document></kml>`;
    expect(problem(kml)).toBe("tooMany");
    const ok = parseImport(strToU8(`<kml><Document>${pm.repeat(2000)}</Document></kml>`));
    expect(ok.items).toHaveLength(2000);
  });

  it("survives folders nested thousands deep", () => {
    const depth = 3000;
    const kml = `<kml>${"<Folder><name>f</name>".repeat(depth)}<Placemark><name>Deep</name><Point><coordinates>1,2</coordinates></Point></Placemark>${"</Folder>".repeat(depth)}</kml>`;
    const result = problem(kml);
    // Either read (the placemark found) or refused as unreadable XML, never a crash.
    expect([null, "badXml"]).toContain(result);
  });
});

describe("GPX waypoints", () => {
  it("reads OsmAnd favourites: names in any script, character references, the address extension", () => {
    const { format, items } = parseImport(fixture("osmand-favourites.gpx"), "favourites.gpx");
    expect(format).toBe("gpx");
    expect(items.map((i) => [i.name, i.latitude, i.longitude, i.folder])).toEqual([
      ["Kyoto Station", 34.9858, 135.7588, "Transport"],
      ["Gion – Hanamikoji", 35.0037, 135.7788, "Walks"],
      ["京都御所", 35.0116, 135.7681, "Walks"],
    ]);
    expect(items[0]!.address).toBe("Higashishiokojicho, Shimogyo Ward, Kyoto");
    expect(items[1]!.notes).toBe("Evening walk, maiko spotting");
  });

  it("reads Garmin waypoints (desc and cmt once when they are the same)", () => {
    const { items } = parseImport(fixture("garmin-waypoints.gpx"));
    expect(brief(items)).toEqual([
      ["TOJI", 34.9806, 135.7477],
      ["BAMBOO", 35.017016, 135.671327],
    ]);
    expect(items[0]!.notes).toBe("Five-storey pagoda");
  });

  it("reads a route's named points when the file has no waypoints", () => {
    const gpx = `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><name>Day 1</name>
      <rtept lat="35.0394" lon="135.7292"><name>Kinkaku-ji</name></rtept>
      <rtept lat="35.027" lon="135.7982"><name>Ginkaku-ji</name></rtept></rte></gpx>`;
    const { items } = parseImport(strToU8(gpx));
    expect(items.map((i) => [i.name, i.folder])).toEqual([
      ["Kinkaku-ji", "Day 1"],
      ["Ginkaku-ji", "Day 1"],
    ]);
  });

  it("skips waypoints off the globe and says when nothing is left", () => {
    const gpx = `<gpx><wpt lat="91" lon="10"><name>Bad</name></wpt><wpt lat="x" lon="10"><name>Bad</name></wpt></gpx>`;
    expect(problem(gpx)).toBe("empty");
  });
});

describe("any file", () => {
  it("knows a file by its bytes, not its name", () => {
    expect(parseImport(fixture("my-maps-kyoto.kml"), "places.gpx").format).toBe("kml");
    expect(parseImport(fixture("saved-places.json"), "list.csv").format).toBe("geojson");
  });

  it("refuses other files, binary noise and text in another encoding", () => {
    expect(problem("just some words\nand more", "notes.txt")).toBe("unknownFormat");
    expect(problem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), "photo.jpg")).toBe("unreadable");
  });

  it("reads a UTF-8 file with a BOM", () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...fixture("osmand-favourites.gpx")]);
    expect(parseImport(bom).items).toHaveLength(3);
  });
});
