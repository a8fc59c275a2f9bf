import {
  PLACE_MESSAGES,
  type Place,
  type PlaceList,
  type placeCreateSchema,
  type placeUpdateSchema,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db, Executor } from "../../db/connect";
import { AppError, conflict, forbidden, notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { limitsFor } from "../billing/plan";
import { canAddPlacesNow } from "../trips/present";
import { isSamePlace } from "./dedupe";
import { mayDelete, mayEdit, presentPlace } from "./present";
import {
  countMyWishes,
  deletePlace,
  deleteWish,
  hasActiveResult,
  insertPlace,
  listPlaceRows,
  listWishes,
  namesAndColors,
  type PlaceRow,
  remainingWishers,
  sameNameOrProvider,
  tripDeadline,
  updatePlace,
  upsertWish,
} from "./queries";

async function present(db: Executor, scope: TripScope, rows: PlaceRow[]): Promise<Place[]> {
  const [wishes, optimized, people] = await Promise.all([
    listWishes(
      db,
      scope,
      rows.map((r) => r.id),
    ),
    hasActiveResult(db, scope),
    namesAndColors(db, scope, [
      ...new Set(rows.map((r) => r.userId).filter((id): id is string => Boolean(id))),
    ]),
  ]);
  return rows.map((r) =>
    presentPlace(
      r,
      wishes.filter((w) => w.placeId === r.id),
      people.find((p) => p.userId === r.userId),
      scope,
      optimized,
    ),
  );
}

async function onePlace(db: Executor, scope: TripScope, placeId: string): Promise<PlaceRow> {
  const [row] = await listPlaceRows(db, scope, placeId);
  if (!row) throw notFound(PLACE_MESSAGES.placeNotFound);
  return row;
}

async function presentOne(db: Executor, scope: TripScope, placeId: string) {
  return (await present(db, scope, [await onePlace(db, scope, placeId)]))[0]!;
}

export async function listPlaces(db: Db, scope: TripScope, user: SessionUser): Promise<PlaceList> {
  const rows = await listPlaceRows(db, scope);
  const placesOut = await present(db, scope, rows);
  const limit = limitsFor(user).placesPerMemberPerTrip;
  return {
    places: placesOut,
    usage: {
      mine: placesOut.filter((p) => p.myWish !== null).length,
      limit: Number.isFinite(limit) ? limit : null,
    },
    optimized: await hasActiveResult(db, scope),
  };
}

/** Adding a place or a wish: the deadline (admins exempt), the flag, and the plan's place limit. */
async function assertMayAdd(db: Executor, scope: TripScope, user: SessionUser) {
  const deadline = await tripDeadline(db, scope);
  if (!canAddPlacesNow({ addPlaceDeadline: deadline }, scope)) {
    throw forbidden(scope.canAddPlaces ? PLACE_MESSAGES.deadlinePassed : PLACE_MESSAGES.noAddPermission);
  }
  if ((await countMyWishes(db, scope)) >= limitsFor(user).placesPerMemberPerTrip) {
    throw new AppError(403, "PLAN_LIMIT", PLACE_MESSAGES.placeLimit);
  }
}

export async function addPlace(
  db: Db,
  scope: TripScope,
  user: SessionUser,
  input: z.output<typeof placeCreateSchema>,
) {
  return db.transaction(async (tx) => {
    const existing = (await sameNameOrProvider(tx, scope, input.name, input.providerPlaceId)).find((p) =>
      isSamePlace(p, input),
    );
    if (existing) {
      const wishes = await listWishes(tx, scope, [existing.id]);
      if (wishes.some((w) => w.userId === scope.userId)) throw conflict(PLACE_MESSAGES.alreadyWished);
      await assertMayAdd(tx, scope, user);
      await upsertWish(tx, existing.id, scope.userId, input.wishLevel);
      return { place: await presentOne(tx, scope, existing.id), merged: true };
    }
    await assertMayAdd(tx, scope, user);
    const row = await insertPlace(tx, {
      tripId: scope.tripId,
      userId: scope.userId,
      name: input.name,
      address: input.address ?? null,
      latitude: input.latitude,
      longitude: input.longitude,
      category: input.category,
      source: input.providerPlaceId ? (input.providerPlaceId.split(":")[0] ?? "other") : "user_pin",
      providerPlaceId: input.providerPlaceId ?? null,
      rating: input.rating ?? null,
      priceLevel: input.priceLevel ?? null,
      photos: input.photos,
      stayDurationMinutes: input.stayMinutes,
      preferredTimeOfDay: input.preferredTimeOfDay ?? null,
      notes: input.notes || null,
    });
    await upsertWish(tx, row.id, scope.userId, input.wishLevel);
    return { place: await presentOne(tx, scope, row.id), merged: false };
  });
}

export async function editPlace(
  db: Db,
  scope: TripScope,
  placeId: string,
  input: z.output<typeof placeUpdateSchema>,
) {
  const row = await onePlace(db, scope, placeId);
  const { wishLevel, ...fields } = input;
  const changesPlace = Object.values(fields).some((v) => v !== undefined);
  if (changesPlace && !mayEdit(row, scope)) throw forbidden(PLACE_MESSAGES.noEditPermission);
  await db.transaction(async (tx) => {
    if (changesPlace) {
      await updatePlace(tx, scope, placeId, {
        name: fields.name,
        category: fields.category,
        stayDurationMinutes: fields.stayMinutes,
        preferredTimeOfDay: fields.preferredTimeOfDay,
        notes: fields.notes === undefined ? undefined : fields.notes || null,
      });
    }
    // Each member sets only their own wish; it must exist already (adding one is PUT .../wish).
    if (wishLevel !== undefined) {
      const wishes = await listWishes(tx, scope, [placeId]);
      if (!wishes.some((w) => w.userId === scope.userId))
        throw conflict("Add this place to your list first.");
      await upsertWish(tx, placeId, scope.userId, wishLevel);
    }
  });
  return presentOne(db, scope, placeId);
}

/**
 * Admins delete a place for everyone. The member who added it deletes it too, unless others also
 * want it: then only their wish goes and the place passes to the next member who wants it.
 */
export async function removePlace(db: Db, scope: TripScope, placeId: string) {
  const row = await onePlace(db, scope, placeId);
  if (!mayDelete(row, scope)) throw forbidden(PLACE_MESSAGES.noDeletePermission);
  await db.transaction(async (tx) => {
    const others = (await remainingWishers(tx, placeId)).filter((w) => w.userId !== scope.userId);
    if (scope.role !== "admin" && others.length > 0) {
      await deleteWish(tx, placeId, scope.userId);
      await updatePlace(tx, scope, placeId, { userId: others[0]!.userId });
    } else await deletePlace(tx, scope, placeId);
  });
}

/** 'I want this too', or a new wish level on a place someone else proposed. */
export async function setWish(
  db: Db,
  scope: TripScope,
  user: SessionUser,
  placeId: string,
  wishLevel: number,
) {
  await onePlace(db, scope, placeId);
  await db.transaction(async (tx) => {
    const wishes = await listWishes(tx, scope, [placeId]);
    if (!wishes.some((w) => w.userId === scope.userId)) await assertMayAdd(tx, scope, user);
    await upsertWish(tx, placeId, scope.userId, wishLevel);
  });
  return presentOne(db, scope, placeId);
}

/** Taking a wish back; a place nobody wants any more is removed. */
export async function removeWish(db: Db, scope: TripScope, placeId: string): Promise<Place | null> {
  const row = await onePlace(db, scope, placeId);
  return db.transaction(async (tx) => {
    await deleteWish(tx, placeId, scope.userId);
    const left = await remainingWishers(tx, placeId);
    if (left.length === 0) {
      await deletePlace(tx, scope, placeId);
      return null;
    }
    if (row.userId === scope.userId) await updatePlace(tx, scope, placeId, { userId: left[0]!.userId });
    return presentOne(tx, scope, placeId);
  });
}
