import type { ItineraryDay, ItineraryEdit } from "@tabi/contracts";
import { ArrowDown, ArrowUp, Clock, Lock, LockKeyhole, LockOpen, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { inputClass } from "../../ui/Field";
import { bestSlot } from "./edits";

const LOCK_CHOICES = [
  { lock: "day", label: "calendar:actions.lockDay", Icon: Lock },
  { lock: "time", label: "calendar:actions.lockTime", Icon: LockKeyhole },
  { lock: null, label: "calendar:actions.unlock", Icon: LockOpen },
] as const;
/** A small button that grows when a long translation wraps, instead of spilling out of its height. */
const GROW = "!h-auto min-h-8 !py-1";
const LOCKED_HINTS = {
  day: "calendar:actions.lockedHint.day",
  time: "calendar:actions.lockedHint.time",
} as const;

/** Edit controls of one scheduled visit (keyboard and touch friendly; spec 2 'Calendar edit operations'). */
export function VisitActions({
  days,
  day,
  index,
  busy,
  onEdit,
}: {
  days: ItineraryDay[];
  day: ItineraryDay;
  index: number;
  busy: boolean;
  onEdit(edit: ItineraryEdit): void;
}) {
  const { t } = useTranslation();
  const v = day.visits[index];
  const [confirming, setConfirming] = useState(false);
  // After removing a day's last visit the (optimistic) plan no longer has this index: nothing to edit.
  if (!v) return null;
  const stay = Math.round((Date.parse(`2000-01-01T${v.end}`) - Date.parse(`2000-01-01T${v.start}`)) / 60000);
  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          className={GROW}
          disabled={busy || index === 0}
          onClick={() => onEdit({ type: "reorder", day: day.day, from: index, to: index - 1 })}
        >
          <ArrowUp className="size-4" aria-hidden /> {t("calendar:actions.earlier")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className={GROW}
          disabled={busy || index === day.visits.length - 1}
          onClick={() => onEdit({ type: "reorder", day: day.day, from: index, to: index + 1 })}
        >
          <ArrowDown className="size-4" aria-hidden /> {t("calendar:actions.later")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className={GROW}
          disabled={busy}
          onClick={() => {
            // Spec 2: the duration is asked in minutes; empty or non-numeric input is ignored.
            const answer = window.prompt(
              t("calendar:actions.durationPrompt", { name: v.name }),
              String(stay),
            );
            const n = Number(answer);
            if (answer && Number.isFinite(n) && n >= 15)
              onEdit({ type: "resize", day: day.day, placeId: v.placeId, stayMinutes: Math.round(n) });
          }}
        >
          <Clock className="size-4" aria-hidden /> {t("calendar:stop.duration")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className={`${GROW} text-red-600`}
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden /> {t("calendar:actions.remove")}
        </Button>
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-label={t("calendar:actions.removeTitle")}
          className="rounded-xl bg-red-50 p-3 text-sm dark:bg-red-950/40"
        >
          <p className="break-words">{t("calendar:actions.removeConfirm", { name: v.name })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="danger"
              onClick={() => onEdit({ type: "remove", day: day.day, placeId: v.placeId })}
            >
              {t("calendar:actions.remove")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t("common:action.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {/*
        All three stay in place and are never `disabled` (a disabled button drops the focus, and the
        popup stays open after a lock); the pressed one is the visit's lock.
      */}
      <div role="group" aria-label={t("calendar:actions.lockGroup")} className="flex flex-wrap gap-2">
        {LOCK_CHOICES.map(({ lock, label, Icon }) => {
          const current = (v.locked ?? null) === lock;
          const inactive = busy || (lock === null && current);
          return (
            <Button
              key={label}
              size="sm"
              variant={current && lock ? "primary" : "secondary"}
              aria-pressed={lock ? current : undefined}
              aria-disabled={inactive || undefined}
              className={`${GROW} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
              onClick={() => {
                if (!current && !inactive) onEdit({ type: "lock", day: day.day, placeId: v.placeId, lock });
              }}
            >
              <Icon className="size-4" aria-hidden /> {t(label)}
            </Button>
          );
        })}
      </div>
      <p aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
        {v.locked ? t(LOCKED_HINTS[v.locked]) : t("calendar:actions.unlockedHint")}
      </p>
      {days.length > 1 ? (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          {t("calendar:actions.moveTo")}
          <select
            className={`${inputClass} !w-auto max-w-full !py-1.5`}
            value={day.day}
            disabled={busy}
            onChange={(e) => {
              const toDay = Number(e.target.value);
              const target = days[toDay - 1];
              const toIndex = target ? bestSlot(target, v) : 0;
              onEdit({ type: "move", fromDay: day.day, index, toDay, toIndex });
            }}
          >
            {days.map((d) => (
              <option key={d.day} value={d.day}>
                {t("calendar:day.title", { day: d.day })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
