/** A trip as the reminders see it. */
export interface ReminderTrip {
  id: string;
  name: string;
  timezone: string;
  startDate: string;
  addPlaceDeadline: Date | null;
}

export interface DueReminder {
  kind: "deadline_reminder" | "start_reminder";
  trip: ReminderTrip;
  /** What the reminder is about (the deadline instant, the start date): a change is a new reminder. */
  key: string;
}

export const DEADLINE_NOTICE_MS = 24 * 3600_000;
export const START_NOTICE_DAYS = 3;

/** The calendar date at an instant in a time zone ("2026-11-25"). */
export function localDate(at: Date, timezone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, dateStyle: "short" }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Reminders due at `now`: the add-place deadline within the next 24 hours (not passed), and the
 * trip's start within the next 3 days in the trip's own time zone (not started). Each is sent once:
 * the caller records it under its key.
 */
export function dueReminders(trips: ReminderTrip[], now: Date): DueReminder[] {
  const due: DueReminder[] = [];
  for (const trip of trips) {
    const deadline = trip.addPlaceDeadline;
    if (
      deadline &&
      deadline.getTime() > now.getTime() &&
      deadline.getTime() - now.getTime() <= DEADLINE_NOTICE_MS
    )
      due.push({ kind: "deadline_reminder", trip, key: deadline.toISOString() });
    const days = dayNumber(trip.startDate) - dayNumber(localDate(now, trip.timezone));
    if (days > 0 && days <= START_NOTICE_DAYS)
      due.push({ kind: "start_reminder", trip, key: trip.startDate });
  }
  return due;
}
