import type { ShareAnalytics, ShareType } from "@tabi/contracts";
import { BarChart3, Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { useDialogs } from "../info/dialogs";
import { useCurrentShareLink, useShareAnalytics } from "./api";
import { ShareCard } from "./ShareCard";

type Day = ShareAnalytics["days"][number];
const TOTALS = [
  ["opens", "share:analytics.opens"],
  ["visitors", "share:analytics.visitors"],
  ["joins", "share:analytics.joins"],
  ["exports", "share:analytics.exports"],
] as const;

/**
 * Access analytics of the link on screen (Premium, issue 15): opens, unique visitors, joins and
 * exports over 30 days with a bar chart. The free plan sees what it would get, with the crown and the
 * upgrade dialog, and never asks the server.
 */
export function ShareAnalyticsCard({
  tripId,
  type,
  isPremium,
}: {
  tripId: string;
  type: ShareType;
  isPremium: boolean;
}) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const link = useCurrentShareLink(tripId, type).data;
  const analytics = useShareAnalytics(tripId, link?.id, isPremium);
  const premiumRefused = analytics.error instanceof ApiError && analytics.error.code === "PREMIUM_REQUIRED";

  const title = (
    <span className="flex items-center gap-1.5">
      {t("share:analytics.title")}
      <Crown className="size-4 shrink-0 text-amber-500" aria-label={t("billing:premium")} />
    </span>
  );

  if (!isPremium || premiumRefused)
    return (
      <ShareCard icon={BarChart3} title={title}>
        <div className="relative flex min-h-48 flex-col items-center justify-center gap-3 overflow-hidden rounded-2xl px-4 py-6 text-center">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 bottom-0 opacity-30 blur-[2px] select-none"
          >
            <Chart days={SAMPLE} />
          </div>
          <p className="relative max-w-sm rounded-xl bg-white/80 px-3 py-2 text-sm text-slate-700 dark:bg-slate-900/80 dark:text-slate-200">
            {t("share:analytics.premiumText")}
          </p>
          <Button variant="premium" size="sm" className="relative" onClick={() => open("premium")}>
            <Crown className="size-4" aria-hidden /> {t("billing:upgrade")}
          </Button>
        </div>
      </ShareCard>
    );

  return (
    <ShareCard icon={BarChart3} title={title}>
      <p className="-mt-1 mb-3 text-xs text-slate-500 dark:text-slate-400">{t("share:analytics.period")}</p>
      {!link ? (
        <p className="py-6 text-center text-sm text-slate-500">{t("share:analytics.noLink")}</p>
      ) : analytics.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-slate-500">
          {t("share:analytics.loading")}
        </p>
      ) : analytics.isError ? (
        <div className="py-4 text-center">
          <p className="text-sm text-red-600 dark:text-red-400">{analytics.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => analytics.refetch()}>
            {t("common:action.retry")}
          </Button>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {TOTALS.map(([key, label]) => (
              <div key={key} className="rounded-2xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{t(label)}</dt>
                <dd className="text-xl font-bold tabular-nums">{formatNumber(analytics.data.totals[key])}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4">
            <Chart days={analytics.data.days} />
            {analytics.data.totals.opens === 0 ? (
              <p className="mt-2 text-center text-xs text-slate-500">{t("share:analytics.empty")}</p>
            ) : null}
          </div>
        </>
      )}
    </ShareCard>
  );
}

const W = 300;
const H = 90;

/** Opens (light bars) and unique visitors (dark bars) per day, oldest on the left; plain SVG. */
function Chart({ days }: { days: Day[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.opens));
  const slot = W / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.7);
  const total = days.reduce((sum, d) => sum + d.opens, 0);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const y = (v: number) => (v / max) * (H - 4);
  return (
    <figure>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-[10px] tabular-nums text-slate-400" aria-hidden>
          <span>{formatNumber(max)}</span>
          <span>{formatNumber(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="h-24 w-full min-w-0 flex-1"
          role="img"
          aria-label={t("share:analytics.chart", { count: total })}
        >
          <line x1={0} x2={W} y1={H - 0.5} y2={H - 0.5} className="stroke-slate-200 dark:stroke-slate-700" />
          {days.map((d, i) => {
            const x = i * slot + (slot - bar) / 2;
            return (
              <g key={d.date}>
                <title>
                  {t("share:analytics.day", {
                    date: formatDate(d.date, { month: "short", day: "numeric" }),
                    opens: d.opens,
                    visitors: d.visitors,
                  })}
                </title>
                {/* A full-height hit area so the day's tooltip shows over empty days too. */}
                <rect x={i * slot} y={0} width={slot} height={H} className="fill-transparent" />
                {d.opens > 0 ? (
                  <rect
                    x={x}
                    y={H - y(d.opens)}
                    width={bar}
                    height={y(d.opens)}
                    rx={1}
                    className="fill-brand-500/30"
                  />
                ) : null}
                {d.visitors > 0 ? (
                  <rect
                    x={x}
                    y={H - y(Math.min(d.visitors, d.opens))}
                    width={bar}
                    height={y(Math.min(d.visitors, d.opens))}
                    rx={1}
                    className="fill-brand-700 dark:fill-brand-500"
                  />
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="mt-1 flex items-center justify-between gap-2 text-[11px] text-slate-500 dark:text-slate-400">
        <span className="tabular-nums">
          {first ? formatDate(first, { month: "short", day: "numeric" }) : null}
        </span>
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-brand-500/30" aria-hidden />
            {t("share:analytics.opens")}
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-brand-700 dark:bg-brand-500" aria-hidden />
            {t("share:analytics.visitors")}
          </span>
        </span>
        <span className="tabular-nums">
          {last ? formatDate(last, { month: "short", day: "numeric" }) : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** What the free plan sees behind the upgrade button: a made-up month, blurred. */
const SAMPLE: Day[] = Array.from({ length: 30 }, (_, i) => {
  const opens = Math.round(3 + 3 * Math.sin(i / 3) + (i % 7 === 5 ? 5 : 0) + i / 6);
  return {
    date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    opens,
    visitors: Math.ceil(opens * 0.6),
    joins: 0,
    exports: 0,
  };
});
