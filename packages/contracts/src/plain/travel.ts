// Zod-free: screens that need only these values load no schema (decision 0026). Exported by the
// package's index as before; travel.ts keeps the schemas.
// The facts of one leg of the plan, rides and restaurants (spec 2 s.2 'Transport booking dialog',
// 'Add-restaurant dialog', s.3 'Ride option', 'Restaurant search result', s.5 'Ride search',
// 'Restaurant search', s.9 'Meals and additions', 'Travel estimates'; issue 17).

/** Spec 2 s.9 'Travel estimates'. */
export const TRAVEL_ESTIMATES = {
  walkingKmh: 5,
  taxiKmh: 40,
  /** US dollars per km: the base class and Comfort. */
  basePerKm: [2.5, 4] as const,
  comfortPerKm: [3, 5] as const,
  /** Comfort is the second option, 2 minutes longer. */
  comfortExtraMinutes: 2,
  earthRadiusKm: 6371,
} as const;

/** Spec 2 s.9 'Meals and additions'. */
export const MEAL_SEARCH = { radiusMeters: 3000, limit: 15, minRating: 3 } as const;
export const MEAL_KINDS = ["breakfast", "lunch", "dinner"] as const;
export type MealKindName = (typeof MEAL_KINDS)[number];
export const MEAL_STAY_MINUTES: Record<MealKindName, number> = { breakfast: 45, lunch: 60, dinner: 90 };
export const MEAL_TIMES: Record<MealKindName, string> = {
  breakfast: "08:00",
  lunch: "12:00",
  dinner: "18:00",
};
/** Spec: a meal's wish_level is 5 (on the 1-10 scale). */
export const MEAL_WISH_LEVEL = 5;
/** The time-of-day wish a meal's restaurant gets, so edits and re-optimising keep it at meal time. */
export const MEAL_TIME_OF_DAY = { breakfast: "morning", lunch: "noon", dinner: "night" } as const;
