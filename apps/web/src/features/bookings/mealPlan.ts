import { type ItineraryDay, MEAL_KINDS, MEAL_TIMES, type MealKindName } from "@tabi/contracts";
import { i18n } from "../../i18n";
import { formatNumber } from "../../i18n/format";

// Where a meal from the calendar's meal buttons goes (issue 17 item 5): near the group at that time,
// after the visits that start before it.

/** Calendar minutes: the night after midnight (00:00-05:59) counts after the evening. */
const minutesOfDay = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return (h < 6 ? h + 24 : h) * 60 + m;
};

export const isMealKind = (kind: string): kind is MealKindName =>
  (MEAL_KINDS as readonly string[]).includes(kind);

type Day = Pick<ItineraryDay, "start" | "visits">;

/**
 * The meal buttons of a day (spec 2 'Calendar view': 08:00, 12:00 and 18:00 in every day), whatever
 * hours the day is out: a day that starts at 09:00 still has its breakfast button, and the restaurant
 * then goes before the first visit. A meal the day already has is its own block instead.
 */
export function mealButtonKinds(day: Pick<ItineraryDay, "meals">): MealKindName[] {
  return MEAL_KINDS.filter((k) => !day.meals.some((m) => m.kind === k));
}

/**
 * How many of the day's visits start before the meal's time: the index the restaurant is inserted at;
 * never before the day's arrival stops (an airport after a landing) nor after its stops on the way
 * home, where the group is not (the server keeps to the same).
 */
export function mealInsertIndex(day: Day, meal: MealKindName): number {
  const at = minutesOfDay(MEAL_TIMES[meal]);
  const before = day.visits.filter((v) => minutesOfDay(v.start) < at).length;
  let head = 0;
  while (head < day.visits.length && day.visits[head]!.system) head++;
  let tail = 0;
  while (tail < day.visits.length - head && day.visits[day.visits.length - 1 - tail]!.system) tail++;
  return Math.min(Math.max(before, head), day.visits.length - tail);
}

/** Where the group is at the meal's time: the last visit before it, else the day's start point. */
export function mealNear(day: Day, meal: MealKindName): { name: string; lat: number; lng: number } {
  const before = day.visits[mealInsertIndex(day, meal) - 1];
  return before
    ? { name: before.name, lat: before.latitude, lng: before.longitude }
    : { name: day.start.name, lat: day.start.latitude, lng: day.start.longitude };
}

/** "350 m" under a kilometre (to 10 m), "1.2 km" above. */
export function distanceText(meters: number): string {
  if (meters < 995)
    return i18n.t("meals:distance.meters", { n: formatNumber(Math.max(0, Math.round(meters / 10) * 10)) });
  return i18n.t("meals:distance.km", {
    n: formatNumber(meters / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}

/** A price level (0-4) as "$" signs, the way map apps show it; null or 0: nothing. */
export const priceText = (level: number | null) => (level ? "$".repeat(Math.min(4, level)) : "");
