import type { ExportFormat, ItineraryDay } from "@tabi/contracts";
import { type Language, t } from "../../i18n";

/** What an export holds: the trip's places and its active plan's days (none without a plan). */
export interface ExportInput {
  name: string;
  places: {
    id: string;
    name: string;
    latitude: number;
    longitude: number;
    address: string | null;
    notes: string | null;
  }[];
  days: ItineraryDay[];
}

// XML 1.0 allows tab, line feed, carriage return and characters from U+0020 (lone surrogates are no
// characters at all): anything else is dropped before escaping.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlEscape(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Six decimals (about 10 cm), without trailing zeros. */
const coord = (n: number) => String(Number(n.toFixed(6)));
const el = (tag: string, value: string | null | undefined) =>
  value ? `<${tag}>${xmlEscape(value)}</${tag}>` : "";

interface Stop {
  name: string;
  latitude: number;
  longitude: number;
  /** Its place in the trip (not an airport the plan added). */
  place?: ExportInput["places"][number];
  description: string;
}

/** The plan's days, each visit in order with its times and what the trip knows of the place. */
function planned(input: ExportInput, lng: Language) {
  const byId = new Map(input.places.map((p) => [p.id, p]));
  const days = input.days.map((d) => ({
    name: t("server:transfer.day", { day: d.day, date: d.date }, lng),
    stops: d.visits.map((v): Stop => {
      const place = byId.get(v.placeId);
      return {
        name: v.name,
        latitude: v.latitude,
        longitude: v.longitude,
        place,
        description: [
          t("server:transfer.visit", { day: d.day, start: v.start, end: v.end }, lng),
          place?.address,
          place?.notes,
        ]
          .filter(Boolean)
          .join("\n"),
      };
    }),
  }));
  const inPlan = new Set(input.days.flatMap((d) => d.visits.map((v) => v.placeId)));
  const rest = input.places
    .filter((p) => !inPlan.has(p.id))
    .map((p): Stop => ({ ...p, place: p, description: [p.address, p.notes].filter(Boolean).join("\n") }));
  return { days, rest };
}

/**
 * KML 2.2 for Google My Maps, Google Earth, Organic Maps and OsmAnd: one Folder per day of the plan
 * (its visits in order, the times in each description), then a Folder of the places not in the plan
 * (all the places, in one Folder, when the trip has no plan).
 */
export function tripKml(input: ExportInput, lng: Language = "en"): string {
  const { days, rest } = planned(input, lng);
  const placemark = (s: Stop) =>
    `<Placemark>${el("name", s.name)}${el("address", s.place?.address)}${el("description", s.description)}` +
    `<Point><coordinates>${coord(s.longitude)},${coord(s.latitude)},0</coordinates></Point></Placemark>`;
  const folder = (name: string, stops: Stop[]) =>
    `<Folder>${el("name", name)}\n${stops.map((s) => `${placemark(s)}\n`).join("")}</Folder>\n`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n' +
    `${el("name", input.name)}\n${el("description", t("server:transfer.exportedFrom", { trip: input.name }, lng))}\n` +
    days.map((d) => folder(d.name, d.stops)).join("") +
    (rest.length
      ? folder(t(days.length ? "server:transfer.unplanned" : "server:transfer.places", undefined, lng), rest)
      : "") +
    "</Document>\n</kml>\n"
  );
}

/**
 * GPX 1.1 for OsmAnd, Organic Maps and Garmin: a waypoint for every place of the trip, and one route per
 * day of the plan with its visits in order.
 */
export function tripGpx(input: ExportInput, lng: Language = "en", now = new Date()): string {
  const { days, rest } = planned(input, lng);
  const dayOf = new Map<string, string>();
  for (const d of days) for (const s of d.stops) if (s.place) dayOf.set(s.place.id, d.name);
  const waypoints = [
    ...days.flatMap((d) => d.stops.filter((s) => s.place)),
    ...rest.map((s) => ({ ...s, description: s.description })),
  ];
  const seen = new Set<string>();
  const wpt = (s: Stop) =>
    `<wpt lat="${coord(s.latitude)}" lon="${coord(s.longitude)}">${el("name", s.name)}` +
    `${el("desc", s.description)}${el("type", s.place ? (dayOf.get(s.place.id) ?? t("server:transfer.unplanned", undefined, lng)) : null)}</wpt>\n`;
  const rtept = (s: Stop) =>
    `<rtept lat="${coord(s.latitude)}" lon="${coord(s.longitude)}">${el("name", s.name)}${el("desc", s.description)}</rtept>\n`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="Tabi" xmlns="http://www.topografix.com/GPX/1/1" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n' +
    `<metadata>${el("name", input.name)}${el("desc", t("server:transfer.exportedFrom", { trip: input.name }, lng))}<time>${now.toISOString()}</time></metadata>\n` +
    waypoints
      .filter((s) => {
        const key = s.place?.id ?? `${s.latitude},${s.longitude}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map(wpt)
      .join("") +
    days
      .filter((d) => d.stops.length > 0)
      .map((d) => `<rte>${el("name", d.name)}\n${d.stops.map(rtept).join("")}</rte>\n`)
      .join("") +
    "</gpx>\n"
  );
}

/** "Kyoto in spring" -> "kyoto-in-spring.kml": letters of any script kept, nothing a file system minds. */
export function exportFileName(tripName: string, format: ExportFormat): string {
  const base = tripName
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${base || "trip"}.${format}`;
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  kml: "application/vnd.google-earth.kml+xml; charset=utf-8",
  gpx: "application/gpx+xml; charset=utf-8",
};

/** The attachment header: an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
