import { memberColor, type Place } from "@tabi/contracts";
import type { TripScope } from "../../http/guards";
import type { PlaceRow } from "./queries";

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

export function presentPlace(
  p: PlaceRow,
  wishes: WishRow[],
  addedBy: { userId: string; name: string; colorIndex: number | null } | undefined,
  scope: TripScope,
  optimized: boolean,
): Place {
  const mine = wishes.find((w) => w.userId === scope.userId);
  return {
    id: p.id,
    tripId: p.tripId,
    name: p.name,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    category: p.category,
    source: p.source,
    providerPlaceId: p.providerPlaceId,
    rating: p.rating,
    priceLevel: p.priceLevel,
    photos: p.photos,
    stayMinutes: p.stayDurationMinutes,
    preferredTimeOfDay: p.preferredTimeOfDay,
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
    myWish: mine?.wishLevel ?? null,
    // Spec 2 s.4: pending until the trip is optimised; then scheduled if scheduled or selected.
    status: !optimized ? "pending" : p.scheduled || p.isSelectedForOptimization ? "scheduled" : "unscheduled",
    scheduledDate: optimized ? p.scheduledDate : null,
    canEdit: mayEdit(p, scope),
    canDelete: mayDelete(p, scope),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
