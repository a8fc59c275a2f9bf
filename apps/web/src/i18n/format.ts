import { i18n } from "./index";
import { intlLocale } from "./languages";

// Dates, times, numbers, money and relative times in the chosen language, through Intl. A trip's dates
// are calendar dates (formatted in UTC so they never shift); its times stay the trip's local times.
const locale = () => intlLocale(i18n.language);
const cache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions, tag = locale()): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, options);
    cache.set(key, f);
  }
  return f;
}

const RANGE: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
};
const CLOCK: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/**
 * Builds the formats every trip screen shows (its dates, the plan's times) in this language. The
 * first format of a language loads its data: 25 ms on a laptop, 100 ms on a phone, inside the trip's
 * first render if left to it. main.tsx calls this while the catalogues are on their way (issue 28).
 */
export function prepareFormats(language: string): void {
  const tag = intlLocale(language);
  // Each in a task of its own: together with the app's module evaluation they made one task of
  // 0.45 s on a slow phone, counted whole as blocking time (issue 28).
  setTimeout(() => dateFormat(RANGE, tag), 0);
  setTimeout(() => dateFormat(CLOCK, tag), 0);
}

const asDate = (d: string | Date) =>
  typeof d === "string" ? new Date(d.length === 10 ? `${d}T00:00:00Z` : d) : d;

/** A calendar date ("2026-12-10") or an instant, with Intl options; calendar dates stay in UTC. */
export function formatDate(d: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }) {
  const calendar = typeof d === "string" && d.length === 10;
  return dateFormat(calendar ? { timeZone: "UTC", ...options } : options).format(asDate(d));
}

/** A date range sharing what both ends have in common: "Dec 10 – 14, 2026", "2026年12月10日～14日". */
export function formatDateRange(start: string, end: string | null, options?: Intl.DateTimeFormatOptions) {
  const f = dateFormat(options ? { ...RANGE, ...options } : RANGE);
  if (!end || end === start) return f.format(asDate(start));
  return f.formatRange(asDate(start), asDate(end)).replace(/\s/g, " ");
}

/**
 * A trip-local clock time "HH:MM" in the language's own digits and separators, on the 24-hour clock in
 * every language (timetables and itineraries read that way, and the spec's times are "09:00").
 */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return dateFormat(CLOCK).format(new Date(Date.UTC(2000, 0, 1, h, m)));
}

/** An instant in the viewer's own time zone: "Dec 8, 2026, 3:00 PM". */
export const formatDateTime = (iso: string | Date) =>
  dateFormat({ dateStyle: "medium", timeStyle: "short" }).format(asDate(iso));

const knownZone = (timeZone: string) => {
  try {
    dateFormat({ timeZone });
    return true;
  } catch {
    return false;
  }
};

/**
 * An instant on the wall clock of a time zone (a trip's): "Dec 8, 2026, 11:59 PM" in Asia/Tokyo
 * whatever zone the viewer is in. An unknown zone falls back to the viewer's.
 */
export const formatDateTimeIn = (iso: string | Date, timeZone: string) =>
  knownZone(timeZone)
    ? dateFormat({ dateStyle: "medium", timeStyle: "short", timeZone }).format(asDate(iso))
    : formatDateTime(iso);

/**
 * A time zone's name in the language, at an instant: "Japan Standard Time", "日本標準時", "Pacific
 * Time", "中欧时间". The generic name where the language has one, else the long one ("Coordinated
 * Universal Time" rather than "GMT+00:00"); the zone's id if Intl knows no name for it.
 */
export function timeZoneName(timeZone: string, at: string | Date = new Date()): string {
  if (!knownZone(timeZone)) return timeZone;
  let offset = "";
  for (const style of ["longGeneric", "long"] as const) {
    try {
      const name = dateFormat({ timeZone, timeZoneName: style })
        .formatToParts(asDate(at))
        .find((p) => p.type === "timeZoneName")?.value;
      if (name && !/^(GMT|UTC)([+-−]|$)/.test(name)) return name;
      offset ||= name ?? "";
    } catch {
      // An older browser without "longGeneric": try the next style.
    }
  }
  return offset || timeZone;
}

// Intl's other formatters, one per language and options, as dateFormat: building one costs 0.1-1 ms
// (several on a slow phone), and a list of trips or expenses formats dozens of amounts (issue 28).
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function memo<F, O>(cache: Map<string, F>, make: (tag: string, options: O) => F, options: O): F {
  const tag = locale();
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = make(tag, options);
    cache.set(key, f);
  }
  return f;
}
/** The language's Intl.NumberFormat with these options, built once. */
export const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  memo(numberFormats, (tag, o) => new Intl.NumberFormat(tag, o), options);
/** The language's Intl.ListFormat with these options, built once. */
export const listFormat = (options: Intl.ListFormatOptions) =>
  memo(listFormats, (tag, o) => new Intl.ListFormat(tag, o), options);

export const formatNumber = (n: number, options?: Intl.NumberFormatOptions) =>
  numberFormat(options).format(n);

export const formatPercent = (fraction: number) =>
  numberFormat({ style: "percent", maximumFractionDigits: 0 }).format(fraction);

export const formatCurrency = (amount: number, currency: string) =>
  numberFormat({ style: "currency", currency }).format(amount);

/** "3 days ago", "1 week ago", "3日前", "1주 전": a count of units before now, always as a number. */
export const formatAgo = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
  memo(relativeFormats, (tag, o) => new Intl.RelativeTimeFormat(tag, o), {
    numeric: "always",
  } as const).format(-value, unit);
