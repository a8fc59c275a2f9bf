import type { Place, PlaceStatus } from "@tabi/contracts";
import { i18n } from "../../i18n";
import { formatDate, formatNumber } from "../../i18n/format";

const ORDER: Record<PlaceStatus, number> = { scheduled: 0, pending: 1, unscheduled: 2 };

/** Spec 2 s.4: scheduled, pending, unscheduled, then by name. */
export function sortPlaces(list: Place[]): Place[] {
  return [...list].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.name.localeCompare(b.name));
}

export const STATUS_KEY = {
  scheduled: "places:status.scheduled",
  pending: "places:status.pending",
  unscheduled: "places:status.unscheduled",
} as const satisfies Record<PlaceStatus, string>;

/** "Dec 24" (the day it is planned on), else the status in words. */
export function statusLabel(p: Pick<Place, "status" | "scheduledDate">): string {
  if (p.status === "scheduled" && p.scheduledDate)
    return formatDate(p.scheduledDate, { month: "short", day: "numeric" });
  return i18n.t(STATUS_KEY[p.status]);
}

/**
 * Hours for the list's 'Stay: {h}h' and the edit dialog, to the minute's hundredth: a 45-minute visit
 * (a length the gazetteer suggests) is 0.75 h, not "1h".
 */
export const stayHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** A visit's length in words: "45 min", "1.5 hours", "2 days" (as contracts' formatStay, in the app's language). */
export function stayText(minutes: number): string {
  if (minutes < 60) return i18n.t("places:stay.minutes", { minutes: formatNumber(minutes) });
  if (minutes < 1440) return i18n.t("places:stay.hours", { count: Number((minutes / 60).toFixed(1)) });
  return i18n.t("places:stay.days", { count: Number((minutes / 1440).toFixed(1)) });
}
