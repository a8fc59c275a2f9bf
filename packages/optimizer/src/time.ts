/** Wall-clock "HH:MM" <-> minutes after midnight. Times past midnight may exceed 1440 internally. */
export function parseHhmm(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59) {
    throw new Error(`expected a time "HH:MM", got "${text}"`);
  }
  return Number(m[1]) * 60 + Number(m[2]);
}

export function formatHhmm(minutes: number): string {
  const total = Math.round(minutes);
  const day = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, "0")}:${String(day % 60).padStart(2, "0")}`;
}

/** Minutes of an "HH:MM" at or after `after` (a close of "01:00" after "22:00" means the next day). */
export function parseAfter(text: string, after: number): number {
  let t = parseHhmm(text);
  while (t < after) t += 1440;
  return t;
}

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Weekday key of an ISO date "YYYY-MM-DD" (calendar arithmetic, no time zone involved). */
export function weekdayOf(date: string): Weekday {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`expected a date "YYYY-MM-DD", got "${date}"`);
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return WEEKDAYS[day]!;
}

export function isWeekday(key: string): key is Weekday {
  return (WEEKDAYS as readonly string[]).includes(key);
}
