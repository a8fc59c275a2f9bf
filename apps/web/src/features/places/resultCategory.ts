import { PLACE_CATEGORIES, type PlaceCategory, type PlaceResult } from "@tabi/contracts";

/** A search result's category as a place's (a destination point is no place to visit). */
export const categoryOf = (r: PlaceResult): PlaceCategory =>
  (PLACE_CATEGORIES as readonly string[]).includes(r.category) && r.category !== "destination_point"
    ? (r.category as PlaceCategory)
    : "tourist_attraction";
