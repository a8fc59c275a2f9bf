import type { Place, PlaceList, PlaceUpdateInput } from "@tabi/contracts";
import type { OutboxItem } from "../../lib/offline/outbox";

// A place change made offline, shown on the places list until the server has it (places/api.ts).
export const PLACE_KINDS = {
  wishSet: "wish.set",
  wishRemove: "wish.remove",
  update: "place.update",
} as const;
const KINDS = new Set<string>(Object.values(PLACE_KINDS));

/** The caller as a wish shows them. */
export interface WishPerson {
  userId: string;
  name: string;
  color: string;
}
export interface PlaceChangeMeta {
  placeId: string;
  me?: WishPerson;
}

function withMyWish(place: Place, me: WishPerson | undefined, level: number | null): Place {
  if (!me) return { ...place, myWish: level };
  const others = place.wishes.filter((w) => w.userId !== me.userId);
  if (level === null) return { ...place, myWish: null, wishes: others };
  const mine = place.wishes.find((w) => w.userId === me.userId);
  const wishes = mine
    ? place.wishes.map((w) => (w.userId === me.userId ? { ...w, wishLevel: level } : w))
    : [...place.wishes, { ...me, wishLevel: level }];
  return { ...place, myWish: level, wishes };
}

/** One waiting change on its place (other places are returned as they are). */
export function applyPlaceChange(place: Place, item: OutboxItem): Place {
  const meta = item.meta as PlaceChangeMeta | undefined;
  if (!KINDS.has(item.kind) || meta?.placeId !== place.id) return place;
  if (item.kind === PLACE_KINDS.wishSet)
    return withMyWish(place, meta.me, (item.body as { wishLevel: number }).wishLevel);
  if (item.kind === PLACE_KINDS.wishRemove) return withMyWish(place, meta.me, null);
  const { wishLevel, openingHours, ...fields } = item.body as PlaceUpdateInput;
  let next: Place = { ...place };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  // Hours typed are the place's own; cleared, the category's usual ones come back from the server.
  if (openingHours) next.openingHours = { value: openingHours, source: "place" };
  if (wishLevel !== undefined) next = withMyWish(next, meta.me, wishLevel);
  return next;
}

/** The places list with every waiting change on top, in the order they were made. */
export function applyPendingPlaces(list: PlaceList, items: readonly OutboxItem[]): PlaceList {
  const changes = items.filter((i) => KINDS.has(i.kind));
  if (changes.length === 0 || !Array.isArray(list.places)) return list;
  return { ...list, places: list.places.map((p) => changes.reduce(applyPlaceChange, p)) };
}
