import { i18n } from "../../i18n";
import { formatDate } from "../../i18n/format";

// When a member joined, as the Share screen's members list says it (spec 3 'Share screen'):
// "today", "{n} days ago" (under 7), "{n} weeks ago" (under 30), else the date.
const DAY = 86_400_000;

export type JoinedAge = { unit: "today" } | { unit: "days" | "weeks"; count: number } | { unit: "date" };

/** Whole calendar days between the join and now, in the viewer's time zone (a future join is today). */
export function joinedAge(joinedAt: string, now: Date = new Date()): JoinedAge {
  const at = new Date(joinedAt);
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOf(now) - startOf(at)) / DAY);
  if (!Number.isFinite(days) || days <= 0) return { unit: "today" };
  if (days < 7) return { unit: "days", count: days };
  if (days < 30) return { unit: "weeks", count: Math.floor(days / 7) };
  return { unit: "date" };
}

/** The label in the app's language: "today", "3 days ago", "2 weeks ago", "Mar 3, 2026". */
export function joinedLabel(joinedAt: string, now: Date = new Date()): string {
  const age = joinedAge(joinedAt, now);
  switch (age.unit) {
    case "today":
      return i18n.t("share:members.today");
    case "days":
      return i18n.t("share:members.daysAgo", { count: age.count });
    case "weeks":
      return i18n.t("share:members.weeksAgo", { count: age.count });
    default:
      return formatDate(joinedAt);
  }
}
