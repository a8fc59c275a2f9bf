import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type ChecklistItem, ITEM_TEXT_MAX, LIST_TITLE_MAX, type Member } from "@tabi/contracts";
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  Check,
  CloudOff,
  GripVertical,
  ListChecks,
  Lock,
  Pencil,
  Plus,
  Trash2,
} from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDate, formatDateTime } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { inputClass } from "../../ui/Field";
import { FullPageSpinner } from "../../ui/Spinner";
import { MemberAvatar } from "../trips/MemberIdentity";
import {
  useAddItem,
  useChangeItem,
  useChangeList,
  useCheckItem,
  useDeleteItem,
  useDeleteList,
  useList,
  useMoveItem,
  usePendingItems,
} from "./api";
import { failure, KIND_ICONS, KIND_LABELS, Progress, today } from "./parts";

type Person = { userId: string; name: string; color: string };

/** Arrow keys move a picked-up item to the row above or below (dnd-kit's keyboard sensor). */
const rowKeyboard: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const rect = context.collisionRect;
  if (!rect || (event.code !== "ArrowDown" && event.code !== "ArrowUp")) return undefined;
  event.preventDefault();
  const middle = rect.top + rect.height / 2;
  const rows = context.droppableContainers
    .getEnabled()
    .map((c) => context.droppableRects.get(c.id))
    .filter((r): r is NonNullable<typeof r> => Boolean(r))
    .map((r) => r.top + r.height / 2)
    .sort((a, b) => a - b);
  const target =
    event.code === "ArrowDown"
      ? rows.find((y) => y > middle + 2)
      : [...rows].reverse().find((y) => y < middle - 2);
  return target === undefined
    ? currentCoordinates
    : { ...currentCoordinates, y: currentCoordinates.y + target - middle };
};

/** One list: its items checked off live, added inline, edited, reordered by drag or by buttons. */
export function ListView({
  tripId,
  listId,
  members,
  me,
  onBack,
}: {
  tripId: string;
  listId: string;
  members: Member[];
  me: Person;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const list = useList(tripId, listId);
  const pending = usePendingItems(tripId, listId);
  const move = useMoveItem(tripId, listId);
  const deleteList = useDeleteList(tripId);
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowKeyboard }),
  );
  const items = list.data?.items ?? [];
  const textOf = (id: unknown) => items.find((i) => i.id === id)?.text ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("lists:dnd.pickedUp", { name: textOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("lists:dnd.over", { name: textOf(active.id), over: textOf(over.id) }) : undefined,
    onDragEnd: ({ active }) => t("lists:dnd.dropped", { name: textOf(active.id) }),
    onDragCancel: ({ active }) => t("lists:dnd.cancelled", { name: textOf(active.id) }),
  };

  if (list.isPending) return <FullPageSpinner />;
  if (list.isError || !list.data)
    return (
      <div className="space-y-4">
        <BackButton onBack={onBack} />
        <EmptyState icon={ListChecks} title={t("server:lists.listNotFound")} text={t("lists:gone")} />
      </div>
    );
  const detail = list.data;
  const Icon = KIND_ICONS[detail.kind];

  /** Puts `itemId` at index `to` of the list as it is now: after the item before it there. */
  const moveTo = (itemId: string, to: number) => {
    const rest = items.filter((i) => i.id !== itemId);
    const afterId = to <= 0 ? null : (rest[Math.min(to, rest.length) - 1]?.id ?? null);
    move.mutate({ itemId, afterId }, { onError: (err) => toast.error(failure(err, t("lists:saveFailed"))) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over || over.id === active.id) return;
    moveTo(
      String(active.id),
      items.findIndex((i) => i.id === over.id),
    );
  };
  const from = dragging ? items.findIndex((i) => i.id === dragging) : -1;

  return (
    <div className="space-y-4">
      <BackButton onBack={onBack} />
      <header className="space-y-3 rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        {renaming ? (
          <Rename tripId={tripId} listId={listId} title={detail.title} onDone={() => setRenaming(false)} />
        ) : (
          <div className="flex items-start gap-3">
            <span className="rounded-xl bg-brand-50 p-2 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="text-xl font-bold tracking-tight break-words" data-user-content>
                {detail.title}
              </h2>
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-500 dark:text-slate-400">
                <span>{t(KIND_LABELS[detail.kind])}</span>
                {detail.personal ? (
                  <span className="inline-flex items-center gap-1">
                    <Lock className="size-3.5" aria-hidden />
                    {t("lists:personalBadge")}
                  </span>
                ) : detail.createdBy ? (
                  <span>{t("lists:createdBy", { name: detail.createdBy.name })}</span>
                ) : null}
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="sm"
                className="size-10 px-0"
                onClick={() => setRenaming(true)}
                aria-label={t("lists:rename")}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              {detail.canDelete ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="size-10 px-0 text-red-600 dark:text-red-400"
                  onClick={() => setConfirming(true)}
                  aria-label={t("lists:deleteList")}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              ) : null}
            </div>
          </div>
        )}
        <Progress done={detail.done} total={detail.total} className="text-sm" />
      </header>

      <AddItem tripId={tripId} listId={listId} />

      {items.length === 0 && pending.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          {t("lists:noItems")}
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t("lists:dnd.instructions") },
          }}
          onDragStart={({ active }) => setDragging(String(active.id))}
          onDragCancel={() => setDragging(null)}
          onDragEnd={onDragEnd}
        >
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
            {items.map((item, index) => (
              <ItemRow
                key={item.id}
                item={item}
                index={index}
                count={items.length}
                from={from}
                tripId={tripId}
                listId={listId}
                members={members}
                me={me}
                onMove={(to) => moveTo(item.id, to)}
              />
            ))}
            {pending.map((p) => (
              <li
                key={p.id}
                className="flex min-h-14 items-center gap-3 px-3 py-2 text-slate-500 dark:text-slate-400"
              >
                <CloudOff className="size-5 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1 break-words">{p.text}</span>
                <span className="text-xs">{t("lists:waiting")}</span>
              </li>
            ))}
          </ul>
          <DragOverlay>
            {dragging ? (
              <div className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-2 shadow-xl ring-2 ring-brand-500 dark:bg-slate-800">
                <GripVertical className="size-5 text-slate-400" aria-hidden />
                {textOf(dragging)}
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("lists:deleteListTitle")}
        text={t(detail.personal ? "lists:deleteListTextPersonal" : "lists:deleteListText", {
          title: detail.title,
        })}
        confirmLabel={t("lists:deleteList")}
        busy={deleteList.isPending}
        onConfirm={() =>
          deleteList.mutate(listId, {
            onSuccess: () => {
              setConfirming(false);
              onBack();
            },
            onError: (err) => toast.error(failure(err, t("lists:saveFailed"))),
          })
        }
      />
    </div>
  );
}

function BackButton({ onBack }: { onBack(): void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
      <ArrowLeft className="size-4" aria-hidden />
      {t("lists:back")}
    </Button>
  );
}

function Rename({
  tripId,
  listId,
  title,
  onDone,
}: {
  tripId: string;
  listId: string;
  title: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const change = useChangeList(tripId);
  const [value, setValue] = useState(title);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return toast.error(t("server:lists.titleRequired"));
    change.mutate(
      { listId, body: { title: value.trim() } },
      { onSuccess: onDone, onError: (err) => toast.error(failure(err, t("lists:saveFailed"))) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap gap-2">
      <input
        className={cn(inputClass, "min-w-0 flex-1")}
        value={value}
        maxLength={LIST_TITLE_MAX}
        aria-label={t("lists:form.title")}
        onChange={(e) => setValue(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: opened by the rename button, to type at once
        autoFocus
      />
      <Button type="submit" disabled={change.isPending}>
        {t("common:action.save")}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        {t("common:action.cancel")}
      </Button>
    </form>
  );
}

/** The inline add: Enter adds, the field empties and keeps the focus for the next item. */
function AddItem({ tripId, listId }: { tripId: string; listId: string }) {
  const { t } = useTranslation();
  const add = useAddItem(tripId, listId);
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    setText("");
    input.current?.focus();
    add.mutate(
      { text: value },
      {
        onSuccess: ({ queued }) => {
          if (queued) toast.info(t("lists:queued"));
        },
        onError: (err) => {
          setText((now) => now || value); // nothing typed is lost
          toast.error(failure(err, t("lists:saveFailed")));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <input
        ref={input}
        className={cn(inputClass, "min-h-12 min-w-0 flex-1")}
        value={text}
        maxLength={ITEM_TEXT_MAX}
        placeholder={t("lists:addItem")}
        aria-label={t("lists:addItemLabel")}
        enterKeyHint="enter"
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" size="lg" className="px-4" aria-label={t("lists:add")}>
        <Plus className="size-5" aria-hidden />
        <span className="hidden sm:inline">{t("lists:add")}</span>
      </Button>
    </form>
  );
}

function ItemRow({
  item,
  index,
  count,
  from,
  tripId,
  listId,
  members,
  me,
  onMove,
}: {
  item: ChecklistItem;
  index: number;
  count: number;
  /** The index of the item being dragged (-1: none), to draw where this one would land. */
  from: number;
  tripId: string;
  listId: string;
  members: Member[];
  me: Person;
  onMove(to: number): void;
}) {
  const { t } = useTranslation();
  const check = useCheckItem(tripId, listId, me);
  const [editing, setEditing] = useState(false);
  const drag = useDraggable({ id: item.id });
  const drop = useDroppable({ id: item.id });
  const overHere = drop.isOver && from >= 0 && from !== index;
  const overdue = !item.checked && item.dueOn !== null && item.dueOn < today();
  const toggle = () =>
    check.mutate(
      { item, checked: !item.checked },
      { onError: (err) => toast.error(failure(err, t("lists:saveFailed"))) },
    );

  return (
    <li
      ref={(node) => {
        drop.setNodeRef(node);
        drag.setNodeRef(node);
      }}
      data-testid="list-item"
      className={cn(
        "relative bg-white dark:bg-slate-900",
        drag.isDragging && "opacity-40",
        overHere &&
          (from < index
            ? "shadow-[inset_0_-3px_0_0] shadow-brand-500"
            : "shadow-[inset_0_3px_0_0] shadow-brand-500"),
      )}
    >
      <div className="flex items-center gap-1 p-1">
        <button
          type="button"
          role="checkbox"
          aria-checked={item.checked}
          aria-label={item.text}
          onClick={toggle}
          className="flex size-12 shrink-0 items-center justify-center rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <span
            className={cn(
              "flex size-7 items-center justify-center rounded-full border-2 transition-colors",
              item.checked
                ? "border-emerald-500 bg-emerald-500 text-white"
                : "border-slate-300 dark:border-slate-600",
            )}
          >
            {item.checked ? <Check className="size-4" strokeWidth={3} aria-hidden /> : null}
          </span>
        </button>
        <div className="min-w-0 flex-1 py-2.5">
          <p
            className={cn(
              "break-words",
              item.checked && "text-slate-500 line-through decoration-slate-400 dark:text-slate-400",
            )}
            data-user-content
          >
            {item.text}
          </p>
          <ItemMeta item={item} overdue={overdue} />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="size-11 shrink-0 px-0 text-slate-500"
          aria-label={t("lists:edit", { text: item.text })}
          aria-expanded={editing}
          onClick={() => setEditing((e) => !e)}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        <button
          type="button"
          {...drag.listeners}
          {...drag.attributes}
          aria-label={t("lists:drag", { text: item.text })}
          className="flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-xl text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800"
          data-testid="drag-handle"
        >
          <GripVertical className="size-5" aria-hidden />
        </button>
      </div>
      {editing ? (
        <ItemEditor
          item={item}
          index={index}
          count={count}
          tripId={tripId}
          listId={listId}
          members={members}
          onMove={onMove}
          onDone={() => setEditing(false)}
        />
      ) : null}
    </li>
  );
}

function ItemMeta({ item, overdue }: { item: ChecklistItem; overdue: boolean }) {
  const { t } = useTranslation();
  const parts: React.ReactNode[] = [];
  if (item.assignee)
    parts.push(
      <span key="who" className="inline-flex items-center gap-1">
        <MemberAvatar member={item.assignee} className="size-5! text-[10px]" />
        {item.assignee.name}
      </span>,
    );
  if (item.dueOn)
    parts.push(
      <span
        key="due"
        className={cn(overdue && "font-semibold text-red-600 dark:text-red-400")}
        data-overdue={overdue || undefined}
      >
        {t(overdue ? "lists:overdue" : "lists:due", {
          date: formatDate(item.dueOn, { month: "short", day: "numeric" }),
        })}
      </span>,
    );
  if (item.checked && item.checkedAt)
    parts.push(
      <span key="done" className="text-emerald-700 dark:text-emerald-400" data-testid="checked-by">
        {item.checkedBy
          ? t("lists:checkedBy", { name: item.checkedBy.name, time: formatDateTime(item.checkedAt) })
          : t("lists:checkedAt", { time: formatDateTime(item.checkedAt) })}
      </span>,
    );
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
      {parts}
    </p>
  );
}

function ItemEditor({
  item,
  index,
  count,
  tripId,
  listId,
  members,
  onMove,
  onDone,
}: {
  item: ChecklistItem;
  index: number;
  count: number;
  tripId: string;
  listId: string;
  members: Member[];
  onMove(to: number): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const change = useChangeItem(tripId, listId);
  const remove = useDeleteItem(tripId, listId);
  const [text, setText] = useState(item.text);
  const [assigneeId, setAssigneeId] = useState(item.assignee?.userId ?? "");
  const [dueOn, setDueOn] = useState(item.dueOn ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return toast.error(t("server:lists.itemRequired"));
    change.mutate(
      { itemId: item.id, body: { text: text.trim(), assigneeId: assigneeId || null, dueOn: dueOn || null } },
      { onSuccess: onDone, onError: (err) => toast.error(failure(err, t("lists:saveFailed"))) },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 border-t border-slate-100 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40"
    >
      <label className="block text-sm font-medium">
        {t("lists:itemText")}
        <input
          className={cn(inputClass, "mt-1")}
          value={text}
          maxLength={ITEM_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          {t("lists:assignee")}
          <select
            className={cn(inputClass, "mt-1")}
            value={assigneeId}
            onChange={(e) => setAssigneeId(e.target.value)}
          >
            <option value="">{t("lists:nobody")}</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          {t("lists:dueDate")}
          <input
            type="date"
            className={cn(inputClass, "mt-1")}
            value={dueOn}
            onChange={(e) => setDueOn(e.target.value)}
          />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={change.isPending}>
          {t("common:action.save")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("common:action.cancel")}
        </Button>
        <span className="flex-1" />
        <Button
          variant="secondary"
          size="sm"
          className="h-10"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUp className="size-4" aria-hidden />
          {t("lists:moveUp")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="h-10"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDown className="size-4" aria-hidden />
          {t("lists:moveDown")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="h-10 text-red-600 dark:text-red-400"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(item.id, { onError: (err) => toast.error(failure(err, t("lists:saveFailed"))) })
          }
        >
          <Trash2 className="size-4" aria-hidden />
          {t("lists:deleteItem")}
        </Button>
      </div>
    </form>
  );
}
