import OpeningHours from "opening_hours";

// Opening hours in OpenStreetMap `opening_hours` syntax (issue 12): parsed with the `opening_hours`
// package, which knows weekdays, months, seasons, dates, "off" and hours past midnight.

/** Mode 0: time ranges only (no points in time such as "Mo 10:00"); a warning is not an error. */
function parse(text: string): OpeningHours | null {
  try {
    return new OpeningHours(text, null, { mode: 0 } as never);
  } catch {
    return null;
  }
}

/** True when the text is hours the package can read. */
export const isValidOpeningHours = (text: string) => parse(text.trim()) !== null;

/**
 * The usual hours of a category, for places whose provider gave none (issue 12 item 1): museums,
 * temples, shrines, churches, castles, palaces and gardens by day; markets in the morning; night views
 * and entertainment districts in the evening; parks, viewpoints and everything else open.
 * The name refines a broad category ("Nijō Castle" is an attraction, but a castle's hours apply).
 */
export function usualHours(category: string, name: string): string {
  const n = name.toLowerCase();
  if (/night view|nightlife|izakaya|bar street|red light|kabukich|pontoch|dotonbori|entertainment/.test(n))
    return "Mo-Su 17:00-24:00";
  if (/\bmarket\b|mercado|marché|markt|ichiba|市場/.test(n) && category !== "shopping")
    return "Mo-Su 07:00-14:00";
  if (/\bpark\b|viewpoint|lookout|observation|beach|square|street|path|walk|bridge|district/.test(n))
    return "24/7";
  switch (category) {
    case "museum":
      return "Mo-Su 09:30-17:00";
    case "temple":
      return "Mo-Su 08:30-17:00";
    case "shrine":
      return "Mo-Su 08:00-17:00";
    case "shopping":
      return /\bmarket\b|ichiba|市場/.test(n) ? "Mo-Su 07:00-14:00" : "Mo-Su 10:00-20:00";
    case "restaurant":
      return "Mo-Su 11:00-22:00";
    case "amusement_park":
      return "Mo-Su 09:00-21:00";
    case "park":
      return "24/7";
  }
  if (
    /castle|palace|church|cathedral|basilica|mosque|abbey|garden|museum|gallery|temple|shrine|fort\b/.test(n)
  )
    return "Mo-Su 09:00-17:00";
  return "24/7";
}

/** The hours a place is planned with: its own when it has readable ones, else its category's. */
export function hoursOf(place: { openingHours: unknown; category: string; name: string }) {
  const own = typeof place.openingHours === "string" ? place.openingHours.trim() : "";
  if (own && isValidOpeningHours(own)) return { value: own, source: "place" as const };
  return { value: usualHours(place.category, place.name), source: "category" as const };
}

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * The optimiser's windows for each trip date: `{ "YYYY-MM-DD": [["HH:MM", "HH:MM"], ...] }`, local
 * wall-clock times of the place (the package works in the process's local time, so dates are built
 * in it too). A window running past midnight keeps its close ("18:00"-"02:00"); a date with no
 * window is closed. Undefined when the place is open around the clock on every date.
 */
export function windowsForDates(text: string, dates: string[]) {
  const oh = parse(text);
  if (!oh) return undefined;
  const out: Record<string, [string, string][]> = {};
  let always = true;
  for (const date of dates) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const from = new Date(y, m - 1, d, 0, 0);
    const to = new Date(y, m - 1, d + 1, 0, 0);
    // Up to 06:00 the next morning, so a bar open 18:00-02:00 keeps its close.
    const late = new Date(y, m - 1, d + 1, 6, 0);
    const windows: [string, string][] = [];
    for (const [open, close] of oh.getOpenIntervals(from, late)) {
      if (open >= to) break;
      // An interval from an earlier evening (00:00-02:00 today) belongs to that evening.
      if (open.getTime() === from.getTime() && windows.length === 0 && close < to && close.getHours() < 6) {
        if (oh.getState(new Date(from.getTime() - 60_000))) continue;
      }
      windows.push([hhmm(open), close >= to && close.getTime() === late.getTime() ? "00:00" : hhmm(close)]);
    }
    if (!(windows.length === 1 && windows[0]![0] === "00:00" && windows[0]![1] === "00:00")) always = false;
    out[date] = windows;
  }
  return always ? undefined : out;
}
