import type { OptimizationScores } from "@tabi/contracts";
import { Gauge } from "lucide-react";
import { Popover } from "radix-ui";

function Bar({
  label,
  value,
  color = "var(--color-brand-700)",
}: {
  label: string;
  value: number;
  color?: string;
}) {
  const v = Math.max(0, Math.min(100, Math.round(value * 100)));
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
      >
        <div className="h-full rounded-full" style={{ width: `${v}%`, backgroundColor: color }} />
      </div>
    </div>
  );
}

/** The score badge and its popup: overall, fairness, efficiency, adoption, satisfaction, each member. */
export function ScoreBadge({ scores }: { scores: OptimizationScores }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Optimisation score"
        className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-900"
      >
        <Gauge className="size-4" aria-hidden /> {Math.round(Math.min(1, scores.total) * 100)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="start"
          className="z-50 w-72 space-y-3 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <h3 className="font-semibold">Optimisation score</h3>
          <Bar label="Overall" value={Math.min(1, scores.total)} />
          <Bar label="Fairness" value={Math.min(1, scores.fairness)} />
          <Bar label="Efficiency" value={scores.efficiency} />
          <Bar label="User Adoption" value={scores.details.user_adoption_balance} />
          <Bar label="Wish Satisfaction" value={scores.details.wish_satisfaction_balance} />
          <div className="border-t border-slate-100 pt-3 dark:border-slate-800">
            <p className="mb-2 text-xs font-semibold text-slate-500">
              Each member's share of their own best plan
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
