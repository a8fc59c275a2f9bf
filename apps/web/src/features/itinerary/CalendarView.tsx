import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  type Booking,
  type ItineraryDay,
  type ItineraryEdit,
  MEAL_TIMES,
  type MealKindName,
} from "@tabi/contracts";
import { BadgeCheck, Bed, Utensils } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { formatClock, formatDate } from "../../i18n/format";
import { isMealKind, mealButtonKinds } from "../bookings/mealPlan";
import { hotelForNight, type PlanVisit, transportForLeg } from "../bookings/planBookings";
import { AddBetween, type BlockBooking, DragPreview, SystemBlock, VisitBlock } from "./CalendarBlocks";
import {
  announcements,
  calendarCollision,
  calendarKeyboardCoordinates,
  type DragData,
  type DropData,
  KEYBOARD_CODES,
  screenReaderInstructions,
} from "./calendarDnd";
import { dropToEdit, formatTimeRange } from "./edits";

// Spec 2 'Calendar': hours 6-23 at 60 px per hour, then the night 00:00-06:00 in 3-hour slots of
// 60 px; blocks at least 40 px; a hotel block 22:00-08:00 between days.
const HOUR_PX = 60;
const DAY_PX = 18 * HOUR_PX;
const NIGHT_PX = 2 * HOUR_PX;
export const CALENDAR_HEIGHT = DAY_PX + NIGHT_PX;
const MIN_BLOCK_PX = 40;
const SYSTEM_PX = 22;

export function yOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  if (h >= 6) return (h - 6) * HOUR_PX + m;
  return DAY_PX + ((h * 60 + m) / 180) * HOUR_PX;
}
const blockHeight = (v: { start: string; end: string }) => Math.max(MIN_BLOCK_PX, yOf(v.end) - yOf(v.start));

const NIGHT_MIN_PX = 20;
/**
 * Where the night's hotel blocks end in the morning and start in the evening: 08:00 and 22:00, unless
 * the day leaves earlier or comes back (or its last visit ends) later; then they stop at the day's start
 * and end blocks instead of covering them and its visits.
 */
export function hotelSpans(d: { depart: string; back: string; visits: { start: string; end: string }[] }) {
  const last = d.visits.at(-1);
  const dayEnd = Math.max(yOf(d.back) + SYSTEM_PX, last ? yOf(last.start) + blockHeight(last) : 0);
  return {
    morningHeight: Math.max(NIGHT_MIN_PX, Math.min(yOf("08:00"), yOf(d.depart) - SYSTEM_PX)),
    eveningTop: Math.min(CALENDAR_HEIGHT - NIGHT_MIN_PX, Math.max(yOf("22:00"), dayEnd)),
  };
}

const HOURS = Array.from({ length: 18 }, (_, i) => i + 6);
/** The day's date under its title: "Thu, Dec 10", "12月10日(木)". */
const dayTitle = (date: string) => formatDate(date, { weekday: "short", month: "short", day: "numeric" });
const hourLabel = (h: number) => formatClock(`${String(h).padStart(2, "0")}:00`);
/** The restaurant dialog's title for each meal, also the meal button's name. */
const MEAL_TITLES = {
  breakfast: "meals:title.breakfast",
  lunch: "meals:title.lunch",
  dinner: "meals:title.dinner",
} as const;
const MEAL_LABELS = {
  breakfast: "calendar:meal.breakfast",
  lunch: "calendar:meal.lunch",
  dinner: "calendar:meal.dinner",
} as const;

/**
 * The calendar (spec 2 'Calendar view'), always editable: drag a visit within or across days
 * (mouse, long press, or Space and the arrow keys), drag its bottom edge to change the stay, '+'
 * between stops to add a place. System places neither move nor take a drop.
 */
export function CalendarView({
  days,
  colorOf,
  skippersOf,
  isSystem,
  busy,
  bookings = [],
  onVisit,
  onSystem,
  onSystemVisit,
  onNight,
  onMeal,
  onEdit,
  onRefused,
  onAddBetween,
}: {
  days: ItineraryDay[];
  colorOf(placeId: string): string;
  /** The names of the members who skip a visit ("who's going", issue 30). */
  skippersOf?: (placeId: string) => string[];
  isSystem(visit: ItineraryDay["visits"][number]): boolean;
  busy: boolean;
  /** The trip's bookings: shown on the blocks they fix (flights, hotels, tickets). */
  bookings?: readonly Booking[];
  onVisit(day: ItineraryDay, index: number): void;
  onSystem(name: string): void;
  /** A system visit (an airport of a flight) was opened. */
  onSystemVisit(day: ItineraryDay, index: number): void;
  /** The hotel block of the night after day `dayIndex` (0-based) was opened. */
  onNight(dayIndex: number): void;
  /** A meal button or meal block was opened; absent for a reader (the buttons say why they are off). */
  onMeal?: (day: ItineraryDay, meal: MealKindName) => void;
  /** Absent for a member who may not change the plan (no can_optimize): the calendar is read-only. */
  onEdit?: (edit: ItineraryEdit) => void;
  onRefused(message: string): void;
  /** Absent when nothing can be added: no place left to plan and no new place allowed (the deadline). */
  onAddBetween?: (day: number, index: number) => void;
}) {
  const sensors = useSensors(
    // A click or a tap still opens the popup, and a phone still scrolls: a drag starts after 6 px
    // with a mouse, after a 250 ms press with a finger.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: calendarKeyboardCoordinates,
      keyboardCodes: KEYBOARD_CODES,
    }),
  );
  const [dragging, setDragging] = useState<DragData | null>(null);
  // The booking and meal words live in the "meals" catalogue, loaded with the calendar.
  const mealsReady = useTranslation(["meals"]).ready;

  function onDragEnd(e: DragEndEvent) {
    setDragging(null);
    const from = e.active.data.current as DragData | undefined;
    const over = e.over?.data.current as DropData | undefined;
    if (!from || !over || !e.over) return;
    const moved = e.active.rect.current.translated;
    const target =
      over.kind === "day"
        ? { ...over, y: (moved ? moved.top + moved.height / 2 : e.over.rect.top) - e.over.rect.top }
        : over;
    const out = dropToEdit(days, from, target, yOf);
    if (!out) return;
    if ("error" in out) onRefused(out.error);
    else onEdit?.(out.edit);
  }
  const draggedVisit = dragging ? days[dragging.day - 1]?.visits[dragging.index] : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={calendarCollision}
      accessibility={{ announcements, screenReaderInstructions: screenReaderInstructions() }}
      onDragStart={(e: DragStartEvent) => setDragging((e.active.data.current as DragData) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <div className="overflow-x-auto overscroll-x-contain rounded-3xl bg-white/90 ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="flex min-w-max">
          <div
            className="sticky left-0 z-30 min-w-12 shrink-0 bg-white/95 pt-12 dark:bg-slate-900/95"
            aria-hidden
          >
            {/* As wide as the longest hour label of the language ("10:00 PM", "오후 10:00"). */}
            <div className="invisible h-0 overflow-hidden pr-1 pl-2 text-[10px] whitespace-nowrap">
              {[10, 12, 22].map((h) => (
                <span key={h} className="block">
                  {hourLabel(h)}
                </span>
              ))}
            </div>
            <div className="relative" style={{ height: CALENDAR_HEIGHT }}>
              {HOURS.map((h) => (
                <span
                  key={h}
                  className="absolute right-1 -translate-y-1/2 text-[10px] whitespace-nowrap text-slate-400"
                  style={{ top: (h - 6) * HOUR_PX }}
                >
                  {hourLabel(h)}
                </span>
              ))}
              {[0, 3].map((h) => (
                <span
                  key={`n${h}`}
                  className="absolute right-1 -translate-y-1/2 text-[10px] whitespace-nowrap text-slate-400"
                  style={{ top: DAY_PX + (h / 3) * HOUR_PX }}
                >
                  {hourLabel(h)}
                </span>
              ))}
            </div>
          </div>
          {days.map((d, di) => (
            <DayColumn
              key={d.date}
              day={d}
              first={di === 0}
              last={di === days.length - 1}
              prevDate={days[di - 1]?.date}
              colorOf={colorOf}
              skippersOf={skippersOf}
              isSystem={isSystem}
              busy={busy}
              bookings={mealsReady ? bookings : []}
              mealsReady={mealsReady}
              onVisit={onVisit}
              onSystem={onSystem}
              onSystemVisit={onSystemVisit}
              onNight={(evening) => onNight(evening ? di : di - 1)}
              onMeal={onMeal}
              onEdit={onEdit}
              onAddBetween={onAddBetween}
            />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {draggedVisit ? (
          <DragPreview
            name={draggedVisit.name}
            time={formatTimeRange(draggedVisit.start, draggedVisit.end)}
            color={colorOf(draggedVisit.placeId)}
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function DayColumn({
  day: d,
  first,
  last,
  prevDate,
  colorOf,
  skippersOf,
  isSystem,
  busy,
  bookings,
  mealsReady,
  onVisit,
  onSystem,
  onSystemVisit,
  onNight,
  onMeal,
  onEdit,
  onAddBetween,
}: {
  day: ItineraryDay;
  first: boolean;
  last: boolean;
  /** The previous day's date: this morning's hotel block is that night. */
  prevDate: string | undefined;
  colorOf(placeId: string): string;
  skippersOf?: (placeId: string) => string[];
  isSystem(visit: ItineraryDay["visits"][number]): boolean;
  busy: boolean;
  bookings: readonly Booking[];
  mealsReady: boolean;
  onVisit(day: ItineraryDay, index: number): void;
  onSystem(name: string): void;
  onSystemVisit(day: ItineraryDay, index: number): void;
  /** true: the night after this day; false: the night before it (the morning block). */
  onNight(evening: boolean): void;
  onMeal?: (day: ItineraryDay, meal: MealKindName) => void;
  onEdit?: (edit: ItineraryEdit) => void;
  onAddBetween?: (day: number, index: number) => void;
}) {
  const { t } = useTranslation();
  const drop = useDroppable({
    id: `day:${d.day}`,
    data: { kind: "day", day: d.day, y: 0 } satisfies DropData,
  });
  const system = d.visits.map(isSystem);
  // '+' between two stops, before the first and after the last; hidden next to airports (spec 2).
  const gaps = onAddBetween
    ? d.visits.length
      ? [...d.visits.keys(), d.visits.length].filter((i) => !system[i - 1] && !system[i])
      : [0]
    : [];
  const gapTop = (i: number) => {
    const prev = d.visits[i - 1];
    const next = d.visits[i];
    const prevEnd = prev ? yOf(prev.start) + blockHeight(prev) : undefined;
    if (prevEnd !== undefined && next) return (prevEnd + yOf(next.start)) / 2;
    if (next) return Math.max(12, yOf(next.start) - 12);
    if (prevEnd !== undefined) return prevEnd + 12;
    return yOf(d.depart) + 24;
  };
  const gapLabel = (i: number) => {
    const prev = d.visits[i - 1]?.name;
    const next = d.visits[i]?.name;
    return prev && next
      ? t("calendar:add.between", { before: prev, after: next })
      : next
        ? t("calendar:add.before", { name: next })
        : prev
          ? t("calendar:add.after", { name: prev })
          : t("calendar:add.onDay", { day: d.day });
  };
  const title = t("calendar:day.title", { day: d.day });
  const nightHotel = (date: string | undefined) => (date ? hotelForNight(bookings, date) : undefined);
  const morning = nightHotel(prevDate);
  const evening = nightHotel(d.date);
  const { morningHeight, eveningTop } = hotelSpans(d);
  const visitBooking = (v: PlanVisit, i: number): BlockBooking | undefined => {
    if (!mealsReady) return undefined;
    if (v.bookingId && system[i]) {
      const label = v.flightNumber
        ? t("meals:badge.bookedFlight", { number: v.flightNumber })
        : t("meals:badge.booked");
      return { kind: "flight", badge: t("meals:badge.booked"), text: v.flightNumber ?? "", label };
    }
    const from = i === 0 ? d.start.name : d.visits[i - 1]!.name;
    const ticket = transportForLeg(bookings, from, v.name, d.date);
    if (!ticket?.departureTime) return undefined;
    const time = formatClock(ticket.departureTime);
    return { kind: "ticket", text: time, label: t("meals:badge.ticket", { time }) };
  };
  // Meal buttons sit at 08:00, 12:00 and 18:00 in every day (spec 2 'Calendar view'), also before the
  // day starts (breakfast on a 09:00 day goes before the first visit); a meal the plan already has is
  // its own button (its break block), or its restaurant's visit.
  const mealButtons = mealsReady ? mealButtonKinds(d) : [];
  return (
    <section
      aria-label={title}
      className="w-44 shrink-0 border-l border-slate-100 sm:w-52 dark:border-slate-800"
    >
      <header className="flex h-12 min-w-0 flex-col justify-center px-2">
        <h3 className="truncate text-sm font-semibold">{title}</h3>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{dayTitle(d.date)}</p>
      </header>
      <div
        ref={drop.setNodeRef}
        className={drop.isOver ? "relative bg-brand-50/60 dark:bg-brand-900/30" : "relative"}
        style={{ height: CALENDAR_HEIGHT }}
      >
        {HOURS.map((h) => (
          <div
            key={h}
            className="absolute inset-x-0 border-t border-slate-100 dark:border-slate-800"
            style={{ top: (h - 6) * HOUR_PX }}
          />
        ))}
        <div
          className="absolute inset-x-0 bg-slate-50 dark:bg-slate-950/40"
          style={{ top: DAY_PX, height: NIGHT_PX }}
        />
        {first ? null : (
          <Hotel
            top={0}
            height={morningHeight}
            name={morning?.hotelName ?? serverText(d.start.name, d.start.nameKey)}
            booked={Boolean(morning)}
            onOpen={() => onNight(false)}
          />
        )}
        {last ? null : (
          <Hotel
            top={eveningTop}
            height={CALENDAR_HEIGHT - eveningTop}
            name={evening?.hotelName ?? serverText(d.end.name, d.end.nameKey)}
            booked={Boolean(evening)}
            onOpen={() => onNight(true)}
          />
        )}
        {/* A meal taken at a restaurant of the plan is that visit's block. */}
        {d.meals
          .filter((m) => !m.placeId)
          .map((m) => {
            const label = m.kind in MEAL_LABELS ? t(MEAL_LABELS[m.kind as keyof typeof MEAL_LABELS]) : m.kind;
            const style = { top: yOf(m.start), height: Math.max(20, yOf(m.end) - yOf(m.start)) };
            const look =
              "absolute inset-x-1 flex min-w-0 items-center gap-1 overflow-hidden rounded-lg bg-amber-50 px-2 text-left text-[11px] text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-900";
            const content = (
              <>
                <Utensils className="size-3 shrink-0" aria-hidden />
                <span className="truncate">{label}</span>
              </>
            );
            // A meal break opens its restaurant search for whoever may change the plan.
            return onMeal && mealsReady && isMealKind(m.kind) ? (
              <button
                key={m.kind}
                type="button"
                data-meal={m.kind}
                title={t(MEAL_TITLES[m.kind as MealKindName])}
                onClick={() => onMeal(d, m.kind as MealKindName)}
                className={`${look} outline-none hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-amber-900/60`}
                style={style}
              >
                {content}
              </button>
            ) : (
              <div key={m.kind} className={look} style={style}>
                {content}
              </div>
            );
          })}
        {d.visits.map((v, i) => (
          <VisitBlock
            key={v.placeId}
            day={d.day}
            index={i}
            visit={v}
            top={yOf(v.start)}
            height={blockHeight(v)}
            color={colorOf(v.placeId)}
            skippers={system[i] ? undefined : skippersOf?.(v.placeId)}
            system={system[i]!}
            disabled={busy}
            onOpen={() => (system[i] ? onSystemVisit(d, i) : onVisit(d, i))}
            booking={visitBooking(v, i)}
            onResize={
              onEdit
                ? (stayMinutes) => onEdit({ type: "resize", day: d.day, placeId: v.placeId, stayMinutes })
                : undefined
            }
          />
        ))}
        <SystemBlock
          id={`system:start:${d.day}`}
          label={t("calendar:system.start", { name: serverText(d.start.name, d.start.nameKey) })}
          time={formatClock(d.depart)}
          top={Math.max(0, yOf(d.depart) - SYSTEM_PX)}
          onOpen={() => onSystem(d.start.name)}
        />
        <SystemBlock
          id={`system:end:${d.day}`}
          label={t("calendar:system.end", { name: serverText(d.end.name, d.end.nameKey) })}
          time={formatClock(d.back)}
          top={Math.min(CALENDAR_HEIGHT - SYSTEM_PX, yOf(d.back))}
          onOpen={() => onSystem(d.end.name)}
        />
        {gaps.map((i) => (
          <AddBetween key={i} top={gapTop(i)} label={gapLabel(i)} onClick={() => onAddBetween?.(d.day, i)} />
        ))}
        {mealButtons.map((k) => (
          <MealButton
            key={k}
            meal={k}
            top={yOf(MEAL_TIMES[k])}
            onClick={onMeal ? () => onMeal(d, k) : undefined}
          />
        ))}
      </div>
    </section>
  );
}

/** The night (22:00-08:00, hotelSpans): the booked hotel's name, else the plan's night point; opens the hotel dialog. */
function Hotel({
  top,
  height,
  name,
  booked,
  onOpen,
}: {
  top: number;
  height: number;
  name: string;
  booked: boolean;
  onOpen(): void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-hotel={booked ? "booked" : ""}
      onClick={onOpen}
      className="absolute inset-x-1 flex min-w-0 flex-col items-stretch overflow-hidden rounded-xl bg-indigo-50 px-2 py-1 text-left text-[11px] text-indigo-900 ring-1 ring-indigo-100 outline-none hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-indigo-950/50 dark:text-indigo-100 dark:ring-indigo-900 dark:hover:bg-indigo-900/60"
      style={{ top, height }}
    >
      <span className="flex min-w-0 items-center gap-1">
        <Bed className="size-3 shrink-0" aria-hidden />
        <span className="truncate font-medium">{t("calendar:hotel")}</span>
        {booked ? (
          <span className="ml-auto inline-flex shrink-0 items-center gap-0.5 rounded-full bg-indigo-600 px-1.5 text-[10px] text-white">
            <BadgeCheck className="size-2.5" aria-hidden />
            {t("meals:badge.booked")}
          </span>
        ) : null}
      </span>
      <span className="block truncate">{name}</span>
    </button>
  );
}

/** A meal's '+' at its hour (08:00, 12:00, 18:00); a reader sees it off, with the reason as its tooltip. */
function MealButton({ meal, top, onClick }: { meal: MealKindName; top: number; onClick?: () => void }) {
  const { t } = useTranslation();
  const label = t(MEAL_TITLES[meal]);
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={onClick ? undefined : true}
      title={onClick ? label : `${label}: ${t("server:optimization.noEditPermission")}`}
      data-meal-button={meal}
      onClick={onClick}
      className="absolute left-0 z-10 grid size-5 -translate-y-1/2 place-items-center rounded-full bg-amber-100 text-amber-800 shadow-sm ring-1 ring-amber-300 outline-none hover:bg-amber-200 focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:bg-amber-900 dark:text-amber-100 dark:ring-amber-700"
      style={{ top }}
    >
      <Utensils className="size-3" aria-hidden />
    </button>
  );
}
