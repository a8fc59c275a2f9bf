import type { OptimizationScores } from "@tabi/contracts";
import { Gauge } from "lucide-react";
import { Popover } from "radix-ui";
import { useId } from "react";

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

/** The plan's scores, each with what it means (issue 12: every score explained in one line). */
export function scoreRows(scores: OptimizationScores): ScoreRow[] {
  return [
    {
      label: "Overall",
      value: scores.total,
      explanation:
        "Wish value and fairness as the slider weighs them, lowered by travel and missed time-of-day wishes.",
    },
    {
      label: "Fairness",
      value: scores.fairness,
      explanation: "How much of their wishes the least-served members get; the lowest shares count most.",
    },
    {
      label: "Efficiency",
      value: scores.efficiency,
      explanation: "The group's wish value in the plan, against the best plan for the group as a whole.",
    },
    {
      label: "Travel",
      value: scores.details.travel_efficiency,
      explanation: "Share of the days' active time spent at places rather than travelling.",
    },
    {
      label: "Time of day",
      value: scores.details.time_constraint_compliance,
      explanation: "Places wished for a morning, noon, afternoon or night that are planned then.",
    },
    {
      label: "User Adoption",
      value: scores.details.user_adoption_balance,
      explanation: "Members with at least one of their wishes in the plan.",
    },
    {
      label: "Wish Satisfaction",
      value: scores.details.wish_satisfaction_balance,
      explanation: "How evenly the members' shares are spread: 100% when all are equal.",
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
      <div className="flex justify-between text-xs">
        <span>{label}</span>
        <span className="font-medium tabular-nums">{v}%</span>
      </div>
      <div
        className="mt-1 h-2 rounded-full bg-slate-200 dark:bg-slate-700"
        role="meter"
        aria-label={label}
        aria-valuenow={v}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${v}%`}
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
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Optimisation score"
        className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-900"
      >
        <Gauge className="size-4" aria-hidden /> {scorePercent(scores.total)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="start"
          className="z-50 max-h-[80vh] w-80 space-y-3 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <h3 className="font-semibold">Optimisation score</h3>
          {scoreRows(scores).map((row) => (
            <Bar key={row.label} label={row.label} value={row.value} explanation={row.explanation} />
          ))}
          <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
            <p className="mb-2 text-xs font-semibold text-slate-500">
              Each member's share of their wishes in the plan
            </p>
            <div className="space-y-2">
              {scores.members.map((m) => (
                <Bar key={m.userId} label={m.name} value={m.share} color={m.color} />
              ))}
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
