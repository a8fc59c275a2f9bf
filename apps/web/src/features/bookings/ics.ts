// Reads a booking confirmation's calendar file (.ics, issue 17 item 6) into a draft the user checks
// before saving. ical.js is loaded only when a file is chosen, so it costs the first screen nothing.

export type IcsKind = "flight" | "hotel" | "transport";

/** What the file says, in the form's terms; every field is optional because files vary. */
export interface IcsDraft {
  kind: IcsKind;
  /** The event's SUMMARY as written. */
  title: string;
  flightNumber?: string;
  /** IATA codes of a flight's two airports. */
  from?: string;
  to?: string;
  /** yyyy-mm-dd and HH:MM, local at each end (a flight's times are the airports' own). */
  date?: string;
  departureTime?: string;
  arrivalTime?: string;
  hotelName?: string;
  address?: string;
  checkInDate?: string;
  checkOutDate?: string;
  checkInTime?: string;
  checkOutTime?: string;
  link?: string;
  notes?: string;
  /** The file gave UTC times and no time zone to read them in: the user should check them. */
  utcTimes?: boolean;
}

export type IcsErrorCode = "tooLarge" | "unreadable" | "noEvent";
/** A file we cannot use; `code` picks the sentence the user sees. */
export class IcsError extends Error {
  constructor(readonly code: IcsErrorCode) {
    super(code);
  }
}

/** A confirmation is a few kilobytes; anything past this is not one. */
export const ICS_MAX_BYTES = 512 * 1024;

/** Reads the first event of a calendar file; throws IcsError when there is none to read. */
export async function parseIcs(text: string): Promise<IcsDraft> {
  if (text.length > ICS_MAX_BYTES) throw new IcsError("tooLarge");
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new IcsError("unreadable");
  const { default: ICAL } = await import("ical.js");
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw new IcsError("unreadable");
  }
  const calendar = (Array.isArray(jcal) && typeof jcal[0] !== "string" ? jcal[0] : jcal) as JCal;
  if (!Array.isArray(calendar) || calendar[0] !== "vcalendar") throw new IcsError("unreadable");
  const event = calendar[2].find((c) => c[0] === "vevent");
  if (!event) throw new IcsError("noEvent");
  const calendarZone = text1(calendar[1], "x-wr-timezone");
  return draftOf(event[1], calendarZone);
}

// jCal: [name, properties, subcomponents]; a property is [name, params, type, value, ...].
type JProp = [string, Record<string, unknown>, string, ...unknown[]];
type JCal = [string, JProp[], JCal[]];

const prop = (props: JProp[], name: string) => props.find((p) => p[0] === name);
function text1(props: JProp[], name: string): string | undefined {
  const v = prop(props, name)?.[3];
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

interface When {
  date: string;
  time?: string;
  /** An all-day value (VALUE=DATE). */
  allDay: boolean;
  utc: boolean;
}

/** A DTSTART/DTEND as the wall clock of its own TZID (or of the calendar's zone for a UTC value). */
function when(props: JProp[], name: string, calendarZone: string | undefined): When | undefined {
  const p = prop(props, name);
  const v = p?.[3];
  if (typeof v !== "string") return undefined;
  if (p![2] === "date" || /^\d{4}-\d{2}-\d{2}$/.test(v))
    return { date: v.slice(0, 10), allDay: true, utc: false };
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(v);
  if (!m) return undefined;
  if (v.endsWith("Z")) {
    const local = calendarZone ? inZone(new Date(v), calendarZone) : undefined;
    if (local) return { ...local, allDay: false, utc: false };
    return { date: m[1]!, time: `${m[2]}:${m[3]}`, allDay: false, utc: true };
  }
  // A TZID time (or a floating one) is already the local clock there: kept as written.
  return { date: m[1]!, time: `${m[2]}:${m[3]}`, allDay: false, utc: false };
}

function inZone(instant: Date, timeZone: string): { date: string; time: string } | undefined {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(instant)
        .map((x) => [x.type, x.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  } catch {
    return undefined; // an unknown zone name: the caller keeps UTC and says so
  }
}

/** "JL 123", "NH0856", "7C1102": two letters or a letter and a digit, then 1-4 digits. */
const FLIGHT_NUMBER = /\b([A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(\d{1,4})\b/;
const IATA_ROUTE = [
  /\b([A-Z]{3})\s*(?:-|–|—|→|->|>|\/)\s*([A-Z]{3})\b/,
  /\b[Ff]rom\s+([A-Z]{3})\s+to\s+([A-Z]{3})\b/,
];
const AIRPORT_WORDS = /airport|空港|공항|机场|機場/i;
const HOTEL_WORDS =
  /hotel|hostel|ryokan|check[-\s]?in|reservation|\bstay\b|\binn\b|ホテル|旅館|호텔|숙박|酒店|住宿/i;

function flightNumberIn(s: string | undefined): string | undefined {
  const m = s ? FLIGHT_NUMBER.exec(s) : null;
  return m ? `${m[1]}${m[2]}` : undefined;
}
function routeIn(s: string | undefined): [string, string] | undefined {
  for (const re of IATA_ROUTE) {
    const m = s ? re.exec(s) : null;
    if (m) return [m[1]!, m[2]!];
  }
  return undefined;
}
const airportCodeIn = (s: string | undefined) => (s ? /\(([A-Z]{3})\)|\b([A-Z]{3})\b/.exec(s) : null);

function draftOf(props: JProp[], calendarZone: string | undefined): IcsDraft {
  const summary = text1(props, "summary") ?? "";
  const description = text1(props, "description");
  const location = text1(props, "location");
  const start = when(props, "dtstart", calendarZone);
  const end = when(props, "dtend", calendarZone);
  const url = text1(props, "url");
  const link = url && /^https?:\/\//i.test(url) ? url : undefined;
  const notes = description?.slice(0, 2000);
  const utcTimes = Boolean(start?.utc || end?.utc) || undefined;

  const number = flightNumberIn(summary);
  const route = routeIn(summary) ?? routeIn(location);
  const atAirport = Boolean(location && AIRPORT_WORDS.test(location));
  const stay =
    (start?.allDay && end?.allDay && end.date > start.date) ||
    HOTEL_WORDS.test(summary) ||
    (!number && !route && description !== undefined && HOTEL_WORDS.test(description));
  const kind: IcsKind =
    number || route || atAirport
      ? "flight"
      : stay
        ? "hotel"
        : flightNumberIn(description)
          ? "flight"
          : "transport";

  if (kind === "hotel")
    return {
      kind,
      title: summary,
      hotelName: hotelNameOf(summary),
      address: location,
      checkInDate: start?.date,
      checkOutDate: end && end.date > (start?.date ?? "") ? end.date : undefined,
      checkInTime: start?.time ?? timeAfter(description, "in"),
      checkOutTime: end?.time ?? timeAfter(description, "out"),
      link,
      notes,
      utcTimes,
    };

  const draft: IcsDraft = {
    kind,
    title: summary,
    date: start?.date,
    departureTime: start?.time,
    arrivalTime: end?.time,
    link,
    notes,
    utcTimes,
  };
  if (kind === "flight") {
    const fromDescription = routeIn(description);
    const [from, to] = route ?? fromDescription ?? [];
    draft.flightNumber = number ?? flightNumberIn(description);
    draft.from =
      from ?? (atAirport ? (airportCodeIn(location)?.slice(1).find(Boolean) ?? undefined) : undefined);
    draft.to = to;
  }
  return draft;
}

/** An all-day stay often says its hours in words: "Check-in from 14:00", "check out by 11:00". */
function timeAfter(text: string | undefined, which: "in" | "out"): string | undefined {
  const m = text ? new RegExp(`check[-\\s]?${which}\\D{0,15}?(\\d{1,2}):(\\d{2})`, "i").exec(text) : null;
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]!.padStart(2, "0")}:${m[2]}`;
}

/** "Hotel reservation: Park Hyatt Tokyo" → "Park Hyatt Tokyo"; other titles stay as written. */
function hotelNameOf(summary: string): string | undefined {
  const name = summary
    .replace(/^(?:hotel\s+)?(?:reservation|booking|stay|check[-\s]?in)\s*(?:at|:|-|–)\s*/i, "")
    .trim();
  return name || undefined;
}
