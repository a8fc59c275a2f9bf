import type {
  Announcements,
  ClientRect,
  CollisionDetection,
  DroppableContainer,
  KeyboardCodes,
  KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { i18n } from "../../i18n";
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
  start: ["Space"], // i18n-exempt: key codes, not text
  cancel: ["Escape"], // i18n-exempt: key codes, not text
  end: ["Space", "Enter"], // i18n-exempt: key codes, not text
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

/** What the block is over, for the live region: null when it is over no drop area. */
function where(d: DropData | undefined): string | null {
  if (!d) return null;
  if (d.kind === "visit")
    return i18n.t(d.system ? "calendar:dnd.target.systemVisit" : "calendar:dnd.target.visit", {
      name: d.name ?? i18n.t("calendar:dnd.someVisit"),
      day: d.day,
    });
  if (d.kind === "system")
    return i18n.t("calendar:dnd.target.system", { name: d.name ?? i18n.t("calendar:dnd.someSystemPlace") });
  return i18n.t("calendar:dnd.target.day", { day: d.day });
}
const nameOf = (active: { data: { current?: unknown } }) => (active.data.current as DragData).name;

/** Screen-reader announcements that name the places (dnd-kit's live region), in the app's language. */
export const announcements: Announcements = {
  onDragStart: ({ active }) => i18n.t("calendar:dnd.pickedUp", { name: nameOf(active) }),
  onDragOver: ({ active, over }) => {
    const target = where(over?.data.current as DropData | undefined);
    return target === null
      ? i18n.t("calendar:dnd.overNothing", { name: nameOf(active) })
      : i18n.t("calendar:dnd.over", { name: nameOf(active), target });
  },
  onDragEnd: ({ active, over }) => {
    const target = over ? where(over.data.current as DropData | undefined) : null;
    return target === null
      ? i18n.t("calendar:dnd.droppedOutside", { name: nameOf(active) })
      : i18n.t("calendar:dnd.dropped", { name: nameOf(active), target });
  },
  onDragCancel: ({ active }) => i18n.t("calendar:dnd.cancelled", { name: nameOf(active) }),
};

/** How to move a block with the keyboard (dnd-kit's description of each draggable). */
export const screenReaderInstructions = () => ({ draggable: i18n.t("calendar:dnd.instructions") });
