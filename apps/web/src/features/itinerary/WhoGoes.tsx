import type { Place } from "@tabi/contracts";
import { UserCheck, UserMinus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { useMe } from "../auth/session";
import { useSkipVisit } from "../places/api";
import { useTrip } from "../trips/api";

/**
 * Who goes to a planned visit (issue 30): every member but those who said "I'll do something else",
 * and the caller's own choice. The plan counts the visit for those who go at its next optimisation.
 */
export function WhoGoes({ tripId, place }: { tripId: string; place: Place }) {
  const { t } = useTranslation();
  const me = useMe().data;
  const members = useTrip(tripId).data?.members ?? [];
  const skip = useSkipVisit(tripId);
  const skipped = new Set(place.skippedBy.map((p) => p.userId));
  const going = members.filter((m) => !skipped.has(m.userId));
  const iSkip = me ? skipped.has(me.id) : false;
  const separator = t("calendar:list.separator");
  return (
    <section
      aria-labelledby={`going-${place.id}`}
      className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm dark:border-slate-800"
      data-who-goes
    >
      <h3 id={`going-${place.id}`} className="font-semibold">
        {t("calendar:going.title")}
      </h3>
      <p className="flex items-start gap-1.5" data-going>
        <UserCheck className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
        <span>
          <span className="sr-only">{t("calendar:going.going")}: </span>
          {going.length
            ? going.map((m, i) => (
                <span key={m.userId}>
                  {i > 0 ? separator : ""}
                  <span style={{ color: m.color }} aria-hidden>
                    ●{" "}
                  </span>
                  {m.name}
                </span>
              ))
            : t("calendar:going.nobody")}
        </span>
      </p>
      {place.skippedBy.length ? (
        <p className="flex items-start gap-1.5 text-slate-600 dark:text-slate-300" data-skipping>
          <UserMinus className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t("calendar:going.skippedBy", {
              names: place.skippedBy.map((p) => p.name).join(separator),
              count: place.skippedBy.length,
            })}
          </span>
        </p>
      ) : null}
      {me ? (
        <Button
          size="sm"
          variant="secondary"
          className="!h-auto min-h-8 !py-1"
          disabled={skip.isPending}
          aria-pressed={iSkip}
          onClick={() =>
            skip.mutate(
              { id: place.id, skip: !iSkip },
              {
                onError: (err) =>
                  toast.error(err instanceof ApiError ? err.message : t("calendar:going.failed")),
              },
            )
          }
        >
          {iSkip ? (
            <>
              <UserCheck className="size-4" aria-hidden /> {t("calendar:going.goAfterAll")}
            </>
          ) : (
            <>
              <UserMinus className="size-4" aria-hidden /> {t("calendar:going.skip")}
            </>
          )}
        </Button>
      ) : null}
      {iSkip ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("calendar:going.hint")}</p>
      ) : null}
    </section>
  );
}
