import { zonedToUtc } from "@tabi/contracts";
import { i18n } from "../../i18n";
import {
  formatAgo,
  formatDateRange,
  formatDateTime,
  formatDateTimeIn,
  timeZoneName,
} from "../../i18n/format";

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

/**
 * An instant of a trip (its add-place deadline) on the trip's own clock with the zone named, the same
 * for every member wherever they are: "Dec 8, 2026, 11:59 PM (Japan Standard Time)", "2026/12/08 23:59
 * 日本標準時". Without a zone, the viewer's own clock.
 */
export const deadlineText = (iso: string, timeZone?: string | null): string =>
  timeZone
    ? i18n.t("trips:deadline.inZone", {
        time: formatDateTimeIn(iso, timeZone),
        zone: timeZoneName(timeZone, iso),
      })
    : formatDateTime(iso);

/**
 * First two comma parts: "Kyoto, Kyoto Prefecture, Japan" -> "Kyoto, Kyoto Prefecture"; a part said
 * twice in a row counts once ("Osaka, Osaka, Japan", as trips saved before placeLabel were).
 */
export const shortPlace = (s: string) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter((p, i, all) => p && p.toLowerCase() !== all[i - 1]?.toLowerCase())
    .slice(0, 2)
    .join(", ");

/**
 * An instant as <input type="datetime-local"> writes it, on the wall clock of `timeZone` (a trip's):
 * "2026-12-01T23:59". An unknown zone: the viewer's own clock.
 */
export function zonedInputValue(d: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(d);
  } catch {
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** What a datetime-local input on `timeZone`'s wall clock means: "2026-12-01T23:59" in Asia/Tokyo. */
export function fromZonedInputValue(value: string, timeZone: string): Date {
  try {
    return zonedToUtc(value.slice(0, 10), value.slice(11, 16), timeZone);
  } catch {
    return new Date(value);
  }
}
