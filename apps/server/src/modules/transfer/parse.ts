import { IMPORT_MAX_PLACES } from "@tabi/contracts";
import { parseCsv } from "./csv";
import { ImportError, type Parsed } from "./found";
import { parseGeoJson } from "./geojson";
import { parseGpx, parseKml, parseKmz } from "./xml";

export { ImportError, type ImportProblem } from "./found";

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The file's text: UTF-8 (a BOM dropped), or UTF-16 with its BOM. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportError("unreadable");
  }
}

/**
 * Reads an import file by what it holds, whatever its name says: a zip is KMZ, JSON is Takeout's
 * GeoJSON, XML is KML or GPX by its root element, and text with a Title column is a saved list (CSV).
 */
export function parseImport(bytes: Uint8Array, fileName = "", limit = IMPORT_MAX_PLACES): Parsed {
  const parsed = read(bytes, fileName, limit);
  if (parsed.items.length > limit) throw new ImportError("tooMany");
  if (parsed.items.length === 0) throw new ImportError("empty");
  return parsed;
}

function read(bytes: Uint8Array, fileName: string, limit: number): Parsed {
  if (ZIP.every((b, i) => bytes[i] === b)) return { format: "kmz", items: parseKmz(bytes, limit) };
  const text = decode(bytes);
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("["))
    return { format: "geojson", items: parseGeoJson(start) };
  if (start.startsWith("<")) {
    const root = /<(?:[\w-]+:)?(kml|gpx)[\s>/]/i.exec(start.slice(0, 4096))?.[1]?.toLowerCase();
    if (root === "kml") return { format: "kml", items: parseKml(start, limit) };
    if (root === "gpx") return { format: "gpx", items: parseGpx(start, limit) };
    // A DTD before the root element is refused as such, not as an unknown format.
    if (/<!\s*(DOCTYPE|ENTITY)/i.test(start.slice(0, 4096))) throw new ImportError("doctype");
    throw new ImportError("unknownFormat");
  }
  const firstLine = start.split(/\r?\n/, 1)[0]?.toLowerCase() ?? "";
  if (/\.csv$/i.test(fileName) || /(^|,)"?title"?(,|$)/.test(firstLine)) {
    const list = fileName.replace(/\.csv$/i, "").trim() || null;
    return { format: "csv", items: parseCsv(start, list) };
  }
  throw new ImportError("unknownFormat");
}
