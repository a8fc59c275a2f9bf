import type { MealKind } from "./types";

/** Meal breaks (issue 5): the break starts and ends inside its window; taken where the group is. */
export const MEALS: readonly { kind: MealKind; from: number; to: number; minutes: number }[] = [
  { kind: "breakfast", from: 7 * 60 + 30, to: 9 * 60 + 30, minutes: 45 },
  { kind: "lunch", from: 11 * 60 + 30, to: 14 * 60, minutes: 60 },
  { kind: "dinner", from: 18 * 60, to: 20 * 60 + 30, minutes: 90 },
];

/** Preferred time-of-day bands in minutes (soft). */
export const PREFERRED_BANDS = {
  morning: [8 * 60, 11 * 60],
  noon: [11 * 60, 14 * 60],
  afternoon: [14 * 60, 18 * 60],
  night: [18 * 60, 22 * 60],
} as const;
