import { memberColor, type Place } from "@tabi/contracts";
import type { TripScope } from "../../http/guards";
import { hoursOf } from "./opening-hours";
import type { PlaceRow } from "./queries";

/** A proposer or wisher as the place shows them: name and trip colour (null once they left). */
export interface Person {
  userId: string;
  name: string;
  colorIndex: number | null;
}

export interface WishRow {
  placeId: string;
  userId: string;
  wishLevel: number;
  name: string;
  colorIndex: number | null;
}

/** Who may change a place: the member who added it, admins, and members allowed to edit places. */
export const mayEdit = (p: Pick<PlaceRow, "userId">, s: TripScope) =>
  s.role === "admin" || p.userId === s.userId || s.canEditPlaces;
/** Who may delete a place: the member who added it, and admins. */
export const mayDelete = (p: Pick<PlaceRow, "userId">, s: TripScope) =>
  s.role === "admin" || p.userId === s.userId;

// Members who left keep their wish in history but show in the spec's 'unknown' grey.
const UNKNOWN_COLOR = "#6B7280";
const colorOf = (index: number | null | undefined, known: boolean) =>
  known ? memberColor(index) : UNKNOWN_COLOR;

/** What every member sees of a place; `forMember` puts in the caller's wish and rights. */
export function presentPlaceShared(
  p: PlaceRow,
  wishes: WishRow[],
  addedBy: Person | null | undefined,
  optimized: boolean,
  skips: Person[] = [],
): Place {
  return {
    id: p.id,
    tripId: p.tripId,
    name: p.name,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    category: p.category,
    localName: p.localName,
    countryCode: p.countryCode,
    source: p.source,
    providerPlaceId: p.providerPlaceId,
    rating: p.rating,
    priceLevel: p.priceLevel,
    photos: p.photos,
    stayMinutes: p.stayDurationMinutes,
    preferredTimeOfDay: p.preferredTimeOfDay,
    openingHours: hoursOf(p),
    notes: p.notes,
    addedBy: addedBy
      ? {
          userId: addedBy.userId,
          name: addedBy.name,
          color: colorOf(addedBy.colorIndex, addedBy.colorIndex !== null),
        }
      : null,
    wishes: wishes.map((w) => ({
      userId: w.userId,
      name: w.name,
      color: colorOf(w.colorIndex, w.colorIndex !== null),
      wishLevel: w.wishLevel,
    })),
    skippedBy: skips.map((k) => ({
      userId: k.userId,
      name: k.name,
      color: colorOf(k.colorIndex, k.colorIndex !== null),
    })),
    myWish: null, // forMember
    // Spec 2 s.4: pending until the trip is optimised; then scheduled if scheduled or selected.
    status: !optimized ? "pending" : p.scheduled || p.isSelectedForOptimization ? "scheduled" : "unscheduled",
    scheduledDate: optimized ? p.scheduledDate : null,
    canEdit: false, // forMember
    canDelete: false, // forMember
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The place as the caller sees it: their wish and rights (the keys keep their places). */
export const forMember = (
  shown: Place,
  p: Pick<PlaceRow, "userId">,
  wishes: Pick<WishRow, "userId" | "wishLevel">[],
  scope: TripScope,
): Place => ({
  ...shown,
  myWish: wishes.find((w) => w.userId === scope.userId)?.wishLevel ?? null,
  canEdit: mayEdit(p, scope),
  canDelete: mayDelete(p, scope),
});

export function presentPlace(
  p: PlaceRow,
  wishes: WishRow[],
  addedBy: Person | null | undefined,
  scope: TripScope,
  optimized: boolean,
  skips: Person[] = [],
): Place {
  return forMember(presentPlaceShared(p, wishes, addedBy, optimized, skips), p, wishes, scope);
}
