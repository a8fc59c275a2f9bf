import {
  DEADLINE_PRESET_HOURS,
  deadlineState,
  latestDeadline,
  presetDeadline,
  type TripDetail,
} from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDateTimeIn, timeZoneName } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Field, Input } from "../../ui/Field";
import { useUpdateTrip } from "./api";
import { deadlineText, fromZonedInputValue, zonedInputValue } from "./format";

// <input type="datetime-local"> is a wall clock without a zone: here the trip's, as every deadline
// text says it (a member in London sets "23:59" of a Kyoto trip's last day as 23:59 in Kyoto).
const toInput = (d: Date, timeZone: string) => zonedInputValue(d, timeZone);
const fromInput = (value: string, timeZone: string) => fromZonedInputValue(value, timeZone);
const PRESET_LABELS = {
  24: "trips:deadline.preset.oneDay",
  72: "trips:deadline.preset.threeDays",
  168: "trips:deadline.preset.oneWeek",
} as const satisfies Record<(typeof DEADLINE_PRESET_HOURS)[number], string>;

/** Deadline tab (spec 1): minimum now, maximum the last day 23:59, presets, Clear. */
export function DeadlineSettings({ detail }: { detail: TripDetail }) {
  const { t } = useTranslation();
  const { trip } = detail;
  const update = useUpdateTrip(trip.id);
  const [value, setValue] = useState(
    trip.addPlaceDeadline ? toInput(new Date(trip.addPlaceDeadline), trip.timezone) : "",
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
    if (deadline && deadline.getTime() < Date.now()) return setError(t("server:trips.deadlinePast"));
    if (deadline && deadline > max) return setError(t("server:trips.deadlineAfterTrip"));
    if (!mayExtend && (!deadline || (current && deadline > current)))
      return setError(t("server:trips.onlyCreatorExtends"));
    try {
      await update.mutateAsync({ addPlaceDeadline: deadline ? deadline.toISOString() : null });
      setValue(deadline ? toInput(deadline, trip.timezone) : "");
      toast.success(deadline ? t("trips:deadline.saved") : t("trips:deadline.cleared"));
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {state === "none"
          ? t("trips:deadline.none")
          : state === "active"
            ? t("trips:deadline.until", { when: deadlineText(trip.addPlaceDeadline!, trip.timezone) })
            : t("trips:deadline.expiredAdminsOnly", {
                when: deadlineText(trip.addPlaceDeadline!, trip.timezone),
              })}
      </p>
      {isAdmin ? (
        <>
          <div>
            <p className="mb-2 text-sm font-medium">{t("trips:deadline.presets")}</p>
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
                    {t(PRESET_LABELS[h])}
                  </Button>
                );
              })}
            </div>
          </div>
          <Field
            label={t("trips:deadline.field")}
            error={error || undefined}
            hint={`${t("trips:deadline.zoneHint", { zone: timeZoneName(trip.timezone, value ? fromInput(value, trip.timezone) : max) })} ${
              mayExtend
                ? t("trips:deadline.latest", { when: formatDateTimeIn(max, trip.timezone) })
                : t("server:trips.onlyCreatorExtends")
            }`}
          >
            {(id, d) => (
              <Input
                id={id}
                aria-describedby={d}
                type="datetime-local"
                min={toInput(new Date(), trip.timezone)}
                max={toInput(max, trip.timezone)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={!value || update.isPending}
              onClick={() => save(fromInput(value, trip.timezone))}
            >
              {update.isPending ? t("common:status.saving") : t("trips:deadline.set")}
            </Button>
            <Button
              variant="ghost"
              disabled={!trip.addPlaceDeadline || !mayExtend || update.isPending}
              onClick={() => save(null)}
            >
              {t("trips:deadline.clear")}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-500">{t("trips:deadline.adminsOnly")}</p>
      )}
    </div>
  );
}
