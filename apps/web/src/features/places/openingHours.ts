import type { Place } from "@tabi/contracts";
import { i18n } from "../../i18n";
import { formatClock, formatDate } from "../../i18n/format";

// Opening hours in OpenStreetMap `opening_hours` syntax, put in words for people (issue 12) in the
// app's language (issue 13): weekdays and months through Intl, times through formatClock. The server
// checks the syntax; this only rewrites what it can and passes anything else through, so an unusual
// rule still shows as typed rather than vanishing.

// i18n-exempt: the OSM syntax's own weekday and month codes, read, never shown
const DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"];
// i18n-exempt: as above
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = DAYS.join("|");
const MONTH = MONTHS.join("|");
const SUN = "sunrise|sunset|dawn|dusk";
const TIME = `\\d\\d:\\d\\d|${SUN}`;

/** "Mo" in the app's language: "Mon", "月", "월", "周一" (long: "Monday", "月曜日" ...). 2024-01-01 was a Monday. */
const weekday = (d: string, width: "short" | "long" = "short") =>
  formatDate(new Date(Date.UTC(2024, 0, 1 + DAYS.indexOf(d))), { weekday: width, timeZone: "UTC" });
const month = (m: string) =>
  formatDate(new Date(Date.UTC(2024, MONTHS.indexOf(m), 1)), { month: "short", timeZone: "UTC" });
const monthDay = (m: string, day: number) =>
  formatDate(new Date(Date.UTC(2024, MONTHS.indexOf(m), day)), {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

const SUN_KEY = {
  sunrise: "places:hours.sun.sunrise",
  sunset: "places:hours.sun.sunset",
  dawn: "places:hours.sun.dawn",
  dusk: "places:hours.sun.dusk",
} as const;
const HOLIDAY_KEY = { PH: "places:hours.holiday.PH", SH: "places:hours.holiday.SH" } as const;
/** Su[1] = the first Sunday of the month, Su[-1] the last. */
const NTH_KEY: Record<string, string> = {
  "1": "places:hours.nth.1",
  "2": "places:hours.nth.2",
  "3": "places:hours.nth.3",
  "4": "places:hours.nth.4",
  "5": "places:hours.nth.5",
  "-1": "places:hours.nth.last",
};

/** "09:00" or "sunset" in words. */
const time = (x: string) => (x in SUN_KEY ? i18n.t(SUN_KEY[x as keyof typeof SUN_KEY]) : formatClock(x));

/** The pieces of a selector ("Mo-Fr", "Su[1]", "PH", "09:00-17:00", "18:00+"), each with its words. */
const FORMS: [string, (g: string[]) => string][] = [
  [",", () => i18n.t("places:listSeparator")],
  // "Apr-Oct: Mo-Fr ...": a season before its days.
  [": ", () => i18n.t("places:hours.colon")],
  ["\\b00:00-24:00\\b", () => i18n.t("places:hours.allDay")],
  [
    `\\b(${TIME})-(${TIME})\\b`,
    ([a, b]) => i18n.t("places:hours.timeRange", { from: time(a!), to: time(b!) }),
  ],
  ["\\b(\\d\\d:\\d\\d)\\+", ([a]) => i18n.t("places:hours.from", { time: formatClock(a!) })],
  [
    `\\b(${DAY})\\[(-?\\d)\\]`,
    ([d, n]) => {
      const key = NTH_KEY[n!];
      return key ? i18n.t(key, { day: weekday(d!, "long") }) : `${d}[${n}]`;
    },
  ],
  [
    `\\b(${DAY})-(${DAY})\\b`,
    ([a, b]) =>
      // i18n-exempt: OSM codes ("Mo-Su" is every day)
      a === "Mo" && b === "Su"
        ? i18n.t("places:hours.daily")
        : i18n.t("places:hours.range", { from: weekday(a!), to: weekday(b!) }),
  ],
  [`\\b(${MONTH}) (\\d{1,2})\\b`, ([m, d]) => monthDay(m!, Number(d))],
  [
    `\\b(${MONTH})-(${MONTH})\\b`,
    ([a, b]) => i18n.t("places:hours.range", { from: month(a!), to: month(b!) }),
  ],
  [`\\b(${MONTH})\\b`, ([m]) => month(m!)],
  [`\\b(${DAY})\\b`, ([d]) => weekday(d!)],
  ["\\b(PH|SH)\\b", ([h]) => i18n.t(HOLIDAY_KEY[h as keyof typeof HOLIDAY_KEY])],
  [`\\b(${TIME})\\b`, ([t]) => time(t!)],
];
const TOKEN = new RegExp(FORMS.map(([source]) => `(?:${source})`).join("|"), "g");
const ANCHORED = FORMS.map(([source, say]) => [new RegExp(`^(?:${source})$`), say] as const);

/** One piece of a selector in words (the first form that matches it whole). */
function token(piece: string): string {
  for (const [form, say] of ANCHORED) {
    const groups = form.exec(piece);
    if (groups) return say(groups.slice(1));
  }
  return piece;
}

/** A rule's selectors and times ("Mo-Fr 09:00-17:00") in words; anything unknown as it is. */
function words(selector: string): string {
  return selector
    .replace(/\s*,\s*/g, ",")
    .replace(/\s+/g, " ")
    .trim()
    .replace(TOKEN, token);
}

/** One rule ("Tu-Su 09:00-17:00", "Dec 25 off", "24/7") as one line. */
function ruleLine(rule: string): string {
  let text = rule.trim();
  let comment = "";
  text = text.replace(/"([^"]*)"/g, (_, c: string) => {
    comment = c.trim();
    return "";
  });
  text = text.trim();
  const withComment = (line: string) =>
    comment ? (line ? i18n.t("places:hours.withComment", { line, comment }) : comment) : line;
  if (text === "24/7" || text === "24/7 open") return withComment(i18n.t("places:hours.open24"));
  const state = /(?:^|\s)(off|closed|open|unknown)$/i.exec(text);
  if (state) {
    const raw = text.slice(0, state.index).replace(/:$/, "");
    const when = words(raw);
    const kind = state[1]!.toLowerCase();
    // "open" after times adds nothing; "Mo-Fr open" alone means open all day.
    if (kind === "open" && /\d\d:\d\d/.test(raw)) return withComment(when);
    if (kind === "open")
      return withComment(
        when ? i18n.t("places:hours.openAllDayWhen", { when }) : i18n.t("places:hours.openAllDay"),
      );
    if (kind === "unknown")
      return withComment(
        when ? i18n.t("places:hours.unknownWhen", { when }) : i18n.t("places:hours.unknown"),
      );
    return withComment(when ? i18n.t("places:hours.closedWhen", { when }) : i18n.t("places:hours.closed"));
  }
  // Only times: the same every day.
  const line = words(text);
  return withComment(
    new RegExp(`^(\\d\\d:|${SUN}|\\()`).test(text) ? i18n.t("places:hours.dailyAt", { hours: line }) : line,
  );
}

/**
 * Splits the value into its rules: ";" and "||" always separate rules; a comma does where the rule
 * before it ends (a time or a state) and a new selector starts ("Mo-Fr 09:00-17:00, Sa 10:00-14:00"),
 * never inside a list like "Mo,We" or "Dec 25,26".
 */
export function splitRules(value: string): string[] {
  return value
    .split(/;|\|\|/)
    .flatMap((r) => r.split(/(?<=\d\d:\d\d|\+|\boff|\bclosed|\bopen)\s*,\s*(?=[A-Z])/))
    .map((r) => r.trim())
    .filter(Boolean);
}

/** The hours as lines for people: "Tue-Sun 09:00-17:00", "Dec 25: closed", "Open 24 hours". */
export function formatOpeningHours(value: string): string[] {
  return splitRules(value).map(ruleLine).filter(Boolean);
}

/** "Usual hours for temples", one whole sentence per category (each language words it its own way). */
const USUAL_HOURS_KEY: Record<string, string> = {
  tourist_attraction: "places:hours.usual.tourist_attraction",
  temple: "places:hours.usual.temple",
  shrine: "places:hours.usual.shrine",
  museum: "places:hours.usual.museum",
  park: "places:hours.usual.park",
  restaurant: "places:hours.usual.restaurant",
  shopping: "places:hours.usual.shopping",
  amusement_park: "places:hours.usual.amusement_park",
  accommodation: "places:hours.usual.accommodation",
  transportation: "places:hours.usual.transportation",
  airport: "places:hours.usual.airport",
  hospital: "places:hours.usual.hospital",
  gas_station: "places:hours.usual.gas_station",
  other: "places:hours.usual.other",
};

/** "Usual hours for temples": said when the hours are the category's, not the place's own. */
export function usualHoursLabel(category: string): string {
  return i18n.t(USUAL_HOURS_KEY[category] ?? "places:hours.usual.other");
}

/** What a place shows about its hours: the lines, and whose hours they are. */
export function openingHoursView(place: Pick<Place, "openingHours" | "category">) {
  const hours = place.openingHours;
  // Plans and places saved before issue 12 have no hours at all: show nothing rather than guess.
  if (!hours?.value.trim()) return null;
  return {
    lines: formatOpeningHours(hours.value),
    source: hours.source === "category" ? usualHoursLabel(place.category) : null,
  };
}
