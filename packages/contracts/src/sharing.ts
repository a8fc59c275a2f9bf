import { z } from "zod";
import { itineraryDaySchema } from "./optimization";

// Share links (spec 3: Trip share; issue 15).
export const SHARE_TYPES = ["external_view", "external_collaborate"] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

export const sharePermissionsSchema = z.object({
  canViewPlaces: z.boolean(),
  canJoinAsMember: z.boolean(),
  canExport: z.boolean(),
  /** What a member who joined through the link may do in the trip (spec 3 s.4: the joining flags). */
  canAddPlaces: z.boolean(),
  canEditPlaces: z.boolean(),
  canOptimize: z.boolean(),
});
export type SharePermissions = z.infer<typeof sharePermissionsSchema>;

/** A new link's permissions by type; joining gives the spec's flags (add and optimise, not edit). */
export const DEFAULT_SHARE_PERMISSIONS: Record<ShareType, SharePermissions> = {
  external_view: {
    canViewPlaces: true,
    canJoinAsMember: false,
    canExport: true,
    canAddPlaces: false,
    canEditPlaces: false,
    canOptimize: false,
  },
  external_collaborate: {
    canViewPlaces: true,
    canJoinAsMember: true,
    canExport: true,
    canAddPlaces: true,
    canEditPlaces: false,
    canOptimize: true,
  },
};

export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;
export const SHARE_MAX_USES_LIMIT = 10_000;

/** What the trip's members with the right to invite see of a link. */
export const shareLinkSchema = z.object({
  id: z.string(),
  /** The path /shared/{token}: the token is derived from the id with the server's secret, never stored. */
  token: z.string(),
  shareType: z.enum(SHARE_TYPES),
  permissions: sharePermissionsSchema,
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  currentUses: z.number(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;
export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });

const expiresAt = z.iso.datetime({ offset: true }).nullish();
const maxUses = z.number().int().min(1).max(SHARE_MAX_USES_LIMIT).nullish();
const password = z
  .string()
  .min(SHARE_PASSWORD_MIN, "The password needs at least 4 characters")
  .max(SHARE_PASSWORD_MAX)
  .nullish();

/**
 * Create a link. With the type alone, an active, unexpired, not used-up link of that type is reused
 * (spec 3 s.4); any other field asks for a new link with those settings.
 */
export const shareCreateSchema = z.object({
  shareType: z.enum(SHARE_TYPES),
  permissions: sharePermissionsSchema.partial().optional(),
  expiresAt,
  maxUses,
  password,
});
export type ShareCreateInput = z.input<typeof shareCreateSchema>;

/** Change a link's settings; the URL stays. password: a string sets it, null removes it. */
export const shareUpdateSchema = z.object({
  permissions: sharePermissionsSchema.partial().optional(),
  expiresAt,
  maxUses,
  password,
});
export type ShareUpdateInput = z.input<typeof shareUpdateSchema>;

export const shareUnlockSchema = z.object({ password: z.string().min(1).max(SHARE_PASSWORD_MAX) });

/** A place as the public page shows it: no member's name, no photo served to members only. */
export const sharedPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  localName: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  category: z.string(),
  stayMinutes: z.number(),
  notes: z.string().nullable(),
  /** The group's wish as 1 to 5 stars (the mean of the members' wish levels, halved). */
  priority: z.number(),
});
export type SharedPlace = z.infer<typeof sharedPlaceSchema>;

export const sharedTripSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  departureLocation: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  timezone: z.string(),
  placeCount: z.number(),
  memberCount: z.number(),
  /** Only when the link allows viewing places. */
  places: z.array(sharedPlaceSchema).nullable(),
  /** The active plan's days, only when the link allows viewing places. */
  days: z.array(itineraryDaySchema).nullable(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

/** GET /api/shared/{token}: a protected link says only that it is protected until unlocked. */
export const sharedViewSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("password") }),
  z.object({
    status: z.literal("ok"),
    trip: sharedTripSchema,
    shareType: z.enum(SHARE_TYPES),
    permissions: z.object({
      canViewPlaces: z.boolean(),
      canJoinAsMember: z.boolean(),
      canExport: z.boolean(),
    }),
    /** When the link was created ("Shared on {date}"). */
    createdAt: z.string(),
    /** The signed-in caller is already a member: the page sends them to the trip. */
    memberTripId: z.string().nullable(),
  }),
]);
export type SharedView = z.infer<typeof sharedViewSchema>;

export const sharedJoinResponseSchema = z.object({ tripId: z.string(), alreadyMember: z.boolean() });

/** The export file (spec 3): the trip with its places, when and from where it was exported. */
export const sharedExportSchema = z.object({
  trip: sharedTripSchema.omit({ places: true, days: true }).extend({
    places: z.array(sharedPlaceSchema),
    days: z.array(itineraryDaySchema),
  }),
  exportedAt: z.string(),
  exportedFrom: z.string(),
});
export type SharedExport = z.infer<typeof sharedExportSchema>;

export const SHARE_EVENT_KINDS = ["open", "join", "export"] as const;
export const shareAnalyticsSchema = z.object({
  /** The last 30 days, oldest first, every day present. */
  days: z.array(
    z.object({
      date: z.string(),
      opens: z.number(),
      visitors: z.number(),
      joins: z.number(),
      exports: z.number(),
    }),
  ),
  totals: z.object({ opens: z.number(), visitors: z.number(), joins: z.number(), exports: z.number() }),
});
export type ShareAnalytics = z.infer<typeof shareAnalyticsSchema>;

export const SHARE_MESSAGES = {
  loadFailed: "Failed to load shared trip",
  joinFailed: "Failed to join trip. Please try again.",
  accessFailed: "Failed to access trip. Please try joining manually.",
  notFound: "This shared link does not exist, has expired or was revoked.",
  wrongPassword: "Incorrect password. Please try again.",
  tooManyAttempts: "Too many wrong passwords. Please wait 15 minutes and try again.",
  passwordRequired: "This shared trip is password protected.",
  noJoin: "This link lets you view the trip, not join it.",
  noExport: "This link does not allow exporting the trip.",
  noSharePermission: "Only trip admins and members allowed to invite can share this trip.",
  premiumPassword: "Password protection is a Premium feature.",
  premiumAnalytics: "Access analytics are a Premium feature.",
  linkNotFound: "Share link not found",
} as const;
