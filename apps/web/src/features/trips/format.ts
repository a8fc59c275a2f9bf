import { i18n } from "../../i18n";
import { formatAgo, formatDateRange, formatDateTime } from "../../i18n/format";

// Display helpers for trips, in the app's language (spec 1 section 9 gives the English).
const DAY = 86_400_000;

/** "Dec 10 – 14, 2026", "Dec 30, 2026 – Jan 2, 2027" or "Dec 10, 2026"; "2026年12月10日～14日". */
export const dateRange = (start: string, end: string | null): string => formatDateRange(start, end);

/**
 * Today, Yesterday, n days ago (under 7), n weeks ago (under 30), n months ago (30-day months).
 * From the catalogue rather than Intl.RelativeTimeFormat: the spec's English says "Today" and
 * "1 week ago" where Intl says "today" and "last week", and it counts months past a year.
 */
export function relativeAge(iso: string, now = new Date()): string {
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOf(now) - startOf(new Date(iso))) / DAY);
  if (days <= 0) return i18n.t("trips:age.today");
  if (days === 1) return i18n.t("trips:age.yesterday");
  // "3 days ago", "1 week ago", "2 months ago" (the spec's 30-day months), in the language's own words.
  if (days < 7) return formatAgo(days, "day");
  if (days < 30) return formatAgo(Math.floor(days / 7), "week");
  return formatAgo(Math.floor(days / 30), "month");
}

/** A deadline instant in the viewer's zone and language: "Dec 8, 2026, 3:00 PM". */
export const deadlineText = (iso: string): string => formatDateTime(iso);

/** First two comma parts: "Kyoto, Kyoto Prefecture, Japan" -> "Kyoto, Kyoto Prefecture". */
export const shortPlace = (s: string) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(", ");
