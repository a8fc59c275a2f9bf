import type { ItineraryDay, ItineraryEdit } from "@tabi/contracts";
import { i18n, serverText } from "../../i18n";
import { formatClock, formatNumber } from "../../i18n/format";

type Visit = ItineraryDay["visits"][number];

const toMin = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (min: number) => {
  const m = ((Math.round(min) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};
/** Minutes from a to b (a visit's stay). */
export const minutesBetween = (a: string, b: string) => {
  const d = toMin(b) - toMin(a);
  return d < 0 ? d + 1440 : d;
};

/** The toast of a drop onto a system place (spec 2), in the app's language. */
export const systemDropMessage = () => i18n.t("calendar:refused.system");
/** The toast when the server did not take an edit: the plan went back as it was (spec 2). */
export const syncFailedMessage = () => i18n.t("calendar:toast.syncFailed");
export const RESIZE_MIN_MINUTES = 15;

/** A stay in words: "1 h 30 min", "2 h", "45 min" ("1時間30分"). */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const n = { hours: formatNumber(hours), minutes: formatNumber(minutes) };
  if (!hours) return i18n.t("calendar:duration.minutes", n);
  return minutes ? i18n.t("calendar:duration.hoursMinutes", n) : i18n.t("calendar:duration.hours", n);
}

/** Server-written text with its catalogue key and values (issue 13), when the server sends them. */
type Keyed<F extends string> = { [K in F]?: string } & Partial<
  Record<`${F}Key`, string> & Record<`${F}Params`, Record<string, unknown>>
>;

/** Why a visit is not where the group wished it, in the app's language (the server's note). */
export function visitNote(v: Keyed<"note">): string | undefined {
  const note = v.note?.trim();
  return note ? serverText(note, v.noteKey, v.noteParams) : undefined;
}

/** Two trip-local "HH:MM" times as a range, the language's way: "9:00 AM–10:30 AM", "9:00～10:30". */
export const formatTimeRange = (start: string, end: string) =>
  i18n.t("calendar:time.range", { start: formatClock(start), end: formatClock(end) });

// Spec 2 s.5 'Calendar editing': source system, departure_point, final_destination, airport, ids
// beginning airport_ or return_ (and departure_, spec 2 s.3).
const SYSTEM_CATEGORIES = new Set(["departure_point", "final_destination", "return_point", "airport"]);
const SYSTEM_PREFIX = /^(airport_|return_|departure_)/;

/**
 * A system place (airport, departure or return point) cannot be dragged, resized or removed, nor be
 * a reorder target. `tripPlaceIds`, when known, marks any visit that is not one of the trip's own
 * places as a system one too.
 */
export function isSystemVisit(
  v: { placeId: string; category?: string; source?: string },
  tripPlaceIds?: ReadonlySet<string>,
): boolean {
  return (
    v.source === "system" ||
    SYSTEM_CATEGORIES.has(v.category ?? "") ||
    SYSTEM_PREFIX.test(v.placeId) ||
    (tripPlaceIds !== undefined && tripPlaceIds.size > 0 && !tripPlaceIds.has(v.placeId))
  );
}

/** Where a dragged visit was dropped: on a visit, on a system block, or on a day's free space. */
export type DropTarget =
  | { kind: "visit"; day: number; index: number; system?: boolean }
  | { kind: "system" }
  | { kind: "day"; day: number; y: number };

/** Calendar y (px) of the middle of a visit, as the calendar draws it. */
export type YOf = (hhmm: string) => number;

/**
 * The edit a drop means (spec 2 'Calendar edit operations'): within a day a reorder, across days a
 * move; onto a visit it takes that visit's slot, onto free space the slot by time. Null: nothing to do.
 */
export function dropToEdit(
  days: ItineraryDay[],
  from: { day: number; index: number },
  target: DropTarget,
  yOf: YOf,
): { edit: ItineraryEdit } | { error: string } | null {
  if (target.kind === "system" || (target.kind === "visit" && target.system))
    return { error: systemDropMessage() };
  const toDay = days[target.day - 1];
  if (!toDay || !days[from.day - 1]?.visits[from.index]) return null;
  let to: number;
  if (target.kind === "visit") to = target.index;
  else {
    // Free space: after every visit whose middle lies above the drop point (the moving one aside).
    const mids = toDay.visits
      .map((v, i) => ({ i, mid: (yOf(v.start) + Math.max(yOf(v.start) + 40, yOf(v.end))) / 2 }))
      .filter((x) => !(target.day === from.day && x.i === from.index));
    to = mids.filter((x) => x.mid < target.y).length;
  }
  if (target.day === from.day) {
    const max = toDay.visits.length - 1;
    to = Math.min(to, max);
    return to === from.index ? null : { edit: { type: "reorder", day: from.day, from: from.index, to } };
  }
  return {
    edit: {
      type: "move",
      fromDay: from.day,
      index: from.index,
      toDay: target.day,
      toIndex: Math.min(to, toDay.visits.length),
    },
  };
}

type Point = { latitude: number; longitude: number };
/** Kilometres between two points, near enough for comparing detours within a day. */
const km = (a: Point, b: Point) => {
  const x = (b.longitude - a.longitude) * Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  return Math.hypot(x, b.latitude - a.latitude) * 111.2;
};

/**
 * Where a visit moved to another day goes ("Move to Day N"): the slot between that day's own visits
 * that lengthens its route least, between its start and its end (system stops, an airport, stay where
 * they are). First of the day, always, sent the group back and forth across town.
 */
export function bestSlot(day: ItineraryDay, at: Point): number {
  const { visits } = day;
  let head = 0;
  while (head < visits.length && visits[head]!.system) head++;
  let last = visits.length;
  while (last > head && visits[last - 1]!.system) last--;
  let best = head;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let i = head; i <= last; i++) {
    const before: Point = i === 0 ? day.start : visits[i - 1]!;
    const after: Point = i === visits.length ? day.end : visits[i]!;
    const cost = km(before, at) + km(at, after) - km(before, after);
    if (cost < bestCost - 1e-9) {
      best = i;
      bestCost = cost;
    }
  }
  return best;
}

/** Drag-resize: 1 px per minute, at least 15 minutes, snapped to 5 minutes (spec 2 s.5 and s.9). */
export function resizeMinutes(stayMinutes: number, dyPx: number): number {
  return Math.max(RESIZE_MIN_MINUTES, Math.round((stayMinutes + dyPx) / 5) * 5);
}

/** Times after a local change, until the server's answer replaces them: stays kept, legs as before. */
function retime(visits: Visit[], anchor: string | undefined): Visit[] {
  let clock = anchor ? toMin(anchor) : 0;
  return visits.map((v, i) => {
    const stay = minutesBetween(v.start, v.end);
    const arrive = i === 0 ? clock : clock + v.travelMinutes;
    clock = arrive + stay;
    return { ...v, arrive: hhmm(arrive), start: hhmm(arrive), end: hhmm(arrive + stay) };
  });
}

/** The plan as it will look after `edit`, shown at once (optimistic); inserts wait for the server. */
export function optimisticDays(days: ItineraryDay[], edit: ItineraryEdit): ItineraryDay[] {
  const out = days.map((d) => ({ ...d, visits: [...d.visits] }));
  const at = (n: number) => out[n - 1];
  const redo = (n: number, anchor: string | undefined) => {
    const d = at(n);
    if (d) d.visits = retime(d.visits, anchor);
  };
  if (edit.type === "reorder") {
    const d = at(edit.day);
    if (!d?.visits[edit.from]) return days;
    const anchor = d.visits[0]?.start;
    const [moved] = d.visits.splice(edit.from, 1);
    d.visits.splice(edit.to, 0, moved!);
    redo(edit.day, anchor);
  } else if (edit.type === "move") {
    const a = at(edit.fromDay);
    const b = at(edit.toDay);
    if (!a?.visits[edit.index] || !b) return days;
    const anchorA = a.visits[0]?.start;
    const anchorB = b.visits[0]?.start ?? a.visits[edit.index]!.start;
    const [moved] = a.visits.splice(edit.index, 1);
    b.visits.splice(Math.min(edit.toIndex, b.visits.length), 0, moved!);
    redo(edit.fromDay, anchorA);
    redo(edit.toDay, edit.toIndex === 0 ? anchorB : b.visits[0]?.start);
  } else if (edit.type === "resize") {
    const d = at(edit.day);
    const i = d?.visits.findIndex((v) => v.placeId === edit.placeId) ?? -1;
    if (!d || i < 0) return days;
    const v = d.visits[i]!;
    d.visits[i] = { ...v, end: hhmm(toMin(v.start) + edit.stayMinutes) };
    redo(edit.day, d.visits[0]?.start);
  } else if (edit.type === "remove") {
    const d = at(edit.day);
    if (!d) return days;
    d.visits = d.visits.filter((v) => v.placeId !== edit.placeId);
  } else if (edit.type === "lock") {
    // Times stay as they are: a lock only tells the next optimisation what to keep.
    const d = at(edit.day);
    const i = d?.visits.findIndex((v) => v.placeId === edit.placeId) ?? -1;
    if (!d || i < 0) return days;
    const { locked: _, ...rest } = d.visits[i]!;
    d.visits[i] = edit.lock ? { ...rest, locked: edit.lock } : rest;
  } else return days;
  return out;
}

/** The edit that undoes `edit` on the plan as it was before it (undo of the last edit). */
export function inverseOf(edit: ItineraryEdit, before: ItineraryDay[]): ItineraryEdit | null {
  switch (edit.type) {
    case "reorder":
      return { type: "reorder", day: edit.day, from: edit.to, to: edit.from };
    case "move":
      return {
        type: "move",
        fromDay: edit.toDay,
        index: edit.toIndex,
        toDay: edit.fromDay,
        toIndex: edit.index,
      };
    case "resize": {
      const v = before[edit.day - 1]?.visits.find((x) => x.placeId === edit.placeId);
      return v
        ? {
            type: "resize",
            day: edit.day,
            placeId: edit.placeId,
            stayMinutes: Math.max(15, minutesBetween(v.start, v.end)),
          }
        : null;
    }
    case "remove": {
      const d = before[edit.day - 1];
      const index = d?.visits.findIndex((x) => x.placeId === edit.placeId) ?? -1;
      const v = d?.visits[index];
      return v
        ? {
            type: "insert",
            day: edit.day,
            placeId: edit.placeId,
            index,
            stayMinutes: Math.max(15, minutesBetween(v.start, v.end)),
          }
        : null;
    }
    case "insert":
      return { type: "remove", day: edit.day, placeId: edit.placeId };
    case "lock": {
      const v = before[edit.day - 1]?.visits.find((x) => x.placeId === edit.placeId);
      return v ? { type: "lock", day: edit.day, placeId: edit.placeId, lock: v.locked ?? null } : null;
    }
  }
}
