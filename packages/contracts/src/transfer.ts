import { z } from "zod";
import { placeCreateSchema } from "./places";

// Places in and out of a trip (issue 30 items 5 and 6, decisions/0025): Google Takeout (Saved Places
// GeoJSON, a saved list's CSV), KML/KMZ (Google My Maps) and GPX waypoints in; KML and GPX out.

/** The largest file an import reads. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most places one file may hold. */
export const IMPORT_MAX_PLACES = 2000;
/** Picked places are added in batches of this many, so the screen shows progress between them. */
export const IMPORT_BATCH = 25;

export const IMPORT_FORMATS = ["geojson", "csv", "kml", "kmz", "gpx"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * What the preview says of a found place:
 * - new: not in the trip yet;
 * - inTrip: another member has it: adding it adds the caller's wish to that place;
 * - mine: the caller already wishes for it: nothing to add;
 * - noLocation: the file gives no coordinates and the offline place search knows no place of that name.
 */
export const IMPORT_STATUSES = ["new", "inTrip", "mine", "noLocation"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importItemSchema = z.object({
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  /** A folder of a KML file, or a saved list's name. */
  folder: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** Where the coordinates came from: the file, a Google Maps link in it, or a search by name. */
  located: z.enum(["file", "url", "search"]).nullable(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  items: z.array(importItemSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One picked place, as the preview gave it. */
export const importPlaceSchema = placeCreateSchema.pick({
  name: true,
  address: true,
  latitude: true,
  longitude: true,
  notes: true,
});
export const importAddSchema = z.object({
  places: z.array(importPlaceSchema).min(1).max(IMPORT_BATCH),
});
export type ImportAddInput = z.input<typeof importAddSchema>;

export const importAddResultSchema = z.object({
  /** New places in the trip. */
  added: z.number(),
  /** Places another member had: the caller's wish was added to them. */
  joined: z.number(),
  /** Places the caller already wished for. */
  already: z.number(),
  /** Why the rest were not added (the plan's place limit, the deadline), or null when none was refused. */
  stopped: z.object({ code: z.string(), message: z.string(), left: z.number() }).nullable(),
});
export type ImportAddResult = z.infer<typeof importAddResultSchema>;

export const EXPORT_FORMATS = ["kml", "gpx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
