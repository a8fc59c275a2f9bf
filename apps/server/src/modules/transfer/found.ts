import type { ImportFormat } from "@tabi/contracts";

/** A place as a file gives it, before the trip is asked whether it has it. */
export interface Found {
  name: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  notes: string | null;
  folder: string | null;
  /** Where the coordinates came from (null: the file has none). */
  located: "file" | "url" | "search" | null;
}

export interface Parsed {
  format: ImportFormat;
  items: Found[];
}

/** Why a file cannot be imported: the key of its message in the server catalogue (transfer.*). */
export type ImportProblem =
  | "unknownFormat"
  | "badJson"
  | "badXml"
  | "badKmz"
  | "badCsv"
  | "doctype"
  | "tooMany"
  | "empty"
  | "unreadable";

export class ImportError extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem);
    this.name = "ImportError";
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** One line of text: whitespace runs (line breaks too) become one space; at most `max` characters. */
export function oneLine(value: unknown, max: number): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const s = String(value).replace(CONTROLS, "").replace(/\s+/g, " ").trim();
  return s ? s.slice(0, max).trim() : null;
}

/** Several lines (a note): controls other than line breaks and tabs removed, at most `max` characters. */
export function lines(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const s = value
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return s ? s.slice(0, max).trim() : null;
}

/** A description written as HTML (Google My Maps): its text, line breaks kept. */
export function htmlText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h\d)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");
  return lines(text, max);
}

export const MAX_NAME = 200;
export const MAX_ADDRESS = 300;
export const MAX_NOTES = 2000;

/** A latitude and longitude that are numbers on the globe; Null Island (0, 0) is a missing point. */
export function point(lat: unknown, lng: unknown): { latitude: number; longitude: number } | null {
  const latitude = typeof lat === "number" ? lat : typeof lat === "string" ? Number(lat.trim()) : Number.NaN;
  const longitude = typeof lng === "number" ? lng : typeof lng === "string" ? Number(lng.trim()) : Number.NaN;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

const NUM = "(-?\\d{1,3}(?:\\.\\d+)?)";
const URL_POINTS = [
  // The place itself in a place link's data: ...!3d35.0394!4d135.7292
  new RegExp(`!3d${NUM}!4d${NUM}`),
  // A search or a pin: ?q=35.0394,135.7292 / &query=... / &ll=... / &destination=...
  new RegExp(`[?&](?:q|query|ll|sll|center|destination)=${NUM}(?:,|%2C)\\s*(?:\\+|%20)?${NUM}`, "i"),
  // /maps/search/35.0394,+135.7292 and /maps/place/35.0394,135.7292
  new RegExp(`/maps/(?:search|place|dir)/${NUM}(?:,|%2C)(?:\\+|%20)?${NUM}`, "i"),
  // The map's centre: /@35.0394,135.7292,17z
  new RegExp(`/@${NUM},${NUM}`),
];

/** The coordinates a Google Maps link carries, if any (a ?cid= link carries none). */
export function pointFromUrl(url: unknown): { latitude: number; longitude: number } | null {
  if (typeof url !== "string" || url.length > 4000) return null;
  for (const pattern of URL_POINTS) {
    const m = pattern.exec(url);
    const p = m ? point(Number(m[1]), Number(m[2])) : null;
    if (p) return p;
  }
  return null;
}

/** A place from a file's fields; null when it has neither a name nor a point. */
export function found(fields: {
  name: unknown;
  point: { latitude: number; longitude: number } | null;
  located?: "file" | "url";
  address?: unknown;
  notes?: string | null;
  folder?: string | null;
}): Found | null {
  const address = oneLine(fields.address, MAX_ADDRESS);
  const p = fields.point;
  const name =
    oneLine(fields.name, MAX_NAME) ??
    (address ? oneLine(address.split(",")[0], MAX_NAME) : null) ??
    (p ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}` : null);
  if (!name) return null;
  return {
    name,
    latitude: p?.latitude ?? null,
    longitude: p?.longitude ?? null,
    address,
    notes: fields.notes ?? null,
    folder: fields.folder ?? null,
    located: p ? (fields.located ?? "file") : null,
  };
}
