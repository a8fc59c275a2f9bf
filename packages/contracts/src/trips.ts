import { z } from "zod";
import { TRIP_MESSAGES } from "./messages";
import { isoDate, multiLineText, requiredIsoDate, singleLineText } from "./text";

const coordinate = (min: number, max: number) => z.number().min(min).max(max).nullish();

export const tripCreateSchema = z.object({
  name: singleLineText().trim().max(120).nullish(),
  description: multiLineText().trim().max(2000).nullish(),
  // The form's two required fields say the spec's words (spec 1 section 8) when missing, null or blank.
  departureLocation: singleLineText(TRIP_MESSAGES.departureRequired)
    .trim()
    .min(1, TRIP_MESSAGES.departureRequired)
    .max(300),
  departureLatitude: coordinate(-90, 90),
  departureLongitude: coordinate(-180, 180),
  destination: singleLineText().trim().max(300).nullish(),
  destinationLatitude: coordinate(-90, 90),
  destinationLongitude: coordinate(-180, 180),
  startDate: requiredIsoDate(TRIP_MESSAGES.datesRequired),
  endDate: isoDate.nullish(),
});
export type TripCreateInput = z.input<typeof tripCreateSchema>;

// Updates send only the fields that are set (spec 1 section 5); null clears an optional field.
export const tripUpdateSchema = tripCreateSchema
  .extend({
    departureLocation: tripCreateSchema.shape.departureLocation.optional(),
    startDate: requiredIsoDate(TRIP_MESSAGES.datesRequired).optional(),
    addPlaceDeadline: z.iso.datetime({ offset: true }).nullish(),
  })
  .partial();
export type TripUpdateInput = z.input<typeof tripUpdateSchema>;

export const MEMBER_ROLES = ["admin", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const memberPermissionsSchema = z.object({
  canEditPlaces: z.boolean(),
  canOptimize: z.boolean(),
  canAddPlaces: z.boolean(),
  canInviteMembers: z.boolean(),
});

export const memberSchema = memberPermissionsSchema.extend({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isGuest: z.boolean(),
  role: z.enum(MEMBER_ROLES),
  isOwner: z.boolean(),
  colorIndex: z.number().nullable(),
  color: z.string(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberUpdateSchema = memberPermissionsSchema
  .partial()
  .extend({ role: z.enum(MEMBER_ROLES).optional() });
export type MemberUpdateInput = z.infer<typeof memberUpdateSchema>;

export const tripSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  departureLocation: z.string(),
  departureLatitude: z.number().nullable(),
  departureLongitude: z.number().nullable(),
  destination: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  timezone: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  addPlaceDeadline: z.string().nullable(),
  ownerId: z.string(),
  memberCount: z.number(),
  createdAt: z.string(),
  /** The caller's standing in the trip, so the client never re-implements a rule. */
  my: memberPermissionsSchema.extend({
    userId: z.string(),
    role: z.enum(MEMBER_ROLES),
    isOwner: z.boolean(),
    colorIndex: z.number().nullable(),
    /** Whether the caller may add places right now (deadline and flag considered). */
    canAddPlacesNow: z.boolean(),
  }),
  /** Up to 3 members for the avatars in cards and headers. */
  memberPreview: z.array(z.object({ userId: z.string(), name: z.string(), color: z.string() })),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripDetailSchema = z.object({ trip: tripSchema, members: z.array(memberSchema) });
export type TripDetail = z.infer<typeof tripDetailSchema>;

export const tripListSchema = z.object({
  trips: z.array(tripSchema),
  /** Trips counted against the plan (created plus joined) and the plan's cap (null: unlimited). */
  usage: z.object({ trips: z.number(), tripLimit: z.number().nullable() }),
});
export type TripList = z.infer<typeof tripListSchema>;

export const joinTripSchema = z.object({
  code: z
    .string()
    .max(40)
    .transform((s) => s.toUpperCase().replace(/[^A-Z0-9]/g, ""))
    .pipe(z.string().min(1, "Please enter a trip code")),
});
export const joinTripResponseSchema = z.object({ trip: tripSchema, alreadyMember: z.boolean() });

export const invitationSchema = z.object({
  code: z.string(),
  /** XXXX-XXXX, as shown to people. */
  displayCode: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number(),
  currentUses: z.number(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const transferOwnershipSchema = z.object({ userId: z.uuid() });
