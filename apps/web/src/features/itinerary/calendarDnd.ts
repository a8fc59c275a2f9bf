import type {
  Announcements,
  ClientRect,
  CollisionDetection,
  DroppableContainer,
  KeyboardCodes,
  KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import type { DropTarget } from "./edits";

/** What a draggable block carries, and what each drop area is (a visit, a system block, a day). */
export type DragData = { day: number; index: number; name: string };
export type DropData = DropTarget & { name?: string };

const centre = (r: ClientRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const inside = (r: ClientRect, p: { x: number; y: number }) =>
  p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
const dataOf = (c: DroppableContainer) => c.data.current as DropData | undefined;

/**
 * The drop area under the pointer (or, for the keyboard, under the middle of the dragged block):
 * a visit or a system block before the day column that holds it.
 */
export const calendarCollision: CollisionDetection = ({
  droppableContainers,
  droppableRects,
  pointerCoordinates,
  collisionRect,
}) => {
  const p = pointerCoordinates ?? centre(collisionRect);
  return droppableContainers
    .filter((c) => {
      const r = droppableRects.get(c.id);
      return r && inside(r, p);
    })
    .map((c) => ({ id: c.id, data: { droppableContainer: c, value: dataOf(c)?.kind === "day" ? 1 : 0 } }))
    .sort((a, b) => a.data.value - b.data.value);
};

/** Space picks up and drops, Escape cancels; Enter still opens the block's popup. */
export const KEYBOARD_CODES: KeyboardCodes = {
  start: ["Space"],
  cancel: ["Escape"],
  end: ["Space", "Enter"],
};

/**
 * Keyboard moves: up and down jump to the previous or next block of the day, left and right to the
 * neighbouring day at the same time of day.
 */
export const calendarKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context },
) => {
  const rect = context.collisionRect;
  if (!rect) return;
  const here = centre(rect);
  const areas = context.droppableContainers
    .getEnabled()
    .map((c) => ({ data: dataOf(c), rect: context.droppableRects.get(c.id) }))
    .filter((a): a is { data: DropData; rect: ClientRect } => Boolean(a.data && a.rect));
  const columns = areas.filter((a) => a.data.kind === "day").sort((a, b) => a.rect.left - b.rect.left);
  const column = columns.find((c) => here.x >= c.rect.left && here.x <= c.rect.right) ?? columns[0];
  let target: { x: number; y: number } | undefined;
  switch (event.code) {
    case "ArrowRight":
    case "ArrowLeft": {
      const next =
        event.code === "ArrowRight"
          ? columns.find((c) => c.rect.left > here.x)
          : [...columns].reverse().find((c) => c.rect.right < here.x);
      if (next) target = { x: centre(next.rect).x, y: here.y };
      break;
    }
    case "ArrowDown":
    case "ArrowUp": {
      if (!column) return;
      const blocks = areas
        .filter((a) => a.data.kind !== "day" && inside(column.rect, centre(a.rect)))
        .map((a) => centre(a.rect).y)
        .sort((a, b) => a - b);
      const y =
        event.code === "ArrowDown"
          ? (blocks.find((b) => b > here.y + 2) ?? Math.min(here.y + 40, column.rect.bottom - 1))
          : ([...blocks].reverse().find((b) => b < here.y - 2) ?? Math.max(here.y - 40, column.rect.top + 1));
      target = { x: centre(column.rect).x, y };
      break;
    }
    default:
      return;
  }
  if (!target) return;
  event.preventDefault();
  return { x: currentCoordinates.x + target.x - here.x, y: currentCoordinates.y + target.y - here.y };
};

const where = (d: DropData | undefined) =>
  !d
    ? "no drop area"
    : d.kind === "visit"
      ? `${d.name ?? "a visit"} on day ${d.day}${d.system ? ", a system place that cannot be a target" : ""}`
      : d.kind === "system"
        ? `${d.name ?? "a system place"}, a system place that cannot be a target`
        : `free time on day ${d.day}`;

/** Screen-reader announcements that name the places (dnd-kit's live region). */
export const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${(active.data.current as DragData).name}.`,
  onDragOver: ({ active, over }) =>
    `${(active.data.current as DragData).name} is over ${where(over?.data.current as DropData | undefined)}.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${(active.data.current as DragData).name} was dropped on ${where(over.data.current as DropData)}.`
      : `${(active.data.current as DragData).name} was dropped outside the calendar.`,
  onDragCancel: ({ active }) => `Moving ${(active.data.current as DragData).name} was cancelled.`,
};

export const screenReaderInstructions = {
  draggable:
    "To move this visit, press Space. Use the up and down arrows to change its slot in the day, left and right to move it to another day. Press Space again to drop it, or Escape to cancel. Press Enter for its details.",
};
