import { CATEGORY_LABELS, type Place } from "@tabi/contracts";

// Opening hours in OpenStreetMap `opening_hours` syntax, put in words for people (issue 12). The
// server checks the syntax; this only rewrites what it can and passes anything else through, so an
// unusual rule still shows as typed rather than vanishing.

const WEEKDAYS: Record<string, string> = {
  Mo: "Mon",
  Tu: "Tue",
  We: "Wed",
  Th: "Thu",
  Fr: "Fri",
  Sa: "Sat",
  Su: "Sun",
};
const HOLIDAYS: Record<string, string> = { PH: "Public holidays", SH: "School holidays" };
const ORDINALS: Record<string, string> = { "1": "1st", "2": "2nd", "3": "3rd", "4": "4th", "5": "5th" };
const STATES: Record<string, string> = { off: "closed", closed: "closed", unknown: "hours unknown" };

/** "Mo-Fr", "Su[1]", "PH" and "00:00-24:00" in words; everything else as it is. */
function words(selector: string): string {
  return (
    selector
      // Su[1] = the first Sunday of the month, Su[-1] the last.
      .replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\[(-?\d)\]/g, (_, d: string, n: string) =>
        n === "-1" ? `last ${WEEKDAYS[d]}` : `${ORDINALS[n] ?? `${n}th`} ${WEEKDAYS[d]}`,
      )
      .replace(/^Mo-Su\b/, "Daily")
      .replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/g, (d: string) => WEEKDAYS[d]!)
      .replace(/\b(PH|SH)\b/g, (h: string) => HOLIDAYS[h]!)
      .replace(/\b00:00-24:00\b/g, "24 hours")
      .replace(/\b(\d\d:\d\d)\+/g, "from $1")
      // A list ("Mo,We" or "09:00-12:00,13:00-17:00") reads with a space after each comma.
      .replace(/\s*,\s*/g, ", ")
      .replace(/\s+/g, " ")
      .trim()
  );
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
  const withComment = (line: string) => (comment ? (line ? `${line} (${comment})` : comment) : line);
  if (text === "24/7" || text === "24/7 open") return withComment("Open 24 hours");
  const state = /(?:^|\s)(off|closed|open|unknown)$/i.exec(text);
  if (state) {
    const rest = words(text.slice(0, state.index).replace(/:$/, ""));
    const kind = state[1]!.toLowerCase();
    // "open" after times adds nothing; "Mo-Fr open" alone means open all day.
    if (kind === "open" && /\d\d:\d\d/.test(rest)) return withComment(rest);
    const said = kind === "open" ? "open all day" : STATES[kind]!;
    return withComment(rest ? `${rest}: ${said}` : said[0]!.toUpperCase() + said.slice(1));
  }
  // Only times: the same every day.
  const line = words(text);
  return withComment(/^(\d\d:|sunrise|sunset|dawn|dusk|\()/.test(text) ? `Daily ${line}` : line);
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

// Category labels as a plural for "Usual hours for temples"; the ones that do not just take an "s".
const PLURAL_LABELS: Record<string, string> = {
  restaurant: "restaurants",
  shopping: "shops",
  accommodation: "hotels",
  transportation: "stations",
  other: "places like this",
};

/** "Usual hours for temples": said when the hours are the category's, not the place's own. */
export function usualHoursLabel(category: string): string {
  const label = PLURAL_LABELS[category] ?? `${(CATEGORY_LABELS[category] ?? "place").toLowerCase()}s`;
  return `Usual hours for ${label}`;
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
