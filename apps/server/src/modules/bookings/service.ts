import {
  BOOKING_CURRENCY,
  BOOKING_DEFAULTS,
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type Booking,
  type BookingType,
  type bookingCreateSchema,
  bookingIssues,
  type bookingUpdateSchema,
  isTransportBooking,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db, Executor } from "../../db/connect";
import { AppError, conflict, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import { text } from "../../i18n";
import type { StorageProvider } from "../../providers/storage";
import { removeDocumentFiles } from "../../providers/storage/delete-files";
import type { TripBus } from "../../realtime/bus";
import { documentKeysOfBooking } from "../documents/queries";
import { presentBooking, toMinor } from "./present";
import {
  type BookingValues,
  countBookings,
  deleteBooking,
  insertBooking,
  markBookingsChanged,
  memberCount,
  readBookings,
  updateBooking,
} from "./queries";

/** Ours: enough for any real trip's flights, nights and rides; more is a runaway client. */
export const MAX_BOOKINGS_PER_TRIP = 200;

type CreateInput = z.output<typeof bookingCreateSchema>;
type UpdateInput = z.output<typeof bookingUpdateSchema>;
/** Every field of a booking as the API speaks it (major units), null where it has none. */
type Draft = Omit<Booking, "id" | "tripId" | "userId" | "userName" | "createdAt" | "updatedAt">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMPTY_DRAFT: Omit<Draft, "bookingType"> = {
  bookingLink: null,
  flightNumber: null,
  departureTime: null,
  arrivalTime: null,
  price: null,
  currency: null,
  passengers: null,
  route: null,
  departureDate: null,
  notes: null,
  hotelName: null,
  address: null,
  checkInTime: null,
  checkOutTime: null,
  checkInDate: null,
  checkOutDate: null,
  guests: null,
  pricePerNight: null,
  rating: null,
  location: null,
  transportInfo: null,
};

/** The given fields only; an empty text is no text (spec 2 'Transport form': stored as null). */
function given(input: Partial<Record<keyof Draft, unknown>>): Partial<Draft> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[key] = typeof value === "string" && value.trim() === "" ? null : value;
  }
  return out as Partial<Draft>;
}

/** yyyy-mm-dd moved by whole days; null past the four-digit years a date field holds. */
function addDays(date: string, days: number): string | null {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const out = d.toISOString().slice(0, 10);
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(out) ? null : out;
}

const clampCount = (n: number, max: number) => Math.min(Math.max(n, 1), max);

/**
 * The spec's defaults (s.5 'Flight form', 'Hotel form', s.9 'Bookings') for what is still missing:
 * the client sends what the user chose, the server fills only the gaps.
 */
export function withDefaults(draft: Draft, trip: { startDate: string; members: number }): Draft {
  const kind: BookingType = draft.bookingType;
  const out = { ...draft };
  out.currency ??= BOOKING_CURRENCY[isTransportBooking(kind) ? "transport" : (kind as "flight" | "hotel")];
  if (kind === "flight") out.passengers ??= clampCount(trip.members, BOOKING_LIMITS.passengersMax);
  if (kind === "hotel") {
    out.guests ??= clampCount(trip.members, BOOKING_LIMITS.guestsMax);
    out.rating ??= BOOKING_DEFAULTS.rating;
    // Check-in on the trip's first day, unless a given check-out is not after it: then the night before.
    out.checkInDate ??=
      out.checkOutDate && out.checkOutDate <= trip.startDate ? addDays(out.checkOutDate, -1) : trip.startDate;
    if (out.checkInDate) out.checkOutDate ??= addDays(out.checkInDate, 1);
  }
  return out;
}

/** The rules of the booking's kind on the whole booking (an update is checked merged with the row). */
function assertValid(draft: Draft) {
  const [issue] = bookingIssues(draft);
  if (issue) throw new AppError(400, "VALIDATION_ERROR", issue.message);
}

function toValues(draft: Draft): BookingValues {
  return { ...draft, price: toMinor(draft.price), pricePerNight: toMinor(draft.pricePerNight) };
}

function fromRow(booking: Booking): Draft {
  const { id: _id, tripId: _t, userId: _u, userName: _n, createdAt: _c, updatedAt: _a, ...draft } = booking;
  return draft;
}

/** Bookings of a trip (issue 17): any member saves, edits and deletes them (spec 2 s.6). */
export class BookingService {
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
    private readonly storage: StorageProvider,
  ) {}

  async list(scope: TripScope): Promise<Booking[]> {
    return (await readBookings(this.db, scope)).map(presentBooking);
  }

  async create(scope: TripScope, input: CreateInput): Promise<Booking> {
    const booking = await this.db.transaction(async (tx) => {
      const trip = await this.markChanged(tx, scope);
      if ((await countBookings(tx, scope)) >= MAX_BOOKINGS_PER_TRIP)
        throw conflict(text("server:bookings.bookingLimit", { max: MAX_BOOKINGS_PER_TRIP }));
      const draft = withDefaults(
        { ...EMPTY_DRAFT, ...given(input), bookingType: input.bookingType },
        { startDate: trip.startDate, members: await memberCount(tx, scope) },
      );
      assertValid(draft);
      return this.one(tx, scope, await insertBooking(tx, scope, toValues(draft)));
    });
    await this.announce(scope);
    return booking;
  }

  async update(scope: TripScope, bookingId: string, input: UpdateInput): Promise<Booking> {
    const booking = await this.db.transaction(async (tx) => {
      const trip = await this.markChanged(tx, scope);
      const current = await this.one(tx, scope, bookingId);
      const draft = withDefaults(
        { ...fromRow(current), ...given(input) },
        { startDate: trip.startDate, members: await memberCount(tx, scope) },
      );
      assertValid(draft);
      await updateBooking(tx, scope, bookingId, toValues(draft));
      return this.one(tx, scope, bookingId);
    });
    await this.announce(scope);
    return booking;
  }

  /** Deletes the booking; its documents' rows go by cascade, then their files (decision 0024). */
  async remove(scope: TripScope, bookingId: string): Promise<void> {
    const files = await this.db.transaction(async (tx) => {
      await this.markChanged(tx, scope);
      if (!UUID.test(bookingId)) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      const keys = await documentKeysOfBooking(tx, scope.tripId, bookingId);
      if (!(await deleteBooking(tx, scope, bookingId))) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      return keys;
    });
    await removeDocumentFiles(this.storage, files);
    if (files.length)
      void this.bus.publish({ type: "documents.changed", tripId: scope.tripId }).catch(() => {});
    await this.announce(scope);
  }

  /** One booking of this trip; another trip's booking or an unknown id is "not found". */
  private async one(db: Executor, scope: TripScope, bookingId: string): Promise<Booking> {
    const [row] = UUID.test(bookingId) ? await readBookings(db, scope, bookingId) : [];
    if (!row) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    return presentBooking(row);
  }

  private async markChanged(tx: Executor, scope: TripScope) {
    const trip = await markBookingsChanged(tx, scope);
    if (!trip) throw notFound(); // the trip was deleted meanwhile
    return trip;
  }

  /** After the commit: the members' screens refetch, the read caches drop the plan's mark. */
  private async announce(scope: TripScope) {
    await this.bus.publish({ type: "bookings.changed", tripId: scope.tripId }).catch(() => {});
  }
}
