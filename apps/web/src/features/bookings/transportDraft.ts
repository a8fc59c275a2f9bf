import {
  BOOKING_CURRENCY,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type Booking,
  type BookingCreateInput,
  type BookingUpdateInput,
  bookingCreateSchema,
  isTransportBooking,
  routeText,
  TRANSPORT_BOOKING_TYPES,
} from "@tabi/contracts";
import type { BookingLeg } from "./types";

// The transport form (spec 2 s.5 'Transport form'): what the user types, as strings, and its
// conversion to and from a booking. Pure, so the rules are tested without a browser.

export type TransportType = (typeof TRANSPORT_BOOKING_TYPES)[number];

export interface TransportDraft {
  bookingType: TransportType;
  departureTime: string;
  arrivalTime: string;
  passengers: string;
  price: string;
  lineNumber: string;
  platform: string;
  direction: string;
  departureStation: string;
  arrivalStation: string;
  routeDetails: string;
  bookingLink: string;
  notes: string;
}

export type DraftField = keyof TransportDraft;
export type DraftErrors = Partial<Record<DraftField, DraftProblem>>;

/**
 * The booking kind a leg's plan mode suggests: a "car" leg of a trip is a taxi for most travellers
 * (the dialog's search offers taxis); anything else the plan calls transit is public transport.
 */
export function defaultTransportType(mode: string): TransportType {
  if (mode === "walking") return "walking";
  if (mode === "car") return "taxi";
  if ((TRANSPORT_BOOKING_TYPES as readonly string[]).includes(mode)) return mode as TransportType;
  return "public_transport";
}

export const emptyDraft = (leg: BookingLeg | null, memberCount: number): TransportDraft => ({
  bookingType: defaultTransportType(leg?.mode ?? ""),
  departureTime: "",
  arrivalTime: "",
  passengers: String(Math.max(BOOKING_LIMITS.passengersMin, Math.round(memberCount) || 1)),
  price: "",
  lineNumber: "",
  platform: "",
  direction: "",
  departureStation: "",
  arrivalStation: "",
  routeDetails: "",
  bookingLink: "",
  notes: "",
});

/** A saved booking back in the form, for editing. */
export function draftFromBooking(b: Booking, memberCount: number): TransportDraft {
  const info = b.transportInfo ?? {};
  return {
    bookingType: isTransportBooking(b.bookingType) ? (b.bookingType as TransportType) : "public_transport",
    departureTime: b.departureTime ?? "",
    arrivalTime: b.arrivalTime ?? "",
    passengers: String(b.passengers ?? Math.max(1, memberCount)),
    price: b.price == null ? "" : String(b.price),
    lineNumber: info.lineNumber ?? "",
    platform: info.platform ?? "",
    direction: info.direction ?? "",
    departureStation: info.departureStation ?? "",
    arrivalStation: info.arrivalStation ?? "",
    routeDetails: info.routeDetails ?? "",
    bookingLink: b.bookingLink ?? "",
    notes: b.notes ?? "",
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const numberOrNull = (s: string) => {
  const t = s.trim().replace(",", ".");
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** Where a booking belongs: a leg's route text and date, and the leg's places. */
export interface LegTarget {
  route: string;
  date: string;
  fromPlaceId: string | null;
  toPlaceId: string | null;
}

export const targetOfLeg = (leg: BookingLeg): LegTarget => ({
  route: routeText(leg.from.name, leg.to.name),
  date: leg.date,
  fromPlaceId: leg.from.placeId ?? null,
  toPlaceId: leg.to.placeId ?? null,
});

/** An edited booking stays on its own leg, whichever leg the dialog was opened on. */
export const targetOfBooking = (b: Booking): LegTarget => ({
  route: b.route ?? "",
  date: b.departureDate ?? "",
  fromPlaceId: b.transportInfo?.fromPlaceId ?? null,
  toPlaceId: b.transportInfo?.toPlaceId ?? null,
});

/**
 * The booking the form makes: route 'from → to' and the leg's date, so the saved list and the plan
 * find it; the leg's places, so the next optimisation keeps its time. Empty price, notes and link
 * are stored as null (spec).
 */
export function draftToBooking(d: TransportDraft, target: LegTarget): BookingCreateInput {
  const price = numberOrNull(d.price);
  return {
    bookingType: d.bookingType,
    route: target.route || null,
    departureDate: target.date || null,
    departureTime: orNull(d.departureTime),
    arrivalTime: orNull(d.arrivalTime),
    passengers: Number.parseInt(d.passengers, 10),
    price: price == null ? null : Math.round(price * 100) / 100,
    currency: BOOKING_CURRENCY.transport,
    bookingLink: orNull(d.bookingLink),
    notes: orNull(d.notes),
    transportInfo: {
      lineNumber: orNull(d.lineNumber),
      platform: orNull(d.platform),
      direction: orNull(d.direction),
      departureStation: orNull(d.departureStation),
      arrivalStation: orNull(d.arrivalStation),
      routeDetails: orNull(d.routeDetails),
      fromPlaceId: target.fromPlaceId,
      toPlaceId: target.toPlaceId,
    },
  };
}

/** The same for an update: a booking keeps its kind (the contracts' update has no type). */
export function draftToUpdate(d: TransportDraft, target: LegTarget): BookingUpdateInput {
  const { bookingType: _kept, ...changes } = draftToBooking(d, target);
  return changes;
}

const FIELD_OF_PATH: Record<string, DraftField> = {
  lineNumber: "lineNumber",
  platform: "platform",
  direction: "direction",
  departureStation: "departureStation",
  arrivalStation: "arrivalStation",
  routeDetails: "routeDetails",
};

/** What is wrong with a field: the contracts' message keys, or ours for numbers and lengths. */
export type DraftProblem =
  | "departureTimeRequired"
  | "badTime"
  | "badLink"
  | "passengers"
  | "price"
  | "tooLong";
const CONTRACT_PROBLEMS = new Map<string, DraftProblem>([
  [BOOKING_MESSAGES.departureTimeRequired, "departureTimeRequired"],
  [BOOKING_MESSAGES.badTime, "badTime"],
  [BOOKING_MESSAGES.badLink, "badLink"],
]);

/** The form's problems by field, checked by the contracts' own schema (the server checks the same). */
export function draftErrors(d: TransportDraft, target: LegTarget): DraftErrors {
  const errors: DraftErrors = {};
  const passengers = Number(d.passengers);
  if (!Number.isInteger(passengers) || passengers < 1 || passengers > BOOKING_LIMITS.transportPassengersMax)
    errors.passengers = "passengers";
  const price = numberOrNull(d.price);
  if (price != null && (Number.isNaN(price) || price < 0 || price > 100_000_000)) errors.price = "price";
  const parsed = bookingCreateSchema.safeParse(draftToBooking(d, target));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [head, sub] = issue.path.map(String);
      const field = head === "transportInfo" ? FIELD_OF_PATH[sub ?? ""] : (head as DraftField | undefined);
      if (!field || !(field in d) || errors[field]) continue;
      errors[field] =
        CONTRACT_PROBLEMS.get(issue.message) ??
        (field === "price" || field === "passengers" ? field : "tooLong");
    }
  return errors;
}

/** The saved list of a leg: transport bookings with its route text and date (spec s.5). */
export const legBookings = (bookings: Booking[], leg: BookingLeg) => {
  const route = routeText(leg.from.name, leg.to.name);
  return bookings.filter(
    (b) => isTransportBooking(b.bookingType) && b.route === route && b.departureDate === leg.date,
  );
};
