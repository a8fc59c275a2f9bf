import type { Place, PlaceStatus } from "@tabi/contracts";
import { i18n } from "../../i18n";
import { formatDate } from "../../i18n/format";

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

/** Hours for the list's 'Stay: {h}h' (0.5 steps). */
export const stayHours = (minutes: number) => Math.round((minutes / 60) * 2) / 2;
