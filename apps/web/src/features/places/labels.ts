import type { TimeOfDay } from "@tabi/contracts";

// Contracts' labels by their keys in the server catalogue (namespace "server").
export const TIME_OF_DAY_KEY = {
  morning: "server:timeOfDay.morning",
  noon: "server:timeOfDay.noon",
  afternoon: "server:timeOfDay.afternoon",
  night: "server:timeOfDay.night",
} as const satisfies Record<TimeOfDay, string>;

/** The edit dialog's five categories (EDIT_CATEGORIES). */
export const CATEGORY_KEY: Record<string, string> = {
  temple: "server:category.temple",
  shrine: "server:category.shrine",
  tourist_attraction: "server:category.tourist_attraction",
  restaurant: "server:category.restaurant",
  other: "server:category.other",
};
