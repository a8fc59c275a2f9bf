import { deadlineState } from "@tabi/contracts";
import { Clock } from "lucide-react";
import { deadlineText } from "./format";

/** Card badge and line: 'Add places by: ...' or 'Deadline expired: ...' (spec 1 'Home'). */
export function DeadlineLine({ deadline }: { deadline: string | null }) {
  const state = deadlineState(deadline);
  if (state === "none") return null;
  const expired = state === "expired";
  return (
    <p
      className={`flex items-center gap-1.5 text-xs ${expired ? "text-red-600 dark:text-red-400" : "text-slate-600 dark:text-slate-300"}`}
    >
      <span
        className={`rounded-full px-1.5 py-0.5 text-[10px] font-semibold uppercase ${expired ? "bg-red-100 dark:bg-red-900/40" : "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"}`}
      >
        {expired ? "Expired" : "Deadline"}
      </span>
      <Clock className="size-3.5" aria-hidden />
      {expired ? "Deadline expired: " : "Add places by: "}
      {deadlineText(deadline!)}
    </p>
  );
}

/** Trip header banner: red once expired, amber within 24 hours (spec 2 'Trip detail page'). */
export function DeadlineBanner({ deadline }: { deadline: string | null }) {
  if (!deadline) return null;
  const left = Date.parse(deadline) - Date.now();
  if (left < 0)
    return (
      <p
        role="status"
        className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        Deadline expired: {deadlineText(deadline)}
      </p>
    );
  if (left <= 24 * 3_600_000)
    return (
      <p
        role="status"
        className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
      >
        Deadline: {deadlineText(deadline)}
      </p>
    );
  return null;
}
