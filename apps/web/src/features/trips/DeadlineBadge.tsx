import { deadlineState } from "@tabi/contracts";
import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { deadlineText } from "./format";
import { useRerenderAt } from "./useDeadline";

/**
 * Card badge and line: 'Add places by: ...' or 'Deadline expired: ...' (spec 1 'Home'), on the trip's
 * clock with its zone named (`timeZone`: the trip's).
 */
export function DeadlineLine({ deadline, timeZone }: { deadline: string | null; timeZone: string }) {
  const { t } = useTranslation();
  useRerenderAt(deadline);
  const state = deadlineState(deadline);
  if (state === "none") return null;
  const expired = state === "expired";
  const when = deadlineText(deadline!, timeZone);
  return (
    <p
      className={`flex min-w-0 items-center gap-1.5 text-xs ${expired ? "text-red-600 dark:text-red-400" : "text-slate-600 dark:text-slate-300"}`}
    >
      <span
        className={`shrink-0 rounded-full px-1.5 py-0.5 text-[10px] font-semibold uppercase ${expired ? "bg-red-100 dark:bg-red-900/40" : "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"}`}
      >
        {expired ? t("trips:deadline.badgeExpired") : t("trips:deadline.badge")}
      </span>
      <Clock className="size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0">
        {expired ? t("trips:deadline.expiredAt", { when }) : t("trips:deadline.addBy", { when })}
      </span>
    </p>
  );
}

/** Trip header banner: red once expired, amber within 24 hours (spec 2 'Trip detail page'). */
export function DeadlineBanner({ deadline, timeZone }: { deadline: string | null; timeZone: string }) {
  const { t } = useTranslation();
  // Amber from 24 hours before, red from the deadline: both moments change it while it is on screen.
  const at = deadline ? Date.parse(deadline) : null;
  useRerenderAt(at === null ? null : at - 24 * 3_600_000);
  useRerenderAt(at);
  if (!deadline) return null;
  const left = Date.parse(deadline) - Date.now();
  if (left < 0)
    return (
      <p
        role="status"
        className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {t("trips:deadline.expiredAt", { when: deadlineText(deadline, timeZone) })}
      </p>
    );
  if (left <= 24 * 3_600_000)
    return (
      <p
        role="status"
        className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
      >
        {t("trips:deadline.at", { when: deadlineText(deadline, timeZone) })}
      </p>
    );
  return null;
}
