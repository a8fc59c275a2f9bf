import type { Place, PlaceStatus } from "@tabi/contracts";

const ORDER: Record<PlaceStatus, number> = { scheduled: 0, pending: 1, unscheduled: 2 };

/** Spec 2 s.4: scheduled, pending, unscheduled, then by name. */
export function sortPlaces(list: Place[]): Place[] {
  return [...list].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.name.localeCompare(b.name));
}

export function statusLabel(p: Pick<Place, "status" | "scheduledDate">): string {
  if (p.status === "scheduled")
    return p.scheduledDate
      ? new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(
          new Date(`${p.scheduledDate}T00:00:00Z`),
        )
      : "Scheduled";
  return p.status === "pending" ? "Pending" : "Unscheduled";
}

/** Hours for the list's 'Stay: {h}h' (0.5 steps). */
export const stayHours = (minutes: number) => Math.round((minutes / 60) * 2) / 2;
