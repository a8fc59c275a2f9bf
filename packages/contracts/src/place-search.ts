import { z } from "zod";
import { MAX_TRIP_POINTS, PLACE_RESULT_KINDS, PLACE_SOURCES } from "./plain/place-search";

// Place search (server providers/places): one shape whatever the provider behind it.

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** "35.68,139.76" as sent in a query string. */
export const latLngParam = z
  .string()
  .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, "near must be 'lat,lng'")
  .transform((s) => {
    const [lat, lng] = s.split(",").map(Number) as [number, number];
    return { lat, lng };
  })
  .pipe(latLngSchema);

/** "35.01,135.79;34.99,135.78" as sent in a query string: the trip's destination and places. */
export const tripPointsParam = z
  .string()
  .max(MAX_TRIP_POINTS * 24)
  .transform((s, ctx) => {
    const points: { lat: number; lng: number }[] = [];
    for (const part of s.split(";")) {
      const parsed = latLngParam.safeParse(part);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "trip must be 'lat,lng;lat,lng;...'" });
        return z.NEVER;
      }
      points.push(parsed.data);
    }
    return points;
  })
  .pipe(z.array(latLngSchema).min(1).max(MAX_TRIP_POINTS, `trip takes at most ${MAX_TRIP_POINTS} points`));

export const placeSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Please type a place to search for").max(120),
  /** A soft bias towards one point (the departure, when choosing a destination). */
  near: latLngParam.optional(),
  /**
   * Where the trip is: results near one of these points rank first, far ones still appear when the
   * query names them well (server: providers/places/trip-area.ts). Takes over from `near`.
   */
  trip: tripPointsParam.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const placeResultSchema = z.object({
  /** Provider-scoped and stable: "geonames:1850147", "iata:NRT", "wikidata:Q2946", "google:ChIJ...". */
  id: z.string(),
  name: z.string(),
  /** The name in the local script where the data has it (東京, 서울 ...). */
  localName: z.string().nullable(),
  kind: z.enum(PLACE_RESULT_KINDS),
  /** One of the spec's place categories (tourist_attraction, museum, park, airport ...). */
  category: z.string(),
  /** A short human address, e.g. "Kyoto, Japan". */
  address: z.string(),
  countryCode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  iata: z.string().nullable(),
  rating: z.number().nullable(),
  photoUrl: z.string().nullable(),
  /** IANA time zone of the place (from the coordinates). */
  timezone: z.string().nullable(),
  /** The usual visit length in minutes, where the source knows it (the compiled attractions). */
  stayMinutes: z.number().int().positive().optional(),
  /** Opening hours in OpenStreetMap `opening_hours` syntax, where the provider gives them. */
  openingHours: z.string().optional(),
});
export type PlaceResult = z.infer<typeof placeResultSchema>;

/** One source of an answer with its credit line (data licences), shown under the results. */
export const placeSourceSchema = z.object({ name: z.enum(PLACE_SOURCES), attribution: z.string() });
export type PlaceSource = z.infer<typeof placeSourceSchema>;

export const placeSearchResponseSchema = z.object({
  results: z.array(placeResultSchema),
  /** Credit line to show under results (data licences): every source's, joined. */
  attribution: z.string(),
  /**
   * The sources whose data is in the results (when there are none, those that answered), each with
   * its credit line: the default set-up mixes the built-in gazetteer and Photon (issue 25).
   */
  sources: z.array(placeSourceSchema),
  /** In the reader's language: an online source did not answer, so the built-in data answered alone. */
  notice: z.string().optional(),
});
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;
