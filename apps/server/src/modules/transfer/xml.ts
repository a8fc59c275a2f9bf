import { XMLParser, XMLValidator } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { type Found, found, htmlText, ImportError, lines, MAX_NOTES, oneLine, point } from "./found";

type Node = Record<string, unknown>;

/** A KML inside a KMZ may be larger than the zip (text compresses well), not without bound. */
export const KMZ_MAX_KML_BYTES = 25 * 1024 * 1024;
/** Folders deeper than this are read as if they were at this depth (no file needs more). */
const MAX_DEPTH = 64;

// A DTD can declare entities that expand to gigabytes ("billion laughs") or read local files (XXE):
// KML and GPX never need one, so a file that declares one is refused before it is parsed.
const DTD = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The predefined entities, character references (&#8211;) and HTML's named ones (&nbsp;): a fixed
  // table, nothing a file can declare (there is no DTD).
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ["Placemark", "Folder", "Document", "wpt", "rte", "rtept", "Point"].includes(name),
});

/** The parsed document; malformed XML, or a DTD, is refused with its own message. */
export function parseXml(text: string): Node {
  if (DTD.test(text)) throw new ImportError("doctype");
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text);
  } catch {
    throw new ImportError("badXml");
  }
  if (valid !== true) throw new ImportError("badXml");
  try {
    return parser.parse(text) as Node;
  } catch {
    throw new ImportError("badXml");
  }
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const node = (v: unknown): Node | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Node) : null;

/** An element's text: a string, or the #text of one with attributes. */
function textOf(v: unknown): string | null {
  const first = Array.isArray(v) ? v[0] : v;
  if (typeof first === "string") return first;
  if (typeof first === "number") return String(first);
  const n = node(first);
  if (n && (typeof n["#text"] === "string" || typeof n["#text"] === "number")) return String(n["#text"]);
  return null;
}

/** The first "lon,lat[,alt]" of a KML coordinates element. */
function kmlPoint(coordinates: unknown) {
  const first = textOf(coordinates)?.trim().split(/\s+/)[0];
  if (!first) return null;
  const [lon, lat] = first.split(",");
  return point(lat, lon);
}

/** A Placemark's point: its Point, or the first Point of a MultiGeometry. Lines and shapes are no place. */
function placemarkPoint(pm: Node) {
  for (const p of asArray(pm.Point)) {
    const at = kmlPoint(node(p)?.coordinates);
    if (at) return at;
  }
  for (const multi of asArray(pm.MultiGeometry)) {
    for (const p of asArray(node(multi)?.Point)) {
      const at = kmlPoint(node(p)?.coordinates);
      if (at) return at;
    }
  }
  return null;
}

/**
 * KML (Google My Maps, Google Earth): Placemarks with a Point, in Documents and nested Folders; the
 * nearest Folder's name is kept. Placemarks that are only lines or shapes are left out.
 */
export function parseKml(text: string, limit: number): Found[] {
  const root = node(parseXml(text).kml);
  if (!root) throw new ImportError("badXml");
  const items: Found[] = [];
  const walk = (container: Node, folder: string | null, depth: number) => {
    for (const pm of asArray(container.Placemark)) {
      const p = node(pm);
      if (!p) continue;
      const at = placemarkPoint(p);
      if (!at) continue;
      if (items.length >= limit) throw new ImportError("tooMany");
      const item = found({
        name: textOf(p.name),
        point: at,
        address: textOf(p.address),
        notes: htmlText(textOf(p.description), MAX_NOTES),
        folder,
      });
      if (item) items.push(item);
    }
    for (const key of ["Document", "Folder"] as const) {
      for (const child of asArray(container[key])) {
        const c = node(child);
        if (!c) continue;
        const name = key === "Folder" ? (oneLine(textOf(c.name), 200) ?? folder) : folder;
        walk(c, name, Math.min(depth + 1, MAX_DEPTH));
      }
    }
  };
  walk(root, null, 0);
  return items;
}

/** KMZ: a zip whose main KML is doc.kml (or the first .kml at its top). */
export function parseKmz(bytes: Uint8Array, limit: number): Found[] {
  let files: Record<string, Uint8Array>;
  let tooBig = false;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (!/\.kml$/i.test(f.name)) return false;
        if (f.originalSize > KMZ_MAX_KML_BYTES) {
          tooBig = true;
          return false;
        }
        return true;
      },
    });
  } catch {
    throw new ImportError("badKmz");
  }
  if (tooBig) throw new ImportError("tooMany");
  const names = Object.keys(files);
  const main =
    names.find((n) => n.toLowerCase() === "doc.kml") ??
    names.filter((n) => !n.includes("/")).sort()[0] ??
    names.sort()[0];
  if (!main) throw new ImportError("badKmz");
  return parseKml(new TextDecoder("utf-8").decode(files[main]), limit);
}

/**
 * GPX 1.0/1.1 waypoints (OsmAnd favourites, Garmin, Organic Maps): <wpt lat lon> with name, desc,
 * cmt and OsmAnd's address extension. A file with no waypoints gives its routes' named points.
 */
export function parseGpx(text: string, limit: number): Found[] {
  const root = node(parseXml(text).gpx);
  if (!root) throw new ImportError("badXml");
  const routePoints = asArray(root.rte).flatMap((r) =>
    asArray(node(r)?.rtept).map((p) => ({ p, route: oneLine(textOf(node(r)?.name), 200) })),
  );
  const waypoints = asArray(root.wpt).map((p) => ({ p, route: null as string | null }));
  const items: Found[] = [];
  for (const { p: raw, route } of waypoints.length ? waypoints : routePoints) {
    const p = node(raw);
    if (!p) continue;
    const at = point(p["@_lat"], p["@_lon"]);
    if (!at) continue;
    if (items.length >= limit) throw new ImportError("tooMany");
    const desc = textOf(p.desc);
    const cmt = textOf(p.cmt);
    const notes = [desc, cmt !== desc ? cmt : null].filter(Boolean).join("\n");
    const extensions = node(asArray(p.extensions)[0]);
    const item = found({
      name: textOf(p.name),
      point: at,
      address: textOf(extensions?.address),
      notes: lines(notes, MAX_NOTES),
      folder: route ?? oneLine(textOf(p.type), 200),
    });
    if (item) items.push(item);
  }
  return items;
}
