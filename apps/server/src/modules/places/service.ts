import {
  OPENING_HOURS_MESSAGE,
  PLACE_MESSAGES,
  type Place,
  type PlaceList,
  type placeCreateSchema,
  type placeUpdateSchema,
} from "@tabi/contracts";
import type { z } from "zod";
import type { Db, Executor } from "../../db/connect";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { SessionUser, TripScope } from "../../http/guards";
import { text } from "../../i18n";
import { limitsFor } from "../members/plan";
import { canAddPlacesNow } from "../trips/present";
import { syncTripZone, zoneAt } from "../trips/zone";
import { assertPlacePhotos } from "../uploads/service";
import { isSamePlace } from "./dedupe";
import { isValidOpeningHours } from "./opening-hours";
import { mayDelete, mayEdit, presentPlace } from "./present";
import {
  countMyWishes,
  deletePlace,
  deleteWish,
  insertPlace,
  listPlaceRows,
  listWishes,
  type PlaceRow,
  remainingWishers,
  sameNameOrProvider,
  tripDeadline,
  updatePlace,
  upsertWish,
} from "./queries";
import {
  addIfClear,
  deleteIfAlone,
  type PlaceView,
  readViews,
  updateAndView,
  updateWishAndView,
} from "./queries-fast";

const presentView = (v: PlaceView, scope: TripScope) =>
  presentPlace(v.place, v.wishes, v.addedBy, scope, v.optimized, v.skips);

/**
 * Told when a place write moved the trip's time zone (trips/zone.ts: where most places are); the
 * routes announce it on the trip's channel, so every screen and server reads the trip again.
 */
export type OnZoneChange = () => Promise<void>;

/** Re-derives the trip's zone after a write that may have moved it, and says so if it did. */
async function resyncZone(db: Db, scope: TripScope, onZoneChange?: OnZoneChange) {
  if (await syncTripZone(db, scope.tripId)) await onZoneChange?.();
}

async function onePlace(db: Executor, scope: TripScope, placeId: string): Promise<PlaceRow> {
  const [row] = await listPlaceRows(db, scope, placeId);
  if (!row) throw notFound(PLACE_MESSAGES.placeNotFound);
  return row;
}

async function presentOne(db: Executor, scope: TripScope, placeId: string): Promise<Place> {
  const [view] = (await readViews(db, scope, placeId)).views;
  if (!view) throw notFound(PLACE_MESSAGES.placeNotFound);
  return presentView(view, scope);
}

export async function listPlaces(db: Db, scope: TripScope, user: SessionUser): Promise<PlaceList> {
  return presentPlaceList(await readPlaces(db, scope), scope, user);
}

/** The trip's places as every member sees them (read once for all, `modules/itinerary/full.ts`). */
export const readPlaces = (db: Db, scope: TripScope) => readViews(db, scope);

/** `listPlaces` for one member, from `readPlaces`'s read. */
export function presentPlaceList(
  read: Awaited<ReturnType<typeof readPlaces>>,
  scope: TripScope,
  user: SessionUser,
): PlaceList {
  return placeList(
    read.views.map((v) => presentView(v, scope)),
    read.optimized,
    user,
  );
}

/** A member's list of the places as they see them: the usage counts their wishes against their plan. */
export function placeList(placesOut: Place[], optimized: boolean, user: SessionUser): PlaceList {
  const limit = limitsFor(user).placesPerMemberPerTrip;
  return {
    places: placesOut,
    usage: {
      mine: placesOut.filter((p) => p.myWish !== null).length,
      limit: Number.isFinite(limit) ? limit : null,
    },
    optimized,
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

/**
 * A new place with the proposer's wish, or a wish on the same real place if the trip has it. The
 * usual case (nothing of that name yet, allowed) is one statement; anything else takes the full path,
 * which merges the same place and explains a refusal.
 */
export async function addPlace(
  db: Db,
  scope: TripScope,
  user: SessionUser,
  input: z.output<typeof placeCreateSchema>,
  onZoneChange?: OnZoneChange,
) {
  await assertPlacePhotos(db, scope, input.photos);
  const values = {
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
    openingHours: checkedHours(input.openingHours),
    localName: input.localName && input.localName !== input.name ? input.localName : null,
    countryCode: input.countryCode ?? null,
    notes: input.notes || null,
  };
  const limit = limitsFor(user).placesPerMemberPerTrip;
  // A member without the flag is refused by the full path; admins are exempt from the deadline.
  if (scope.role === "admin" || scope.canAddPlaces) {
    const added = await addIfClear(db, scope, values, input.wishLevel, {
      limit: Number.isFinite(limit) ? limit : undefined,
      deadlineExempt: scope.role === "admin",
      now: new Date(),
    });
    if (added) {
      // A place in the trip's zone cannot move it; one elsewhere may (the first place of a trip
      // from abroad): only then are the trip's places counted again.
      if (zoneAt(input) !== added.tripZone) await resyncZone(db, scope, onZoneChange);
      return { place: presentView(added, scope), merged: false };
    }
  }
  const result = await db.transaction(async (tx) => {
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
    const row = await insertPlace(tx, { ...values, tripId: scope.tripId, userId: scope.userId });
    await upsertWish(tx, row.id, scope.userId, input.wishLevel);
    return { place: await presentOne(tx, scope, row.id), merged: false };
  });
  if (!result.merged) await resyncZone(db, scope, onZoneChange);
  return result;
}

/**
 * The place's fields (its proposer, admins and members allowed to edit) and the caller's own wish.
 * Each change is one statement that also reads the place back; the place is read on its own only
 * to explain a refusal.
 */
export async function editPlace(
  db: Db,
  scope: TripScope,
  placeId: string,
  input: z.output<typeof placeUpdateSchema>,
) {
  const { wishLevel, ...fields } = input;
  await assertPlacePhotos(db, scope, fields.photos);
  const changesPlace = Object.values(fields).some((v) => v !== undefined);
  const changePlace = async (tx: Executor) => {
    const patch = {
      name: fields.name,
      category: fields.category,
      stayDurationMinutes: fields.stayMinutes,
      preferredTimeOfDay: fields.preferredTimeOfDay,
      openingHours: fields.openingHours === undefined ? undefined : checkedHours(fields.openingHours),
      notes: fields.notes === undefined ? undefined : fields.notes || null,
      photos: fields.photos,
    };
    // Admins and members allowed to edit places change any; the others only the places they proposed.
    const view = await updateAndView(tx, scope, placeId, patch, !mayEdit({ userId: null }, scope));
    if (view) return view;
    await onePlace(tx, scope, placeId); // 404 when it is not in the trip
    throw forbidden(PLACE_MESSAGES.noEditPermission);
  };
  // Each member sets only their own wish; it must exist already (adding one is PUT .../wish).
  const changeWish = async (tx: Executor, level: number) => {
    const view = await updateWishAndView(tx, scope, placeId, level);
    if (view) return view;
    await onePlace(tx, scope, placeId);
    throw conflict(text("server:places.wishFirst"));
  };
  if (wishLevel === undefined)
    return changesPlace ? presentView(await changePlace(db), scope) : presentOne(db, scope, placeId);
  if (!changesPlace) return presentView(await changeWish(db, wishLevel), scope);
  const view = await db.transaction(async (tx) => {
    await changePlace(tx);
    return changeWish(tx, wishLevel);
  });
  return presentView(view, scope);
}

/**
 * Admins delete a place for everyone. The member who added it deletes it too, unless others also
 * want it: then only their wish goes and the place passes to the next member who wants it.
 */
export async function removePlace(db: Db, scope: TripScope, placeId: string, onZoneChange?: OnZoneChange) {
  // The usual case, one statement: an admin's delete, or the proposer's when nobody else wants it.
  const deleted = await deleteIfAlone(db, scope, placeId, scope.role === "admin");
  if (deleted) {
    // Only a place in the trip's zone can move it (the zone with most places may then be another).
    if (zoneAt(deleted) === deleted.tripZone) await resyncZone(db, scope, onZoneChange);
    return;
  }
  const row = await onePlace(db, scope, placeId);
  if (!mayDelete(row, scope)) throw forbidden(PLACE_MESSAGES.noDeletePermission);
  const gone = await db.transaction(async (tx) => {
    const others = (await remainingWishers(tx, placeId)).filter((w) => w.userId !== scope.userId);
    if (scope.role !== "admin" && others.length > 0) {
      await deleteWish(tx, placeId, scope.userId);
      await updatePlace(tx, scope, placeId, { userId: others[0]!.userId });
      return false;
    }
    await deletePlace(tx, scope, placeId);
    return true;
  });
  if (gone) await resyncZone(db, scope, onZoneChange);
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
export async function removeWish(
  db: Db,
  scope: TripScope,
  placeId: string,
  onZoneChange?: OnZoneChange,
): Promise<Place | null> {
  const row = await onePlace(db, scope, placeId);
  const place = await db.transaction(async (tx) => {
    await deleteWish(tx, placeId, scope.userId);
    const left = await remainingWishers(tx, placeId);
    if (left.length === 0) {
      await deletePlace(tx, scope, placeId);
      return null;
    }
    if (row.userId === scope.userId) await updatePlace(tx, scope, placeId, { userId: left[0]!.userId });
    return presentOne(tx, scope, placeId);
  });
  if (!place) await resyncZone(db, scope, onZoneChange);
  return place;
}

/** Typed or provider hours, checked with the `opening_hours` parser; empty: the category's usual hours. */
function checkedHours(text: string | null | undefined): string | null {
  const hours = text?.trim();
  if (!hours) return null;
  if (!isValidOpeningHours(hours)) throw badRequest(OPENING_HOURS_MESSAGE);
  return hours;
}
