import { z } from "zod";
import { multiLineText, singleLineText } from "./text";

// Bookings of a trip (spec 2 s.3 'Booking', s.5 'Bookings', 'Flight form', 'Transport form',
// 'Hotel form', s.9 'Bookings'; issue 17). A booking belongs to a leg of the plan (flight,
// transport: `route` 'from → to' on `departureDate`) or to its nights (hotel).

/** Modes a transport booking may have besides flight and hotel (spec: "a transport mode such as walking or car"). */
export const TRANSPORT_BOOKING_TYPES = [
  "walking",
  "car",
  "taxi",
  "public_transport",
  "train",
  "bus",
  "ferry",
] as const;
export const BOOKING_TYPES = ["flight", "hotel", ...TRANSPORT_BOOKING_TYPES] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export const isTransportBooking = (t: string) => (TRANSPORT_BOOKING_TYPES as readonly string[]).includes(t);

/** The spec's texts, word for word (spec 2 s.5 and s.8). */
export const BOOKING_MESSAGES = {
  departureTimeRequired: "Please specify departure time",
  hotelTimesRequired: "Please specify check-in and check-out times",
  loginRequired: "Please login to save booking information",
  confirmDelete: "Are you sure you want to delete this booking?",
  saveFailed: "Failed to save booking. Please try again.",
  deleteFailed: "Failed to delete booking. Please try again.",
  saved: "Booking saved successfully!",
  updated: "Booking updated successfully!",
  deleted: "Booking deleted successfully!",
  noFlights: "No saved flight bookings yet.",
  noLegBookings: "No saved bookings for this route and date.",
  noRestaurants: "No restaurants found",
  /** Ours: a link field that is not a web address. */
  badLink: "Please enter a valid link (https://...)",
  /** Ours: a time field that is not HH:MM. */
  badTime: "Use a time like 09:00",
  bookingNotFound: "Booking not found",
  checkOutAfterCheckIn: "Check-out must be after check-in",
  passengersRange: "Passengers: 1 to 8",
  uberFailed: "Failed to book Uber ride. Please try again.",
} as const;

/** Spec 2 s.9 'Bookings'. */
export const BOOKING_LIMITS = {
  passengersMin: 1,
  passengersMax: 8,
  guestsMin: 1,
  guestsMax: 8,
  /** A transport booking: "minimum 1", no maximum in the spec; ours 99. */
  transportPassengersMax: 99,
  ratingMin: 1,
  ratingMax: 5,
} as const;
export const BOOKING_DEFAULTS = {
  flightDeparture: "09:00",
  flightArrival: "11:00",
  checkIn: "15:00",
  checkOut: "11:00",
  rating: 4,
} as const;
/** Spec 2 s.9: flight and hotel prices in USD, transport in yen. */
export const BOOKING_CURRENCY = { flight: "USD", hotel: "USD", transport: "JPY" } as const;

/** The spec's route text: 'from → to'. */
export const ROUTE_ARROW = " → ";
export const routeText = (from: string, to: string) => `${from}${ROUTE_ARROW}${to}`;

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
