import OpeningHours from "opening_hours";

// Opening hours as the providers give them, in OpenStreetMap `opening_hours` syntax (issue 12 item 1):
// OSM tags pass through when the `opening_hours` package can read them; Google's periods are rewritten.

function parse(text: string): OpeningHours | null {
  if (!text.trim()) return null;
  try {
    return new OpeningHours(text, null, { mode: 0 } as never);
  } catch {
    return null;
  }
}

/** True when the `opening_hours` package reads the text (time ranges only, as the planner needs). */
export const isOpeningHours = (text: string) => parse(text) !== null;

/**
 * Hours from an outside source, clean: as given when the package reads them without a warning, else
 * its own rewriting when that reads cleanly ("9am to 5pm" -> "09:00-17:00"), else undefined ("by
 * appointment", "ask inside"): a broken OSM tag must not reach a place.
 */
export function readableHours(text: unknown): string | undefined {
  if (typeof text !== "string" || text.length > 500) return undefined;
  const oh = parse(text);
  if (!oh || onlyUnknown(oh)) return undefined;
  if (oh.getWarnings().length === 0) return text.trim();
  const pretty = oh.prettifyValue();
  return parse(pretty)?.getWarnings().length === 0 ? pretty : undefined;
}

/** A comment alone ('"by appointment"') parses, but says nothing about when the place is open. */
function onlyUnknown(oh: OpeningHours): boolean {
  const week = oh.getOpenIntervals(new Date(2024, 0, 1), new Date(2024, 0, 8));
  return week.length > 0 && week.every(([, , unknown]) => unknown);
}

/** Places API (New) `regularOpeningHours.periods`: day 0 is Sunday; no close means always open. */
export interface GooglePeriod {
  open?: { day?: number; hour?: number; minute?: number };
  close?: { day?: number; hour?: number; minute?: number };
}

const OSM_DAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];
/** Monday first, as OSM rules are usually written. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** A closing time up to this hour of the next morning is written on the evening it began ("18:00-02:00"). */
const NIGHT_END_MINUTES = 6 * 60;

/** Google's weekly periods as an OSM `opening_hours` value, or undefined when they make no sense. */
export function googlePeriodsToOsm(periods: GooglePeriod[] | undefined): string | undefined {
  if (!Array.isArray(periods) || periods.length === 0) return undefined;
  const ranges: string[][] = OSM_DAYS.map(() => []);
  for (const p of periods) {
    const day = p.open?.day;
    if (day === undefined || day < 0 || day > 6) return undefined;
    const start = (p.open?.hour ?? 0) * 60 + (p.open?.minute ?? 0);
    if (!p.close) {
      // Google's way of saying open around the clock: one period from Sunday 00:00 with no close.
      if (periods.length === 1 && start === 0) return "24/7";
      return undefined;
    }
    const closeDay = p.close.day ?? day;
    const end = (p.close.hour ?? 0) * 60 + (p.close.minute ?? 0);
    const days = (closeDay - day + 7) % 7;
    if (days === 0 && end > start) ranges[day]!.push(`${clock(start)}-${clock(end)}`);
    else if (days === 1 && end <= NIGHT_END_MINUTES)
      ranges[day]!.push(`${clock(start)}-${end === 0 ? "24:00" : clock(end)}`);
    else {
      // Over several days (open Friday morning to Sunday night): one range per day it touches.
      const span = days === 0 ? 7 : days;
      ranges[day]!.push(`${clock(start)}-24:00`);
      for (let d = 1; d < span; d++) ranges[(day + d) % 7]!.push("00:00-24:00");
      if (end > 0) ranges[(day + span) % 7]!.push(`00:00-${clock(end)}`);
    }
  }
  const text = weeklyRules(ranges);
  return text && isOpeningHours(text) ? text : undefined;
}

/** Days with the same ranges share one rule: "Mo-Fr 09:00-17:00; Sa,Su 10:00-16:00". */
function weeklyRules(ranges: string[][]): string {
  const groups = new Map<string, number[]>();
  for (const day of WEEK) {
    const list = ranges[day]!;
    if (!list.length) continue;
    const key = [...list].sort().join(",");
    groups.set(key, [...(groups.get(key) ?? []), WEEK.indexOf(day)]);
  }
  const rules: string[] = [];
  for (const [times, positions] of groups) {
    const runs: string[] = [];
    for (let i = 0; i < positions.length; ) {
      let j = i;
      while (j + 1 < positions.length && positions[j + 1] === positions[j]! + 1) j++;
      const first = OSM_DAYS[WEEK[positions[i]!]!]!;
      const last = OSM_DAYS[WEEK[positions[j]!]!]!;
      runs.push(j === i ? first : j === i + 1 ? `${first},${last}` : `${first}-${last}`);
      i = j + 1;
    }
    rules.push(`${runs.join(",")} ${times}`);
  }
  return rules.join("; ");
}
