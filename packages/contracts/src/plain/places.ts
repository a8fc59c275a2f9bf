// Zod-free: screens that need only these values load no schema (decision 0026). Exported by the
// package's index as before; places.ts keeps the schemas.
// Places members wish to visit (spec 3 s.3, spec 2 s.3).

export const PLACE_CATEGORIES = [
  "tourist_attraction",
  "temple",
  "shrine",
  "museum",
  "park",
  "restaurant",
  "shopping",
  "amusement_park",
  "accommodation",
  "transportation",
  "airport",
  "hospital",
  "gas_station",
  "departure_point",
  "destination_point",
  "final_destination",
  "return_point",
  "other",
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

/** The edit dialog's five choices (spec 3 'Edit Place dialog'). */
export const EDIT_CATEGORIES: { value: PlaceCategory; label: string }[] = [
  { value: "temple", label: "Temple" },
  { value: "shrine", label: "Shrine" },
  { value: "tourist_attraction", label: "Attraction" },
  { value: "restaurant", label: "Food" },
  { value: "other", label: "Other" },
];

export const CATEGORY_LABELS: Record<string, string> = {
  tourist_attraction: "Attraction",
  temple: "Temple",
  shrine: "Shrine",
  museum: "Museum",
  park: "Park",
  restaurant: "Food",
  shopping: "Shopping",
  amusement_park: "Amusement park",
  accommodation: "Accommodation",
  transportation: "Transportation",
  airport: "Airport",
  hospital: "Hospital",
  gas_station: "Gas station",
  other: "Other",
};

export const TIMES_OF_DAY = ["morning", "noon", "afternoon", "night"] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = {
  morning: "Morning",
  noon: "Noon",
  afternoon: "Afternoon",
  night: "Night",
};

/** Visit duration slider steps in minutes (spec 3 s.9), default 120. */
export const STAY_STEPS = [15, 30, 60, 120, 360, 720, 1440, 2880, 4320, 5760, 7200, 8640, 10080] as const;
export const DEFAULT_STAY_MINUTES = 120;
export const MAX_STAY_MINUTES = 10080;

export function stayLabel(minutes: number): "short" | "medium" | "long" {
  return minutes < 60 ? "short" : minutes < 1440 ? "medium" : "long";
}
export function formatStay(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) {
    const h = minutes / 60;
    return `${Number.isInteger(h) ? h : h.toFixed(1)} ${h === 1 ? "hour" : "hours"}`;
  }
  const d = minutes / 1440;
  return `${Number.isInteger(d) ? d : d.toFixed(1)} ${d === 1 ? "day" : "days"}`;
}

/**
 * One wish scale end to end: stored 1-10 (the edit dialog's slider). The add form's stars map to
 * stars x 2, and back to stars as value / 2 (an odd slider value shows a half star): nothing is lost.
 */
export const WISH_MIN = 1;
export const WISH_MAX = 10;
export const DEFAULT_WISH = 6; // 3 stars
export const starsToWish = (stars: number) => Math.min(WISH_MAX, Math.max(WISH_MIN, Math.round(stars * 2)));
export const wishToStars = (wish: number) => wish / 2;

export const MAX_PHOTOS_PER_PLACE = 5;

/** A trip's own upload as a place photo: `/api/trips/{tripId}/uploads/{uploadId}` (issue 14). */
const UPLOAD_PATH =
  /^\/api\/trips\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The trip and upload an upload URL names; null for any other URL. */
export function parseUploadUrl(url: string): { tripId: string; uploadId: string } | null {
  const m = UPLOAD_PATH.exec(url);
  return m ? { tripId: m[1]!, uploadId: m[2]! } : null;
}
