import { z } from "zod";
import {
  DEFAULT_STAY_MINUTES,
  DEFAULT_WISH,
  MAX_PHOTOS_PER_PLACE,
  MAX_STAY_MINUTES,
  PLACE_CATEGORIES,
  parseUploadUrl,
  TIMES_OF_DAY,
  WISH_MAX,
  WISH_MIN,
} from "./plain/places";
import { multiLineText, singleLineText } from "./text";

const httpsUrl = z.url({ protocol: /^https$/ });
// https only, or the trip's own upload: an http or javascript: URL would leak or run in every
// member's browser (issue 11). The server checks an upload URL names the place's trip.
const photoUrl = z
  .string()
  .max(2000)
  .refine((v) => parseUploadUrl(v) !== null || httpsUrl.safeParse(v).success, {
    error: "Photo URLs must start with https://",
  });
const photoList = z.array(photoUrl).max(MAX_PHOTOS_PER_PLACE);
/** A photo URL as a place keeps it (https, or the trip's own upload): expenses' receipts too. */
export const photoUrlSchema = photoUrl;

const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const notes = multiLineText().trim().max(2000);
/**
 * Opening hours in OpenStreetMap `opening_hours` syntax ("Tu-Su 09:00-17:00; Dec 25 off"); the server
 * checks the syntax (issue 12). Empty: the category's usual hours.
 */
export const openingHoursText = singleLineText().trim().max(500);
export const OPENING_HOURS_MESSAGE =
  'These opening hours cannot be read. Use the form "Mo-Fr 09:00-17:00; Sa 10:00-14:00" or "24/7".';

export const placeCreateSchema = z.object({
  name: singleLineText().trim().min(1, "Please enter the place's name").max(200),
  address: singleLineText().trim().max(300).nullish(),
  latitude: lat,
  longitude: lng,
  category: z.enum(PLACE_CATEGORIES).default("tourist_attraction"),
  /** Provider-scoped id from place search ("geonames:…", "google:…"); null for a dropped pin. */
  providerPlaceId: singleLineText().max(200).nullish(),
  rating: z.number().min(0).max(5).nullish(),
  priceLevel: z.number().int().min(0).max(4).nullish(),
  photos: photoList.default([]),
  stayMinutes: z.number().int().min(1).max(MAX_STAY_MINUTES).default(DEFAULT_STAY_MINUTES),
  preferredTimeOfDay: z.enum(TIMES_OF_DAY).nullish(),
  /** From the provider (Google details, OSM tags, the compiled attractions) or typed by a member. */
  openingHours: openingHoursText.nullish(),
  /** The search result's name in the local script (東京) and its country (ISO 3166 alpha-2). */
  localName: singleLineText().trim().max(200).nullish(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullish(),
  notes: notes.nullish(),
  wishLevel: z.number().int().min(WISH_MIN).max(WISH_MAX).default(DEFAULT_WISH),
});
export type PlaceCreateInput = z.input<typeof placeCreateSchema>;

export const placeUpdateSchema = z
  .object({
    name: singleLineText().trim().min(1, "Please enter the place's name").max(200),
    category: z.enum(PLACE_CATEGORIES),
    stayMinutes: z.number().int().min(1).max(MAX_STAY_MINUTES),
    preferredTimeOfDay: z.enum(TIMES_OF_DAY).nullable(),
    /** Null or empty: back to the category's usual hours. */
    openingHours: openingHoursText.nullable(),
    notes: notes.nullable(),
    /** The whole list, in order (up to 5): https URLs or the trip's own uploads. */
    photos: photoList,
    /** The caller's own wish for the place. */
    wishLevel: z.number().int().min(WISH_MIN).max(WISH_MAX),
  })
  .partial();
export type PlaceUpdateInput = z.input<typeof placeUpdateSchema>;

export const wishInputSchema = z.object({ wishLevel: z.number().int().min(WISH_MIN).max(WISH_MAX) });

export const PLACE_STATUSES = ["pending", "scheduled", "unscheduled"] as const;
export type PlaceStatus = (typeof PLACE_STATUSES)[number];

const personSchema = z.object({ userId: z.string(), name: z.string(), color: z.string() });

export const placeSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  category: z.string(),
  /** The name in the local script where the search data had it, and the country (its language). */
  localName: z.string().nullable(),
  countryCode: z.string().nullable(),
  source: z.string(),
  providerPlaceId: z.string().nullable(),
  rating: z.number().nullable(),
  priceLevel: z.number().nullable(),
  photos: z.array(z.string()),
  stayMinutes: z.number(),
  preferredTimeOfDay: z.enum(TIMES_OF_DAY).nullable(),
  /** The hours the plan uses: the place's own, or the usual hours of its category. */
  openingHours: z.object({ value: z.string(), source: z.enum(["place", "category"]) }),
  notes: z.string().nullable(),
  /** Who proposed it first (null once they left the trip). */
  addedBy: personSchema.nullable(),
  /** Every member who wants it, with their own wish level (1-10). */
  wishes: z.array(personSchema.extend({ wishLevel: z.number() })),
  /** Members who will do something else than this visit ("who's going", issue 30); the others go. */
  skippedBy: z.array(personSchema),
  myWish: z.number().nullable(),
  status: z.enum(PLACE_STATUSES),
  scheduledDate: z.string().nullable(),
  /** What the caller may do, so the client never re-implements a rule. */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeListSchema = z.object({
  places: z.array(placeSchema),
  /** The caller's places in this trip against the plan's cap (null: unlimited). */
  usage: z.object({ mine: z.number(), limit: z.number().nullable() }),
  /** Whether the trip has an active optimisation result (statuses are 'pending' before it). */
  optimized: z.boolean(),
});
export type PlaceList = z.infer<typeof placeListSchema>;

export const placeAddedSchema = z.object({
  place: placeSchema,
  /** True when the same real place was already proposed: the caller's wish was added to it. */
  merged: z.boolean(),
});

export const PLACE_MESSAGES = {
  addFailed: "Failed to add place. Please try again.",
  updateFailed: "Failed to update place. Please try again.",
  deleteFailed: "Failed to delete place. Please try again.",
  placeLimit:
    "You have reached the limit of 10 places per trip on the free plan. Upgrade to Premium to add more.",
  deadlinePassed: "The add-place deadline has passed. Only trip admins can add places now.",
  noAddPermission: "You do not have permission to add places to this trip.",
  noEditPermission: "Only the member who added this place or a trip admin can change it.",
  noDeletePermission: "Only the member who added this place or a trip admin can delete it.",
  alreadyWished: "This place is already on your list.",
  placeNotFound: "Place not found",
  noTripText: "Please select a trip from the home page to view and manage places",
} as const;
