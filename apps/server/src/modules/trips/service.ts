import {
  latestDeadline,
  SAME_AS_DEPARTURE,
  TRIP_LIST_CAP,
  TRIP_MESSAGES,
  type Trip,
  type TripCreateInput,
  type TripDetail,
  type TripList,
  type TripUpdateInput,
  todayIn,
  type tripCreateSchema,
  type tripUpdateSchema,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db } from "../../db/connect";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import type { Language } from "../../i18n";
import type { StorageProvider } from "../../providers/storage";
import { deleteUploadFiles, removeDocumentFiles } from "../../providers/storage/delete-files";
import { createInvitation } from "../members/invitation";
import { limitsFor } from "../members/plan";
import { countMemberships, listMembers } from "../members/queries";
import { defaultTripName } from "./naming";
import { type MemberWithUser, presentMember, presentTrip } from "./present";
import {
  deleteTrip,
  documentKeysOfTrip,
  getTrip,
  getTripRow,
  insertMember,
  insertTrip,
  listTripsOfUser,
  updateTrip,
  uploadsOfTrip,
  zoneInputs,
} from "./queries";
import { tripZone } from "./zone";

// The earliest date anywhere on earth (UTC-12): a date before it is in the past for everyone.
const earliestToday = () => todayIn("Etc/GMT+12");

function groupMembers(rows: (MemberWithUser & { tripId: string })[]) {
  const byTrip = new Map<string, MemberWithUser[]>();
  for (const r of rows) byTrip.set(r.tripId, [...(byTrip.get(r.tripId) ?? []), r]);
  return byTrip;
}

export async function listTrips(db: Db, user: SessionUser, all = false): Promise<TripList> {
  const rows = await listTripsOfUser(db, user.id, all ? Number.MAX_SAFE_INTEGER : TRIP_LIST_CAP);
  const members = groupMembers(
    await listMembers(
      db,
      rows.map((r) => r.trip.id),
    ),
  );
  const limit = limitsFor(user).trips;
  return {
    trips: rows.map((r) => presentTrip(r.trip, r.member, members.get(r.trip.id) ?? [])),
    usage: { trips: await countMemberships(db, user.id), tripLimit: Number.isFinite(limit) ? limit : null },
  };
}

export async function getTripDetail(db: Db, scope: TripScope): Promise<TripDetail> {
  const row = await getTrip(db, scope);
  if (!row) throw notFound(TRIP_MESSAGES.tripNotFound);
  const members = await listMembers(db, [scope.tripId]);
  return {
    trip: presentTrip(row.trip, row.member, members),
    members: members.map((m) => presentMember(m, row.trip.ownerId)),
  };
}

/** The trip and its members as every member sees them (kept once for all, `modules/itinerary/full.ts`). */
export async function readTripShared(db: Db, scope: TripScope) {
  const [trip, members] = await Promise.all([getTripRow(db, scope.tripId), listMembers(db, [scope.tripId])]);
  return trip ? { trip, members } : undefined;
}

/** The trip as one member sees it (`getTripDetail`'s trip), from `readTripShared`'s read. */
export function presentMyTrip(
  shared: NonNullable<Awaited<ReturnType<typeof readTripShared>>>,
  scope: TripScope,
): Trip {
  const me = shared.members.find((m) => m.userId === scope.userId);
  if (!me) throw notFound(TRIP_MESSAGES.tripNotFound);
  return presentTrip(shared.trip, { ...me, assignedColorIndex: me.colorIndex }, shared.members);
}

export async function createTrip(
  db: Db,
  user: SessionUser,
  input: z.output<typeof tripCreateSchema>,
  lng: Language = "en",
) {
  const limit = limitsFor(user).trips;
  if ((await countMemberships(db, user.id)) >= limit)
    throw new AppError(403, "PLAN_LIMIT", TRIP_MESSAGES.tripLimitCreate);
  if (input.startDate < earliestToday()) throw badRequest(TRIP_MESSAGES.pastDate);
  if (input.endDate && input.endDate < input.startDate) throw badRequest(TRIP_MESSAGES.endBeforeStart);

  const roundTrip = input.destination?.toLowerCase() === SAME_AS_DEPARTURE;
  const tripId = await db.transaction(async (tx) => {
    const trip = await insertTrip(tx, {
      name: input.name || defaultTripName(input.departureLocation, lng),
      description: input.description || null,
      departureLocation: input.departureLocation,
      departureLatitude: input.departureLatitude ?? null,
      departureLongitude: input.departureLongitude ?? null,
      destination: roundTrip ? SAME_AS_DEPARTURE : input.destination || null,
      destinationLatitude: roundTrip
        ? (input.departureLatitude ?? null)
        : (input.destinationLatitude ?? null),
      destinationLongitude: roundTrip
        ? (input.departureLongitude ?? null)
        : (input.destinationLongitude ?? null),
      // No places yet: the departure's zone, until places say where the trip is (zone.ts).
      timezone: tripZone(input, []),
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      ownerId: user.id,
      totalMembers: 1,
    });
    // The owner is the first admin, with the first colour and every permission.
    await insertMember(tx, {
      tripId: trip.id,
      userId: user.id,
      role: "admin",
      assignedColorIndex: 1,
      colorAssignedAt: new Date(),
      canEditPlaces: true,
      canOptimize: true,
      canAddPlaces: true,
      canInviteMembers: true,
    });
    await createInvitation(tx, trip.id, user.id);
    return trip.id;
  });
  return getTripDetail(db, { tripId, userId: user.id } as TripScope);
}

export async function editTrip(
  db: Db,
  scope: TripScope,
  input: z.output<typeof tripUpdateSchema>,
  lng: Language = "en",
) {
  const current = await getTrip(db, scope);
  if (!current) throw notFound(TRIP_MESSAGES.tripNotFound);
  const t = current.trip;
  const patch: Partial<typeof t> = {};
  // Only fields that are set are changed; null clears an optional one.
  if (input.name !== undefined)
    patch.name = input.name || defaultTripName(input.departureLocation ?? t.departureLocation, lng);
  if (input.description !== undefined) patch.description = input.description || null;
  if (input.departureLocation !== undefined) patch.departureLocation = input.departureLocation;
  if (input.departureLatitude !== undefined) patch.departureLatitude = input.departureLatitude;
  if (input.departureLongitude !== undefined) patch.departureLongitude = input.departureLongitude;
  if (input.destination !== undefined) patch.destination = input.destination || null;
  if (input.destinationLatitude !== undefined) patch.destinationLatitude = input.destinationLatitude;
  if (input.destinationLongitude !== undefined) patch.destinationLongitude = input.destinationLongitude;
  if (input.startDate !== undefined) patch.startDate = input.startDate;
  if (input.endDate !== undefined) patch.endDate = input.endDate;
  if (patch.departureLatitude !== undefined || patch.departureLongitude !== undefined) {
    // The departure's zone counts only while the trip has no places (zone.ts).
    const inputs = await zoneInputs(db, scope.tripId);
    patch.timezone = tripZone(
      {
        departureLatitude: patch.departureLatitude ?? t.departureLatitude,
        departureLongitude: patch.departureLongitude ?? t.departureLongitude,
      },
      inputs?.places ?? [],
    );
  }
  const next = { ...t, ...patch };
  if (next.endDate && next.endDate < next.startDate) throw badRequest(TRIP_MESSAGES.endBeforeStart);
  if (input.startDate !== undefined && input.startDate !== t.startDate && input.startDate < earliestToday())
    throw badRequest(TRIP_MESSAGES.pastDate);
  if (input.addPlaceDeadline !== undefined) {
    // Spec 1 section 6: only the creator extends the deadline (a later one, or none at all); other admins
    // may set one where there was none, or bring it forward.
    const current = t.addPlaceDeadline;
    const extends_ =
      current && (input.addPlaceDeadline === null || new Date(input.addPlaceDeadline) > current);
    if (extends_ && !scope.isOwner) throw forbidden(TRIP_MESSAGES.onlyCreatorExtends);
    if (input.addPlaceDeadline === null) patch.addPlaceDeadline = null;
    else {
      const deadline = new Date(input.addPlaceDeadline);
      // A minute of slack for the time the request took.
      if (deadline.getTime() < Date.now() - 60_000) throw badRequest(TRIP_MESSAGES.deadlinePast);
      if (deadline > latestDeadline(next)) throw badRequest(TRIP_MESSAGES.deadlineAfterTrip);
      patch.addPlaceDeadline = deadline;
    }
  }
  if (Object.keys(patch).length) await updateTrip(db, scope, patch);
  return getTripDetail(db, scope);
}

/**
 * Deletes the trip (its rows go by cascade), then its photos' and documents' files: nothing of it
 * stays readable.
 */
export async function removeTrip(db: Db, storage: StorageProvider, scope: TripScope) {
  const photos = await uploadsOfTrip(db, scope.tripId);
  const documents = await documentKeysOfTrip(db, scope.tripId);
  await deleteTrip(db, scope);
  await Promise.all([
    ...photos.map((row) => deleteUploadFiles(storage, row)),
    removeDocumentFiles(storage, documents),
  ]);
}

export type { TripCreateInput, TripUpdateInput };
