import { formatHhmm, parseHhmm } from "@tabi/optimizer";
import { planText, type ServerKey, type TextParams } from "../../i18n";
import { hoursOf, windowsForDates } from "../places/opening-hours";
import { isOutdoor, sunWindow } from "./daylight";

/** A trip place as a broken rule names it (and checks its daylight). */
export interface ViolationPlace {
  id: string;
  name: string;
  category: string;
  openingHours: unknown;
  latitude: number;
  longitude: number;
  preferredTimeOfDay?: string | null;
}

/**
 * A broken rule of a calendar edit in the group's words (spec 2 'adjustment_message'): the place by
 * its name, and its opening hours when the edit put it outside them, or the sunset when that is what
 * closed it (an outdoor place's hours are cut to daylight, daylight.ts). The edit is saved either way.
 * With the key and values each member's app says it with (issue 13); the English is the key's.
 */
export function adjustmentMessage<V extends { kind: string; placeId?: string; message: string }>(
  v: V,
  places: ViolationPlace[],
  date?: string,
): V & { messageKey?: string; messageParams?: TextParams } {
  const place = v.placeId ? places.find((p) => p.id === v.placeId) : undefined;
  const said = violationText(v, place, date);
  const keyed = said ? { messageKey: said.key, messageParams: said.params } : {};
  if (!place) return { ...v, ...keyed };
  // The English of the API: the optimiser's words with the place's name (the older kinds' as they
  // were), the catalogue's where those would not say why (daylight, a wish, a place without hours).
  let message = v.message.replaceAll(`"${place.id}"`, place.name);
  if (said && (v.kind === "closed" || v.kind === "time_of_day")) message = said.text;
  else if (v.kind === "closed" || v.kind === "visits_end") message += ". Please adjust the visit.";
  return { ...v, message, ...keyed };
}

const MEAL_LATE: Record<string, ServerKey> = {
  breakfast: "server:violation.breakfastLate",
  lunch: "server:violation.lunchLate",
  dinner: "server:violation.dinnerLate",
};

const TIME_OF_DAY: Record<string, ServerKey> = {
  morning: "server:violation.timeOfDay.morning",
  noon: "server:violation.timeOfDay.noon",
  afternoon: "server:violation.timeOfDay.afternoon",
  night: "server:violation.timeOfDay.night",
};

/** The catalogue text of an optimiser violation, from its kind and the times its message names. */
function violationText(v: { kind: string; message: string }, place?: ViolationPlace, date?: string) {
  const span = /(\d\d:\d\d)-(\d\d:\d\d)/.exec(v.message);
  if (v.kind === "closed" && place && span) {
    const [, from, to] = span as unknown as [string, string, string];
    const dark = date ? outsideDaylight(place, date, from, to) : undefined;
    if (dark) return dark;
    const hours = hoursOf(place).value;
    if (hours) return planText("server:violation.closed", { place: place.name, from, to, hours });
  }
  if (v.kind === "visits_end" && place) {
    const m = /(\d\d:\d\d)-(\d\d:\d\d) runs past the end of the day's visits (\d\d:\d\d)/.exec(v.message);
    if (m)
      return planText("server:violation.visitsEnd", {
        place: place.name,
        from: m[1]!,
        to: m[2]!,
        end: m[3]!,
      });
  }
  if (v.kind === "time_of_day" && place && span) {
    const m = /is not in the (\w+) it was wished for/.exec(v.message);
    const key = m ? TIME_OF_DAY[m[1]!] : undefined;
    if (key) return planText(key, { place: place.name, from: span[1]!, to: span[2]! });
  }
  if (v.kind === "duplicate" && place) return planText("server:violation.duplicate", { place: place.name });
  if (v.kind === "meal") {
    const m = /^(\w+) starts at (\d\d:\d\d)/.exec(v.message);
    const key = m ? MEAL_LATE[m[1]!] : undefined;
    if (key) return planText(key, { time: m![2]! });
  }
  if (v.kind === "day_end") {
    const m = /^back at (\d\d:\d\d), after the day's end (\d\d:\d\d)/.exec(v.message);
    if (m) return planText("server:violation.dayEnd", { time: m[1]!, end: m[2]! });
  }
  return undefined;
}

/**
 * Said as daylight when that is what the visit misses: an outdoor place (not wished for at night) whose
 * own hours hold the visit, but the sun has set before it ends or not risen when it starts.
 */
function outsideDaylight(place: ViolationPlace, date: string, from: string, to: string) {
  if (!isOutdoor(place) || place.preferredTimeOfDay === "night") return undefined;
  const sun = sunWindow(date, place.latitude, place.longitude);
  if (!sun) return undefined;
  const start = parseHhmm(from);
  let end = parseHhmm(to);
  if (end < start) end += 1440;
  const hours = hoursOf(place).value;
  const own = hours ? windowsForDates(hours, [date])?.[date] : undefined;
  const openThen =
    !own ||
    own.some(([o, c]) => {
      const close = parseHhmm(c) <= parseHhmm(o) ? parseHhmm(c) + 1440 : parseHhmm(c);
      return parseHhmm(o) <= start && end <= close;
    });
  if (!openThen) return undefined;
  const params = { place: place.name, from, to };
  if (end > sun[1]) return planText("server:violation.afterDark", { ...params, sunset: formatHhmm(sun[1]) });
  if (start < sun[0])
    return planText("server:violation.beforeSunrise", { ...params, sunrise: formatHhmm(sun[0]) });
  return undefined;
}
