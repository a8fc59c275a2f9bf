import type { OptimizationScores } from "@tabi/contracts";
import { Gauge } from "lucide-react";
import { Popover } from "radix-ui";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { i18n, serverText } from "../../i18n";
import { formatNumber, formatPercent } from "../../i18n/format";

/**
 * A score in [0, 1] as a whole percent, rounded down: only a perfect score shows 100% (rounding to
 * nearest showed 100% for 0.996). Values outside [0, 1] (plans saved before scores were bounded) are
 * clamped.
 */
export function scorePercent(value: number): number {
  if (!(value > 0)) return 0;
  return Math.min(100, Math.floor(value * 100 + 1e-9));
}

export interface ScoreRow {
  label: string;
  value: number;
  /** One line on what the score measures. */
  explanation: string;
}

/** A whole percent (from scorePercent) the language's way: "80%", "80 %". */
export const percentText = (percent: number) => formatPercent(percent / 100);

/** The plan's scores, each with what it means (issue 12: every score explained in one line). */
export function scoreRows(scores: OptimizationScores): ScoreRow[] {
  return [
    {
      label: i18n.t("plan:score.overall"),
      value: scores.total,
      explanation: i18n.t("plan:score.explain.overall"),
    },
    {
      label: i18n.t("plan:score.fairness"),
      value: scores.fairness,
      explanation: i18n.t("plan:score.explain.fairness"),
    },
    {
      label: i18n.t("plan:score.efficiency"),
      value: scores.efficiency,
      explanation: i18n.t("plan:score.explain.efficiency"),
    },
    {
      label: i18n.t("plan:score.travel"),
      value: scores.details.travel_efficiency,
      explanation: i18n.t("plan:score.explain.travel"),
    },
    {
      label: i18n.t("plan:score.timeOfDay"),
      value: scores.details.time_constraint_compliance,
      explanation: i18n.t("plan:score.explain.timeOfDay"),
    },
    {
      label: i18n.t("plan:score.userAdoption"),
      value: scores.details.user_adoption_balance,
      explanation: i18n.t("plan:score.explain.userAdoption"),
    },
    {
      label: i18n.t("plan:score.wishSatisfaction"),
      value: scores.details.wish_satisfaction_balance,
      explanation: i18n.t("plan:score.explain.wishSatisfaction"),
    },
  ];
}

function Bar({
  label,
  value,
  explanation,
  color = "var(--color-brand-700)",
}: {
  label: string;
  value: number;
  explanation?: string;
  color?: string;
}) {
  const v = scorePercent(value);
  const described = useId();
  return (
    <div>
      <div className="flex justify-between gap-2 text-xs">
        <span className="min-w-0 break-words">{label}</span>
        <span className="shrink-0 font-medium tabular-nums">{percentText(v)}</span>
      </div>
      <div
        className="mt-1 h-2 rounded-full bg-slate-200 dark:bg-slate-700"
        role="meter"
        aria-label={label}
        aria-valuenow={v}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={percentText(v)}
        aria-describedby={explanation ? described : undefined}
      >
        <div className="h-full rounded-full" style={{ width: `${v}%`, backgroundColor: color }} />
      </div>
      {explanation ? (
        <p id={described} className="mt-1 text-[11px] leading-snug text-slate-500">
          {explanation}
        </p>
      ) : null}
    </div>
  );
}

/** The score badge and its popup: every score with its meaning, then each member's share of their wishes. */
export function ScoreBadge({ scores }: { scores: OptimizationScores }) {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={t("plan:score.title")}
        className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-900"
      >
        <Gauge className="size-4" aria-hidden /> {formatNumber(scorePercent(scores.total))}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="start"
          className="z-50 max-h-[80vh] w-80 max-w-[calc(100vw-2rem)] space-y-3 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <h3 className="font-semibold">{t("plan:score.title")}</h3>
          {scoreRows(scores).map((row) => (
            <Bar key={row.label} label={row.label} value={row.value} explanation={row.explanation} />
          ))}
          <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
            <p className="mb-2 text-xs font-semibold text-slate-500">{t("plan:score.members")}</p>
            <div className="space-y-2">
              {scores.members.map((m) => (
                <Bar key={m.userId} label={serverText(m.name, m.nameKey)} value={m.share} color={m.color} />
              ))}
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
