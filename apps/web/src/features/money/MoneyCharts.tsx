import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory } from "@tabi/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { CATEGORY_COLORS, CATEGORY_LABELS, money } from "./format";
import type { People } from "./people";

/** Totals by category and each member's share per day, as CSS bars, in the home currency. */
export function MoneyCharts({
  expenses,
  people,
  home,
}: {
  expenses: Expense[];
  people: People;
  home: string;
}) {
  const { t } = useTranslation();
  const byCategory = useMemo(() => {
    const sums = new Map<ExpenseCategory, number>();
    for (const e of expenses) sums.set(e.category, (sums.get(e.category) ?? 0) + e.home.amountMinor);
    return EXPENSE_CATEGORIES.filter((c) => sums.get(c)).map((c) => ({ category: c, amount: sums.get(c)! }));
  }, [expenses]);
  const byDay = useMemo(() => {
    const days = new Map<string, Map<string, number>>();
    for (const e of expenses) {
      const day = days.get(e.date) ?? new Map<string, number>();
      for (const s of e.home.shares) day.set(s.memberId, (day.get(s.memberId) ?? 0) + s.amountMinor);
      days.set(e.date, day);
    }
    return [...days.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([date, parts]) => ({
        date,
        parts: [...parts.entries()].filter(([, v]) => v > 0),
        total: [...parts.values()].reduce((s, v) => s + v, 0),
      }));
  }, [expenses]);
  const maxCategory = Math.max(1, ...byCategory.map((c) => c.amount));
  const maxDay = Math.max(1, ...byDay.map((d) => d.total));
  const members = people.list.filter((p) => byDay.some((d) => d.parts.some(([id]) => id === p.id)));

  return (
    <div className="space-y-4 rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
      <div>
        <h3 className="mb-2 text-base font-semibold">{t("money:chart.byCategory")}</h3>
        {byCategory.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("money:chart.none")}</p>
        ) : (
          <ul className="space-y-2" data-testid="chart-category">
            {byCategory.map(({ category, amount }) => (
              <li key={category} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span>{t(CATEGORY_LABELS[category])}</span>
                  <span className="tabular-nums">{money(amount, home)}</span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                  <div
                    className="h-2 rounded-full"
                    style={{
                      width: `${(amount / maxCategory) * 100}%`,
                      backgroundColor: CATEGORY_COLORS[category],
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold">{t("money:chart.perPersonPerDay")}</h3>
        {byDay.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("money:chart.none")}</p>
        ) : (
          <>
            <ul className="space-y-2" data-testid="chart-days">
              {byDay.map((d) => (
                <li key={d.date} className="text-sm">
                  <div className="flex justify-between gap-2">
                    <span>{formatDate(d.date, { month: "short", day: "numeric" })}</span>
                    <span className="tabular-nums">{money(d.total, home)}</span>
                  </div>
                  <div
                    className="mt-1 flex h-3 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                    style={{ width: `${Math.max(4, (d.total / maxDay) * 100)}%` }}
                  >
                    {d.parts.map(([id, amount]) => (
                      <div
                        key={id}
                        title={`${people.name(id)}: ${money(amount, home)}`}
                        style={{ width: `${(amount / d.total) * 100}%`, backgroundColor: people.color(id) }}
                      />
                    ))}
                  </div>
                </li>
              ))}
            </ul>
            <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              {members.map((p) => (
                <li key={p.id} className="flex items-center gap-1.5">
                  <span className="size-2.5 rounded-full" style={{ backgroundColor: p.color }} aria-hidden />
                  <span data-user-content>{p.name}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
