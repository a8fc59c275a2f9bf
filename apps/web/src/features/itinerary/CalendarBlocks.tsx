import { useDraggable, useDroppable } from "@dnd-kit/core";
import type { ItineraryDay } from "@tabi/contracts";
import {
  BadgeCheck,
  Flag,
  GripVertical,
  Info,
  Lock,
  LockKeyhole,
  Plus,
  Ticket,
  UserMinus,
} from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import type { DragData, DropData } from "./calendarDnd";
import { formatMinutes, formatTimeRange, minutesBetween, resizeMinutes, visitNote } from "./edits";
import { LOCK_LABELS } from "./planInfo";

type Visit = ItineraryDay["visits"][number];

const addMinutes = (hhmm: string, m: number) => {
  const [h, mm] = hhmm.split(":").map(Number) as [number, number];
  const t = (((h * 60 + mm + m) % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
};

/**
 * One scheduled visit: a button (click or Enter opens its popup), dragged by mouse, long press or
 * Space, resized by its bottom handle (1 px per minute). System places do neither.
 */
export function VisitBlock({
  day,
  index,
  visit,
  top,
  height,
  color,
  skippers = [],
  system,
  disabled,
  onOpen,
  onResize,
  booking,
}: {
  day: number;
  index: number;
  visit: Visit;
  top: number;
  height: number;
  color: string;
  /** Members who will do something else than this visit: shown as a badge ("who's going"). */
  skippers?: string[];
  system: boolean;
  disabled: boolean;
  onOpen(): void;
  /** A booking this visit keeps: a booked flight at an airport, a ticket for the leg that arrives here. */
  booking?: BlockBooking;
  /** Absent for a reader who may not change the plan: no drag, no resize. */
  onResize?: (stayMinutes: number) => void;
}) {
  const { t } = useTranslation();
  const movable = !system && onResize !== undefined;
  const drag = useDraggable({
    id: `drag:${visit.placeId}`,
    data: { day, index, name: visit.name } satisfies DragData,
    disabled: !movable || disabled,
  });
  const drop = useDroppable({
    id: `visit:${visit.placeId}`,
    data: { kind: "visit", day, index, system, name: visit.name } satisfies DropData,
  });
  const stay = minutesBetween(visit.start, visit.end);
  const [dy, setDy] = useState<number | null>(null);
  const startY = useRef(0);
  const preview = dy === null ? null : resizeMinutes(stay, dy);
  const shownHeight = preview === null ? height : Math.max(40, preview);
  const note = visitNote(visit);
  const badges = !system && (visit.locked || note || skippers.length > 0);
  return (
    <button
      type="button"
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      {...(movable ? { ...drag.attributes, ...drag.listeners } : {})}
      aria-roledescription={movable ? t("calendar:block.roleDescription") : undefined}
      aria-disabled={false}
      data-visit={visit.placeId}
      data-start={visit.start}
      data-end={visit.end}
      data-system={system || undefined}
      onClick={onOpen}
      // Space picks the block up (and drops it): its key-up must not also open the popup.
      onKeyUp={(e) => {
        if (e.code === "Space" && movable) e.preventDefault(); // i18n-exempt: a key code, not text
      }}
      className={cn(
        "tabi-visit absolute inset-x-1 flex flex-col justify-start overflow-hidden rounded-xl py-1 pl-5 text-left text-white shadow-sm ring-1 ring-black/5 outline-none select-none hover:brightness-110 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 dark:ring-white/10 dark:focus-visible:ring-offset-slate-900",
        badges ? (skippers.length ? "pr-14" : "pr-9") : "pr-2",
        movable ? "cursor-grab touch-manipulation" : "cursor-pointer",
        drag.isDragging && "opacity-40",
        drop.isOver && !drag.isDragging && (system ? "ring-2 ring-red-500" : "ring-2 ring-brand-500"),
        preview !== null && "z-20 ring-2 ring-brand-500",
      )}
      style={{
        top,
        height: shownHeight,
        background: system ? "#0f172a" : color,
      }}
    >
      {system ? (
        <Flag className="absolute top-1.5 left-1 size-3.5 opacity-80" aria-hidden />
      ) : movable ? (
        <GripVertical className="absolute top-1.5 left-0.5 size-4 opacity-80" aria-hidden />
      ) : null}
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate text-xs font-semibold drop-shadow-sm">{visit.name}</span>
        {booking?.badge ? <BookingBadge booking={booking} text={booking.badge} /> : null}
      </span>
      <span className="flex min-w-0 items-center gap-1 text-[10px]">
        <span className="truncate">
          {formatTimeRange(visit.start, preview === null ? visit.end : addMinutes(visit.start, preview))}
          {preview !== null ? ` · ${formatMinutes(preview)}` : ""}
        </span>
        {booking && !booking.badge ? <BookingBadge booking={booking} text={booking.text} /> : null}
        {booking?.badge && booking.text ? (
          <span aria-hidden className="shrink-0 font-semibold">
            · {booking.text}
          </span>
        ) : null}
      </span>
      {badges ? <VisitBadges locked={visit.locked} note={note} skippers={skippers} /> : null}
      {!movable ? null : (
        // Pointer-only: the keyboard path is 'Duration' in the block's popup.
        <span
          aria-hidden
          data-resize-handle
          title={t("calendar:block.resizeHint")}
          className="absolute inset-x-0 bottom-0 flex h-3 cursor-ns-resize touch-none items-end justify-center pb-0.5"
          onPointerDown={(e) => {
            if (disabled || e.button !== 0) return;
            e.stopPropagation();
            e.preventDefault();
            e.currentTarget.setPointerCapture(e.pointerId);
            startY.current = e.clientY;
            setDy(0);
          }}
          onPointerMove={(e) => {
            if (dy !== null) setDy(e.clientY - startY.current);
          }}
          onPointerUp={(e) => {
            if (dy === null) return;
            const minutes = resizeMinutes(stay, e.clientY - startY.current);
            setDy(null);
            if (minutes !== stay && Math.abs(e.clientY - startY.current) >= 3) onResize?.(minutes);
          }}
          onPointerCancel={() => setDy(null)}
          onMouseDown={(e) => e.stopPropagation()}
          onTouchStart={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          onClick={(e) => e.stopPropagation()}
        >
          <span className="h-1 w-8 rounded-full bg-white/80 shadow-sm ring-1 ring-black/10" />
        </span>
      )}
    </button>
  );
}

/**
 * A lock and a note marker in the block's top corner. The icons are for the eye; the words (in the
 * block's accessible name) for screen readers: "Locked to this day", "Has a note on its time".
 */
function VisitBadges({
  locked,
  note,
  skippers = [],
}: {
  locked?: "day" | "time";
  note?: string;
  skippers?: string[];
}) {
  const { t } = useTranslation();
  const LockIcon = locked === "time" ? LockKeyhole : Lock;
  const skipping = skippers.length
    ? t("calendar:going.skippedBy", {
        names: skippers.join(t("calendar:list.separator")),
        count: skippers.length,
      })
    : "";
  return (
    <span className="absolute top-1 right-1 flex items-center gap-0.5">
      {skippers.length ? (
        <span
          title={skipping}
          className="flex h-4 items-center gap-px rounded-full bg-black/25 px-1 text-[9px] font-semibold"
          data-skips={skippers.length}
        >
          <UserMinus className="size-2.5" aria-hidden />
          <span aria-hidden>{skippers.length}</span>
          <span className="sr-only"> {skipping}</span>
        </span>
      ) : null}
      {locked ? (
        <span
          title={LOCK_LABELS[locked]}
          className="grid size-4 place-items-center rounded-full bg-black/25"
          data-locked={locked}
        >
          <LockIcon className="size-2.5" aria-hidden />
          <span className="sr-only"> {LOCK_LABELS[locked]}</span>
        </span>
      ) : null}
      {note ? (
        <span title={note} className="grid size-4 place-items-center rounded-full bg-black/25" data-note>
          <Info className="size-2.5" aria-hidden />
          <span className="sr-only"> {t("calendar:block.hasNote")}</span>
        </span>
      ) : null}
    </span>
  );
}

/** What a block shows of its booking: the words for the eye and for screen readers. */
export interface BlockBooking {
  kind: "flight" | "ticket";
  /** A word beside the name ("Booked"); without it the pill sits after the time. */
  badge?: string;
  /** "JL123" for a flight (after its time), "09:30" for a ticket (in its pill). */
  text: string;
  /** "Booked · JL123", "Ticket booked · 09:30": the tooltip and the screen reader's words. */
  label: string;
}

/** A small pill after the block's time: a check for a booked flight, a ticket for a booked ride. */
function BookingBadge({ booking, text }: { booking: BlockBooking; text: string }) {
  const Icon = booking.kind === "flight" ? BadgeCheck : Ticket;
  return (
    <span
      title={booking.label}
      data-booking={booking.kind}
      className="inline-flex max-w-[60%] shrink-0 items-center gap-0.5 rounded-full bg-white/25 px-1 text-[10px] font-semibold"
    >
      <Icon className="size-2.5 shrink-0" aria-hidden />
      <span className="truncate" aria-hidden>
        {text}
      </span>
      <span className="sr-only"> {booking.label}</span>
    </span>
  );
}

/** The day's start or end point (departure, hotel, return): a system place, a drop that is refused. */
export function SystemBlock({
  id,
  label,
  time,
  top,
  onOpen,
}: {
  id: string;
  label: string;
  time: string;
  top: number;
  onOpen(): void;
}) {
  const drop = useDroppable({ id, data: { kind: "system", name: label } satisfies DropData });
  return (
    <button
      type="button"
      ref={drop.setNodeRef}
      data-system
      onClick={onOpen}
      className={cn(
        "absolute inset-x-1 z-[1] flex h-[22px] items-center gap-1 overflow-hidden rounded-lg bg-slate-800 px-2 text-left text-[10px] text-white ring-1 ring-black/10 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-700 dark:ring-white/10",
        drop.isOver && "ring-2 ring-red-500",
      )}
      style={{ top }}
    >
      <Flag className="size-3 shrink-0" aria-hidden />
      <span className="truncate">
        <span className="font-semibold">{time}</span> {label}
      </span>
    </button>
  );
}

/** A round '+' on the boundary between two stops (spec 2 'Add-place-between-stops dialog'). */
export function AddBetween({ top, label, onClick }: { top: number; label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="absolute right-0 z-10 grid size-6 -translate-y-1/2 place-items-center rounded-full bg-white text-brand-700 shadow ring-1 ring-slate-300 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600"
      style={{ top }}
    >
      <Plus className="size-3.5" aria-hidden />
    </button>
  );
}

/** What follows the pointer while a visit is dragged. */
export function DragPreview({ name, time, color }: { name: string; time: string; color: string }) {
  return (
    <div
      className="w-40 cursor-grabbing rounded-xl px-2 py-1 text-left text-white shadow-xl ring-2 ring-brand-500 sm:w-48"
      style={{ background: color }}
    >
      <span className="block truncate text-xs font-semibold drop-shadow-sm">{name}</span>
      <span className="block text-[10px] opacity-90">{time}</span>
    </div>
  );
}
