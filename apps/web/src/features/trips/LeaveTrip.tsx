import type { TripDetail } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { inputClass } from "../../ui/Field";
import { useHandOver, useLeaveTrip } from "./api";
import { useCurrentTripId } from "./currentTrip";

/** "Leave trip" (a free user's 3 trips must be able to end); the owner hands the trip over first. */
export function LeaveTrip({ detail, onDone }: { detail: TripDetail; onDone(): void }) {
  const { t } = useTranslation();
  const { trip, members } = detail;
  const leave = useLeaveTrip();
  const handOver = useHandOver(trip.id);
  const navigate = useNavigate();
  const [currentId, setCurrentId] = useCurrentTripId();
  const [confirming, setConfirming] = useState(false);
  const others = members.filter((m) => !m.isOwner);
  const [heir, setHeir] = useState(others[0]?.userId ?? "");
  const fail = (err: unknown) =>
    toast.error(err instanceof ApiError ? err.message : t("common:error.generic"));

  if (trip.my.isOwner)
    return (
      <div className="mt-6 space-y-2 border-t border-slate-100 pt-4 text-sm dark:border-slate-800">
        <p className="text-slate-500">{t("trips:leave.ownerHint")}</p>
        {others.length ? (
          <div className="flex flex-wrap gap-2">
            <select
              aria-label={t("trips:leave.newOwner")}
              className={inputClass}
              value={heir}
              onChange={(e) => setHeir(e.target.value)}
            >
              {others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              disabled={!heir || handOver.isPending}
              onClick={() => handOver.mutateAsync(heir).catch(fail)}
            >
              {t("trips:leave.handOver")}
            </Button>
          </div>
        ) : (
          <p className="text-slate-500">{t("trips:leave.onlyMember")}</p>
        )}
      </div>
    );

  return (
    <div className="mt-6 border-t border-slate-100 pt-4 dark:border-slate-800">
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t("trips:leave.button")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("trips:leave.button")}
        text={t("trips:leave.confirm", { name: trip.name })}
        confirmLabel={t("trips:leave.button")}
        busy={leave.isPending}
        onConfirm={() =>
          leave
            .mutateAsync(trip.id)
            .then(() => {
              if (currentId === trip.id) setCurrentId(null);
              setConfirming(false);
              toast.success(t("trips:leave.done", { name: trip.name }));
              onDone();
              navigate("/");
            })
            .catch(fail)
        }
      />
    </div>
  );
}
