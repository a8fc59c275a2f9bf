// Wall-clock dates and times in a trip's IANA time zone, with Intl only (works in Node and browsers).

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Offset of a zone from UTC at an instant, in minutes (east positive). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows `date` `time` (HH:MM). */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset across a daylight-saving change.
  let utc = guess - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  utc = guess - offsetMinutes(timeZone, new Date(utc)) * 60_000;
  return new Date(utc);
}

/** Inclusive number of days between two dates (end minus start plus one). */
export function tripDays(startDate: string, endDate: string | null | undefined): number {
  if (!endDate) return 1;
  return (
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}

export const DEADLINE_PRESET_HOURS = [24, 72, 168] as const;

/** The latest deadline: the trip's last day at 23:59 in its time zone. */
export function latestDeadline(trip: { startDate: string; endDate: string | null; timezone: string }): Date {
  return zonedToUtc(trip.endDate ?? trip.startDate, "23:59", trip.timezone);
}

/** A preset deadline: so many hours before the trip starts (00:00 of the first day, trip time). */
export function presetDeadline(trip: { startDate: string; timezone: string }, hoursBefore: number): Date {
  return new Date(zonedToUtc(trip.startDate, "00:00", trip.timezone).getTime() - hoursBefore * 3_600_000);
}

export type DeadlineState = "none" | "active" | "expired";
export function deadlineState(deadline: string | null | undefined, now = new Date()): DeadlineState {
  if (!deadline) return "none";
  return now.getTime() > Date.parse(deadline) ? "expired" : "active";
}

/**
 * Whether a member may add places at `now`: admins always; others with the flag until the deadline
 * (spec 1 s.6). One rule for the server's check and for screens that must follow the clock (a
 * deadline that passes while a screen is open closes it there too, without asking the server).
 */
export function canAddPlacesAt(
  deadline: string | Date | null | undefined,
  member: { role: string; canAddPlaces: boolean },
  now = new Date(),
): boolean {
  if (member.role === "admin") return true;
  if (!member.canAddPlaces) return false;
  if (!deadline) return true;
  return (typeof deadline === "string" ? Date.parse(deadline) : deadline.getTime()) >= now.getTime();
}
