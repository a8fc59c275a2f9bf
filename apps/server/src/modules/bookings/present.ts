import { type Booking, type BookingType, bookingLocationSchema, transportInfoSchema } from "@tabi/contracts";
import type { BookingView } from "./queries";

/** Prices: the API speaks major units (12.5 is $12.50), the database keeps minor units (1250). */
export const toMinor = (major: number | null | undefined) =>
  major == null ? major : Math.round(major * 100);
const toMajor = (minor: number | null) => (minor == null ? null : minor / 100);

/** A stored JSON value read back through its schema: a row written otherwise shows as null, not a 500. */
const parsed = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown) =>
  value == null ? null : (schema.safeParse(value).data ?? null);

export function presentBooking(row: BookingView): Booking {
  return {
    id: row.id,
    tripId: row.tripId,
    userId: row.userId,
    userName: row.userId ? row.userName : null,
    bookingType: row.bookingType as BookingType,
    bookingLink: row.bookingLink,
    flightNumber: row.flightNumber,
    departureTime: row.departureTime,
    arrivalTime: row.arrivalTime,
    price: toMajor(row.price),
    currency: row.currency,
    passengers: row.passengers,
    route: row.route,
    departureDate: row.departureDate,
    notes: row.notes,
    hotelName: row.hotelName,
    address: row.address,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    guests: row.guests,
    pricePerNight: toMajor(row.pricePerNight),
    rating: row.rating,
    location: parsed(bookingLocationSchema, row.location),
    transportInfo: parsed(transportInfoSchema, row.transportInfo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
