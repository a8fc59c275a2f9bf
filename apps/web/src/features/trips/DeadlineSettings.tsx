import {
  DEADLINE_PRESET_HOURS,
  deadlineState,
  latestDeadline,
  presetDeadline,
  TRIP_MESSAGES,
  type TripDetail,
} from "@tabi/contracts";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { Field, Input } from "../../ui/Field";
import { useUpdateTrip } from "./api";
import { deadlineText } from "./format";

// <input type="datetime-local"> speaks the viewer's local wall clock, without a zone.
const toLocalInput = (d: Date) => {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
const PRESET_LABELS: Record<number, string> = { 24: "1 day", 72: "3 days", 168: "1 week" };

/** Deadline tab (spec 1): minimum now, maximum the last day 23:59, presets, Clear. */
export function DeadlineSettings({ detail }: { detail: TripDetail }) {
  const { trip } = detail;
  const update = useUpdateTrip(trip.id);
  const [value, setValue] = useState(
    trip.addPlaceDeadline ? toLocalInput(new Date(trip.addPlaceDeadline)) : "",
  );
  const [error, setError] = useState("");
  const isAdmin = trip.my.role === "admin";
  // Spec 1 section 6: only the creator extends the deadline; other admins may set one or bring it forward.
  const current = trip.addPlaceDeadline ? new Date(trip.addPlaceDeadline) : null;
  const mayExtend = trip.my.isOwner || !current;
  const max = latestDeadline(trip);
  const state = deadlineState(trip.addPlaceDeadline);

  async function save(deadline: Date | null) {
    setError("");
    if (deadline && deadline.getTime() < Date.now()) return setError("The deadline cannot be in the past");
    if (deadline && deadline > max) return setError("The deadline cannot be after the last day of the trip");
    if (!mayExtend && (!deadline || (current && deadline > current)))
      return setError(TRIP_MESSAGES.onlyCreatorExtends);
    try {
      await update.mutateAsync({ addPlaceDeadline: deadline ? deadline.toISOString() : null });
      setValue(deadline ? toLocalInput(deadline) : "");
      toast.success(deadline ? "Deadline set" : "Deadline cleared");
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {state === "none"
          ? "No deadline: members can add places at any time."
          : state === "active"
            ? `Members can add places until ${deadlineText(trip.addPlaceDeadline!)}.`
            : `Deadline expired: ${deadlineText(trip.addPlaceDeadline!)}. Only admins can add places.`}
      </p>
      {isAdmin ? (
        <>
          <div>
            <p className="mb-2 text-sm font-medium">Before the trip starts</p>
            <div className="flex flex-wrap gap-2">
              {DEADLINE_PRESET_HOURS.map((h) => {
                const at = presetDeadline(trip, h);
                return (
                  <Button
                    key={h}
                    size="sm"
                    variant="secondary"
                    disabled={at.getTime() < Date.now() || update.isPending}
                    onClick={() => save(at)}
                  >
                    {PRESET_LABELS[h]}
                  </Button>
                );
              })}
            </div>
          </div>
          <Field
            label="Add places by"
            error={error || undefined}
            hint={
              mayExtend
                ? `At the latest ${deadlineText(max.toISOString())}`
                : TRIP_MESSAGES.onlyCreatorExtends
            }
          >
            {(id, d) => (
              <Input
                id={id}
                aria-describedby={d}
                type="datetime-local"
                min={toLocalInput(new Date())}
                max={toLocalInput(max)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <Button disabled={!value || update.isPending} onClick={() => save(new Date(value))}>
              {update.isPending ? "Saving..." : "Set Deadline"}
            </Button>
            <Button
              variant="ghost"
              disabled={!trip.addPlaceDeadline || !mayExtend || update.isPending}
              onClick={() => save(null)}
            >
              Clear
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-500">Only trip admins can change the deadline.</p>
      )}
    </div>
  );
}
