import { formatHhmm, parseHhmm } from "@tabi/optimizer";
import { getTimes } from "suncalc";
import { timezoneAt } from "../../providers/places/timezone";

// Daylight for outdoor places (issue 26 item 3): a park, garden, viewpoint or open-air market is
// visited between sunrise and sunset of that date at that place, inside its opening hours, unless
// someone wished for it at night. A January park in Paris ends by about 17:15, not at 18:58.

/** Night by name: visited after dark on purpose (night views, night markets, illuminations). */
const NIGHT_NAME = /night|nocturn|illuminat|light[- ]?up|夜/i;
/** Views from a building or tower: indoors, and open late. */
const INDOOR_VIEW = /observation|tower|deck|sky|building|タワー|展望台/i;
/** Outdoor by name, whatever the category a provider gave (a garden filed as an attraction). */
const OUTDOOR_NAME =
  /garden|jardin|jardín|giardin|garten|gyoen|gyōen|botanic|\bpark\b|\bparc\b|parque|parco|庭園|御苑|公園|viewpoint|view point|lookout|belvedere|overlook|mirador|miradouro|beach|\bzoo\b|bamboo grove|trail|waterfall|\bfalls\b|flea market|street market|open[- ]air|floating market|\bpath\b|promenade|\bwalk\b|boardwalk|riverside|\bcanal\b|\bgorge\b|hiking|哲学の道|散策路|散歩道/i;
/** Named like a park, but not one to walk in by day. */
const NOT_OUTDOOR_NAME = /amusement|theme park|car park|parking|water park|park hotel|park hyatt/i;
/** Categories that are never a walk outside (a restaurant in a park is dinner, not the park). */
const INDOOR_CATEGORIES = new Set([
  "museum",
  "restaurant",
  "accommodation",
  "transportation",
  "airport",
  "hospital",
  "gas_station",
  "amusement_park",
  "departure_point",
  "destination_point",
  "final_destination",
  "return_point",
]);

/** True for places seen in daylight: parks, gardens, viewpoints by day, beaches, zoos, outdoor markets. */
export function isOutdoor(place: { category: string; name: string }): boolean {
  const { category, name } = place;
  if (INDOOR_CATEGORIES.has(category) || NIGHT_NAME.test(name) || NOT_OUTDOOR_NAME.test(name)) return false;
  if (category === "park") return true;
  return OUTDOOR_NAME.test(name) && !INDOOR_VIEW.test(name);
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** Minutes after local midnight of an instant on the place's own clock (the plan's wall-clock times). */
function localMinutes(at: Date, zone: string | null, lng: number): number {
  if (!zone) {
    // No zone known: local mean solar time, off by well under an hour.
    const m = at.getUTCHours() * 60 + at.getUTCMinutes() + at.getUTCSeconds() / 60 + (lng / 15) * 60;
    return ((m % 1440) + 1440) % 1440;
  }
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(zone, clock);
  }
  const [h, m, s] = clock.format(at).split(":").map(Number) as [number, number, number];
  return h * 60 + m + s / 60;
}

/**
 * Sunrise and sunset at the point on the date, in minutes of the place's local day (sunrise rounded
 * up, sunset down, so a visit inside never starts before the sun is up or ends after it set). Null
 * when the sun does not rise and set that day (polar day or night): no daylight limit then, rather
 * than a place nobody can visit.
 */
export function sunWindow(date: string, lat: number, lng: number): [number, number] | null {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // The place's solar noon of that date: suncalc answers for the solar day around it.
  const noon = new Date(Date.UTC(y, m - 1, d, 12) - (lng / 15) * 3_600_000);
  const times = getTimes(noon, lat, lng);
  if (!times.sunrise || !times.sunset) return null;
  const zone = timezoneAt(lat, lng);
  const rise = Math.ceil(localMinutes(times.sunrise, zone, lng));
  const set = Math.floor(localMinutes(times.sunset, zone, lng));
  return set > rise ? [rise, set] : null;
}

type Windows = Record<string, [string, string][]>;
const ALL_DAY: [string, string][] = [["00:00", "00:00"]];

/**
 * The opening windows of each date cut to that date's daylight. `open` is `windowsForDates`' answer
 * (undefined: open around the clock). A date whose windows all lie in the dark has none: closed then.
 */
export function inDaylight(
  open: Windows | undefined,
  dates: string[],
  at: { latitude: number; longitude: number },
): Windows {
  const out: Windows = {};
  for (const date of dates) {
    const windows = open ? (open[date] ?? []) : ALL_DAY;
    const sun = sunWindow(date, at.latitude, at.longitude);
    if (!sun) {
      out[date] = windows;
      continue;
    }
    const [rise, set] = sun;
    out[date] = windows.flatMap(([o, c]): [string, string][] => {
      const from = parseHhmm(o);
      let to = parseHhmm(c);
      // A close at or before the open is past midnight ("00:00"-"00:00": the whole day).
      if (to <= from) to += 1440;
      const start = Math.max(from, rise);
      const end = Math.min(to, set);
      return end > start ? [[formatHhmm(start), formatHhmm(end)]] : [];
    });
  }
  return out;
}
