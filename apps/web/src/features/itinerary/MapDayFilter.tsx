import type { ItineraryDay } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { cn } from "../../lib/cn";

/**
 * Chips over the map: every day at once, or one day's route alone (a group on a phone looks at
 * today). Scrolls sideways on a narrow screen instead of wrapping.
 */
export function MapDayFilter({
  days,
  value,
  onChange,
}: {
  days: ItineraryDay[];
  value: number | null;
  onChange(day: number | null): void;
}) {
  const { t } = useTranslation();
  if (days.length < 2) return null;
  const chip = (active: boolean) =>
    cn(
      "shrink-0 rounded-full px-3 whitespace-nowrap py-1 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
      active
        ? "bg-brand-600 text-white ring-brand-600"
        : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800",
    );
  const dateOf = (d: ItineraryDay) => formatDate(d.date, { weekday: "short", day: "numeric" });
  return (
    <div
      role="group"
      aria-label={t("plan:days.group")}
      className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      <button
        type="button"
        aria-pressed={value === null}
        className={chip(value === null)}
        onClick={() => onChange(null)}
      >
        {t("plan:days.all")}
      </button>
      {days.map((d) => (
        <button
          key={d.day}
          type="button"
          aria-pressed={value === d.day}
          aria-label={t("plan:days.dayWithDate", { day: d.day, date: dateOf(d) })}
          className={chip(value === d.day)}
          onClick={() => onChange(d.day)}
        >
          {t("plan:days.day", { day: d.day })}
          <span className="ml-1 text-xs opacity-75">{dateOf(d)}</span>
        </button>
      ))}
    </div>
  );
}
