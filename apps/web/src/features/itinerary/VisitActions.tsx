import type { ItineraryDay, ItineraryEdit } from "@tabi/contracts";
import { ArrowDown, ArrowUp, Clock, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { inputClass } from "../../ui/Field";

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
          disabled={busy || index === 0}
          onClick={() => onEdit({ type: "reorder", day: day.day, from: index, to: index - 1 })}
        >
          <ArrowUp className="size-4" aria-hidden /> Earlier
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy || index === day.visits.length - 1}
          onClick={() => onEdit({ type: "reorder", day: day.day, from: index, to: index + 1 })}
        >
          <ArrowDown className="size-4" aria-hidden /> Later
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => {
            // Spec 2: the duration is asked in minutes; empty or non-numeric input is ignored.
            const answer = window.prompt(`Stay at ${v.name} (minutes)`, String(stay));
            const n = Number(answer);
            if (answer && Number.isFinite(n) && n >= 15)
              onEdit({ type: "resize", day: day.day, placeId: v.placeId, stayMinutes: Math.round(n) });
          }}
        >
          <Clock className="size-4" aria-hidden /> Duration
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-label="Remove from schedule"
          className="rounded-xl bg-red-50 p-3 text-sm dark:bg-red-950/40"
        >
          <p>Are you sure you want to remove {v.name} from your schedule?</p>
          <div className="mt-2 flex gap-2">
            <Button
              size="sm"
              variant="danger"
              onClick={() => onEdit({ type: "remove", day: day.day, placeId: v.placeId })}
            >
              Remove
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {days.length > 1 ? (
        <label className="flex items-center gap-2 text-sm">
          Move to
          <select
            className={`${inputClass} !w-auto !py-1.5`}
            value={day.day}
            disabled={busy}
            onChange={(e) =>
              onEdit({ type: "move", fromDay: day.day, index, toDay: Number(e.target.value), toIndex: 0 })
            }
          >
            {days.map((d) => (
              <option key={d.day} value={d.day}>
                Day {d.day}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
