import { PLACE_CATEGORIES, type PlaceCategory, type PlaceResult } from "@tabi/contracts";

/** A search result's category as a place's (a destination point is no place to visit). */
export const categoryOf = (r: PlaceResult): PlaceCategory =>
  (PLACE_CATEGORIES as readonly string[]).includes(r.category) && r.category !== "destination_point"
    ? (r.category as PlaceCategory)
    : "tourist_attraction";

/** What a place takes from a search result (the Add place screen, '+' in the calendar, a chat card). */
export const placeFromResult = (r: PlaceResult) => ({
  name: r.name,
  address: r.address,
  latitude: r.lat,
  longitude: r.lng,
  category: categoryOf(r),
  providerPlaceId: r.id,
  rating: r.rating,
  photos: r.photoUrl ? [r.photoUrl] : [],
  openingHours: r.openingHours ?? null,
  localName: r.localName,
  countryCode: r.countryCode,
});
