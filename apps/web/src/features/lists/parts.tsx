import type { ChecklistKind } from "@tabi/contracts";
import { Backpack, ClipboardList, type LucideIcon, Plane, Ticket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";

export const KIND_ICONS: Record<ChecklistKind, LucideIcon> = {
  packing: Backpack,
  todo: Plane,
  booking: Ticket,
  other: ClipboardList,
};

export const KIND_LABELS: Record<ChecklistKind, string> = {
  packing: "lists:kind.packing",
  todo: "lists:kind.todo",
  booking: "lists:kind.booking",
  other: "lists:kind.other",
};

/** "3/12" with a bar: how much of a list is done. */
export function Progress({ done, total, className }: { done: number; total: number; className?: string }) {
  const { t } = useTranslation();
  const share = total === 0 ? 0 : done / total;
  return (
    <span className={cn("flex min-w-0 items-center gap-2", className)}>
      <span
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={t("lists:progressLabel", { done, total })}
        className="h-1.5 min-w-10 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <span
          className={cn(
            "block h-full rounded-full transition-[width]",
            share === 1 ? "bg-emerald-500" : "bg-brand-600 dark:bg-brand-400",
          )}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </span>
      <span
        className="shrink-0 font-medium text-slate-600 tabular-nums dark:text-slate-300"
        data-testid="progress"
      >
        {t("lists:progress", { done, total })}
      </span>
    </span>
  );
}

/** Today as YYYY-MM-DD on this device's calendar (a due date before it is overdue). */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A failed write's message: the server's own (already in the user's language) or a generic one. */
export const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;
