import {
  BOOKING_CURRENCY,
  BOOKING_DEFAULTS,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type Booking,
  type BookingCreateInput,
  bookingIssues,
  routeText,
} from "@tabi/contracts";
import type { IcsDraft } from "./ics";
import { addDays } from "./searchLinks";
import type { BookingLeg, BookingNight } from "./types";

// The flight and hotel forms (spec 2 s.5 'Flight form', 'Hotel form'): what they start with, a saved
// booking back into the form, the form into the API's body, and the checks made before sending (the
// contracts' `bookingIssues`, so the browser and the server say the same thing).

export interface FlightFormValues {
  flightNumber: string;
  /** IATA codes. */
  from: string;
  to: string;
  date: string;
  departureTime: string;
  arrivalTime: string;
  passengers: number;
  /** As typed; an empty price is no price. */
  price: string;
  link: string;
  notes: string;
}

export interface HotelFormValues {
  hotelName: string;
  address: string;
  /** Where the hotel is: the plan's nights move there only with it. */
  location: { lat: number; lng: number } | null;
  checkInTime: string;
  checkOutTime: string;
  checkInDate: string;
  checkOutDate: string;
  guests: number;
  pricePerNight: string;
  rating: number;
  link: string;
  notes: string;
}

/** A field's message, as a key of the "bookings" catalogue. */
export type FormErrors<T> = Partial<Record<keyof T | "form", string>>;

/** Spec: passengers and guests default to the member count, or 1, within 1-8. */
export const defaultPeople = (memberCount: number) =>
  Math.min(BOOKING_LIMITS.passengersMax, Math.max(1, Math.round(memberCount) || 1));

const IATA = /^[A-Z]{3}$/;
const iataOf = (s: string | undefined) =>
  s && IATA.test(s.trim().toUpperCase()) ? s.trim().toUpperCase() : "";

/** The leg's route text: the IATA codes when both ends have one ("ICN → NRT"), else the names. */
export function legRoute(leg: BookingLeg): string {
  const from = iataOf(leg.from.iata);
  const to = iataOf(leg.to.iata);
  return from && to ? routeText(from, to) : routeText(leg.from.name, leg.to.name);
}

/** The flights saved for a leg: same route (by codes or by names) and same date. */
export function flightsOfLeg(bookings: Booking[], leg: BookingLeg): Booking[] {
  const routes = new Set([legRoute(leg), routeText(leg.from.name, leg.to.name)]);
  return bookings.filter(
    (b) =>
      b.bookingType === "flight" && b.departureDate === leg.date && b.route !== null && routes.has(b.route),
  );
}

/** The hotels saved for a night: the stay covers that evening (check-in on or before, check-out after). */
export function hotelsOfNight(bookings: Booking[], night: BookingNight): Booking[] {
  return bookings.filter((b) => {
    if (b.bookingType !== "hotel" || !b.checkInDate) return false;
    const out = b.checkOutDate ?? addDays(b.checkInDate, 1);
    return b.checkInDate <= night.date && night.date < out;
  });
}

export function flightDefaults(leg: BookingLeg | null, memberCount: number): FlightFormValues {
  return {
    flightNumber: "",
    from: iataOf(leg?.from.iata),
    to: iataOf(leg?.to.iata),
    date: leg?.date ?? "",
    departureTime: BOOKING_DEFAULTS.flightDeparture,
    arrivalTime: BOOKING_DEFAULTS.flightArrival,
    passengers: defaultPeople(memberCount),
    price: "",
    link: "",
    notes: "",
  };
}

const numberText = (n: number | null) => (n == null ? "" : String(n));

export function flightValuesOf(b: Booking): FlightFormValues {
  const [from = "", to = ""] = (b.route ?? "").split("→").map((s) => iataOf(s));
  return {
    flightNumber: b.flightNumber ?? "",
    from,
    to,
    date: b.departureDate ?? "",
    departureTime: b.departureTime ?? "",
    arrivalTime: b.arrivalTime ?? "",
    passengers: b.passengers ?? 1,
    price: numberText(b.price),
    link: b.bookingLink ?? "",
    notes: b.notes ?? "",
  };
}

export function hotelDefaults(night: BookingNight | null, memberCount: number): HotelFormValues {
  return {
    hotelName: "",
    address: "",
    location: null,
    checkInTime: BOOKING_DEFAULTS.checkIn,
    checkOutTime: BOOKING_DEFAULTS.checkOut,
    checkInDate: night?.date ?? "",
    checkOutDate: night ? addDays(night.date, 1) : "",
    guests: defaultPeople(memberCount),
    pricePerNight: "",
    rating: BOOKING_DEFAULTS.rating,
    link: "",
    notes: "",
  };
}

export function hotelValuesOf(b: Booking): HotelFormValues {
  return {
    hotelName: b.hotelName ?? "",
    address: b.address ?? "",
    location: b.location,
    checkInTime: b.checkInTime ?? "",
    checkOutTime: b.checkOutTime ?? "",
    checkInDate: b.checkInDate ?? "",
    checkOutDate: b.checkOutDate ?? "",
    guests: b.guests ?? 1,
    pricePerNight: numberText(b.pricePerNight),
    rating: b.rating ?? BOOKING_DEFAULTS.rating,
    link: b.bookingLink ?? "",
    notes: b.notes ?? "",
  };
}

const orNull = (s: string) => s.trim() || null;
/** "12.50" → 12.5; empty → null; anything else → NaN (an error under the field). */
const priceOf = (s: string) => {
  const t = s.trim().replace(",", ".");
  return t === "" ? null : /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : Number.NaN;
};

/** The flight form as the API's body; the route is the two codes, else the leg's names. */
export function flightInput(v: FlightFormValues, leg: BookingLeg | null): BookingCreateInput {
  const from = iataOf(v.from);
  const to = iataOf(v.to);
  return {
    bookingType: "flight",
    flightNumber: orNull(v.flightNumber.toUpperCase()),
    route: from && to ? routeText(from, to) : leg ? legRoute(leg) : null,
    departureDate: v.date || null,
    departureTime: v.departureTime || null,
    arrivalTime: v.arrivalTime || null,
    passengers: v.passengers,
    price: priceOf(v.price),
    currency: BOOKING_CURRENCY.flight,
    bookingLink: orNull(v.link),
    notes: orNull(v.notes),
  };
}

export function hotelInput(v: HotelFormValues): BookingCreateInput {
  return {
    bookingType: "hotel",
    hotelName: orNull(v.hotelName),
    address: orNull(v.address),
    location: v.location,
    checkInTime: v.checkInTime || null,
    checkOutTime: v.checkOutTime || null,
    checkInDate: v.checkInDate || null,
    checkOutDate: v.checkOutDate || null,
    guests: v.guests,
    pricePerNight: priceOf(v.pricePerNight),
    currency: BOOKING_CURRENCY.hotel,
    rating: v.rating,
    bookingLink: orNull(v.link),
    notes: orNull(v.notes),
  };
}

/** The contracts' English texts → this catalogue's keys (the English values are the same words). */
const MESSAGE_KEY: Record<string, string> = {
  [BOOKING_MESSAGES.departureTimeRequired]: "bookings:message.departureTimeRequired",
  [BOOKING_MESSAGES.hotelTimesRequired]: "bookings:message.hotelTimesRequired",
  [BOOKING_MESSAGES.badLink]: "bookings:message.badLink",
  [BOOKING_MESSAGES.badTime]: "bookings:message.badTime",
  "Check-out must be after check-in": "bookings:form.checkOutAfterCheckIn",
};
/** Which field a server's 400 message belongs under (the contracts' texts name it). */
const MESSAGE_FIELD: Record<string, string> = {
  [BOOKING_MESSAGES.departureTimeRequired]: "departureTime",
  [BOOKING_MESSAGES.hotelTimesRequired]: "checkInTime",
  [BOOKING_MESSAGES.badLink]: "link",
  "Check-out must be after check-in": "checkOutDate",
};

/**
 * A server's 400 as a field's message: `translated` is how this catalogue says each key, so a message
 * the server sent in the app's language is recognised too. Unknown messages stay with the form.
 */
export function serverFieldError(
  message: string,
  translated: (key: string) => string,
): { field: string; key: string } | null {
  for (const [english, key] of Object.entries(MESSAGE_KEY)) {
    const field = MESSAGE_FIELD[english];
    if (field && (message === english || message === translated(key))) return { field, key };
  }
  return null;
}

const linkOk = (s: string) => {
  if (!s.trim()) return true;
  try {
    return /^https?:$/.test(new URL(s.trim()).protocol);
  } catch {
    return false;
  }
};

function contractErrors<T>(body: BookingCreateInput): FormErrors<T> {
  const out: FormErrors<T> = {};
  for (const issue of bookingIssues(body)) {
    const key = MESSAGE_KEY[issue.message];
    if (key) out[issue.path as keyof T] ??= key;
  }
  return out;
}

export function flightErrors(v: FlightFormValues): FormErrors<FlightFormValues> {
  const out = contractErrors<FlightFormValues>(flightInput(v, null));
  if (v.from.trim() && !iataOf(v.from)) out.from = "bookings:form.badAirport";
  if (v.to.trim() && !iataOf(v.to)) out.to = "bookings:form.badAirport";
  if (!v.date) out.date = "bookings:form.dateRequired";
  if (Number.isNaN(priceOf(v.price))) out.price = "bookings:form.badPrice";
  if (!linkOk(v.link)) out.link = "bookings:message.badLink";
  return out;
}

export function hotelErrors(v: HotelFormValues): FormErrors<HotelFormValues> {
  const out = contractErrors<HotelFormValues>(hotelInput(v));
  if (!v.checkInDate) out.checkInDate = "bookings:form.dateRequired";
  if (!v.checkOutDate) out.checkOutDate = "bookings:form.dateRequired";
  if (Number.isNaN(priceOf(v.pricePerNight))) out.pricePerNight = "bookings:form.badPrice";
  if (!linkOk(v.link)) out.link = "bookings:message.badLink";
  return out;
}

/** What fits any form from a calendar file of another kind: its link and its text. */
const linkAndNotes = <V extends { link: string; notes: string }>(v: V, d: IcsDraft): V => ({
  ...v,
  link: d.link ?? v.link,
  notes: d.notes ?? v.notes,
});

/**
 * Fills the flight form from a calendar file: what the file says replaces, the rest stays. A hotel's
 * dates are not a flight's, so a stay gives only its link and notes.
 */
export function flightWithIcs(v: FlightFormValues, d: IcsDraft): FlightFormValues {
  if (d.kind === "hotel") return linkAndNotes(v, d);
  return {
    ...v,
    flightNumber: d.flightNumber ?? v.flightNumber,
    from: iataOf(d.from) || v.from,
    to: iataOf(d.to) || v.to,
    date: d.date ?? v.date,
    departureTime: d.departureTime ?? v.departureTime,
    arrivalTime: d.arrivalTime ?? v.arrivalTime,
    link: d.link ?? v.link,
    notes: d.notes ?? v.notes,
  };
}

/** Fills the hotel form from a stay's calendar file; a flight's or a ride's times are not a stay's. */
export function hotelWithIcs(v: HotelFormValues, d: IcsDraft): HotelFormValues {
  if (d.kind !== "hotel") return linkAndNotes(v, d);
  const checkInDate = d.checkInDate ?? v.checkInDate;
  return {
    ...v,
    hotelName: d.hotelName ?? v.hotelName,
    address: d.address ?? v.address,
    checkInDate,
    checkOutDate:
      d.checkOutDate ??
      (!checkInDate || checkInDate < v.checkOutDate ? v.checkOutDate : addDays(checkInDate, 1)),
    checkInTime: d.checkInTime ?? v.checkInTime,
    checkOutTime: d.checkOutTime ?? v.checkOutTime,
    link: d.link ?? v.link,
    notes: d.notes ?? v.notes,
  };
}
