import { z } from "zod";
import { BOOKING_LIMITS, BOOKING_MESSAGES, BOOKING_TYPES, type BookingType } from "./plain/bookings";
import { multiLineText, singleLineText } from "./text";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, BOOKING_MESSAGES.badTime);
const isoDate = z.iso.date();
const link = z.url({ protocol: /^https?$/, error: BOOKING_MESSAGES.badLink }).max(2000);
const short = (max: number) => singleLineText().trim().max(max);

export const bookingLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** Spec 2 s.3: transport_info; plus the places of the leg it belongs to (ours, for the plan). */
export const transportInfoSchema = z.object({
  routeDetails: short(500).nullish(),
  walkingDistance: short(50).nullish(),
  walkingDuration: short(50).nullish(),
  lineNumber: short(50).nullish(),
  platform: short(50).nullish(),
  direction: short(200).nullish(),
  departureStation: short(200).nullish(),
  arrivalStation: short(200).nullish(),
  /** The leg's places (trip place ids or plan system ids such as airport_NRT_arrival). */
  fromPlaceId: short(200).nullish(),
  toPlaceId: short(200).nullish(),
});
export type TransportInfo = z.infer<typeof transportInfoSchema>;

const bookingFields = {
  bookingType: z.enum(BOOKING_TYPES),
  bookingLink: link.nullish(),
  flightNumber: short(20).nullish(),
  departureTime: hhmm.nullish(),
  arrivalTime: hhmm.nullish(),
  /** In `currency` (major units: 12.5 is $12.50); an empty price is null. */
  price: z.number().min(0).max(100_000_000).nullish(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  passengers: z.number().int().min(1).max(BOOKING_LIMITS.transportPassengersMax).nullish(),
  /** 'from → to': for a flight the two airports' IATA codes ("ICN → NRT"). */
  route: short(300).nullish(),
  departureDate: isoDate.nullish(),
  notes: multiLineText().trim().max(2000).nullish(),
  hotelName: short(200).nullish(),
  address: short(300).nullish(),
  checkInTime: hhmm.nullish(),
  checkOutTime: hhmm.nullish(),
  checkInDate: isoDate.nullish(),
  checkOutDate: isoDate.nullish(),
  guests: z.number().int().min(BOOKING_LIMITS.guestsMin).max(BOOKING_LIMITS.guestsMax).nullish(),
  pricePerNight: z.number().min(0).max(100_000_000).nullish(),
  rating: z.number().int().min(BOOKING_LIMITS.ratingMin).max(BOOKING_LIMITS.ratingMax).nullish(),
  location: bookingLocationSchema.nullish(),
  transportInfo: transportInfoSchema.nullish(),
};

type Draft = {
  bookingType?: BookingType;
  departureTime?: string | null;
  checkInTime?: string | null;
  checkOutTime?: string | null;
  passengers?: number | null;
  checkInDate?: string | null;
  checkOutDate?: string | null;
};
/** The rules of each kind, shared by create and update (an update is checked merged with the row). */
export function bookingIssues(b: Draft): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (b.bookingType === "hotel") {
    if (!b.checkInTime || !b.checkOutTime)
      out.push({
        path: b.checkInTime ? "checkOutTime" : "checkInTime",
        message: BOOKING_MESSAGES.hotelTimesRequired,
      });
    if (b.checkInDate && b.checkOutDate && b.checkOutDate <= b.checkInDate)
      out.push({ path: "checkOutDate", message: BOOKING_MESSAGES.checkOutAfterCheckIn });
  } else if (b.bookingType) {
    if (!b.departureTime)
      out.push({ path: "departureTime", message: BOOKING_MESSAGES.departureTimeRequired });
    if (b.bookingType === "flight" && b.passengers != null && b.passengers > BOOKING_LIMITS.passengersMax)
      out.push({ path: "passengers", message: BOOKING_MESSAGES.passengersRange });
  }
  return out;
}

export const bookingCreateSchema = z.object(bookingFields).superRefine((b, ctx) => {
  for (const i of bookingIssues(b)) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
});
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
/** Changed fields only; the type does not change. The merged booking is checked by `bookingIssues`. */
export const bookingUpdateSchema = z
  .object(bookingFields)
  .omit({ bookingType: true })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change" });
export type BookingUpdateInput = z.input<typeof bookingUpdateSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  /** Who saved it; null when that account was deleted. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  bookingType: z.enum(BOOKING_TYPES),
  bookingLink: z.string().nullable(),
  flightNumber: z.string().nullable(),
  departureTime: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  passengers: z.number().nullable(),
  route: z.string().nullable(),
  departureDate: z.string().nullable(),
  notes: z.string().nullable(),
  hotelName: z.string().nullable(),
  address: z.string().nullable(),
  checkInTime: z.string().nullable(),
  checkOutTime: z.string().nullable(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  guests: z.number().nullable(),
  pricePerNight: z.number().nullable(),
  rating: z.number().nullable(),
  location: bookingLocationSchema.nullable(),
  transportInfo: transportInfoSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;
/** Newest first (spec 2 s.7: ordered by created_at descending). */
export const bookingListSchema = z.object({ bookings: z.array(bookingSchema) });
