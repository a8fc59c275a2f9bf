// Zod-free: screens that need only these values load no schema (decision 0026). Exported by the
// package's index as before; bookings.ts keeps the schemas.
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
