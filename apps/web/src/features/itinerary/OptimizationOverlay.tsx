import type { OptimizationProgress } from "@tabi/contracts";
import { PartyPopper, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { i18n, serverText } from "../../i18n";
import { formatPercent } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { useActiveResult, useProgress } from "./api";
import { percentText, scorePercent } from "./ScorePopup";
import { formatSeconds } from "./units";

const STAGE_WORDS = [
  "plan:overlay.word.analyzing",
  "plan:overlay.word.calculating",
  "plan:overlay.word.optimizing",
] as const;
/** The contracts' stage labels (STAGE_LABELS), in the app's language. */
const STAGE_KEYS: Record<string, string> = {
  collecting: "server:stage.collecting",
  normalizing: "server:stage.normalizing",
  selecting: "server:stage.selecting",
  routing: "server:stage.routing",
  complete: "server:stage.complete",
};
// Rounded down, as in the score popup: a plan at 0.996 is not shown as 100%.
const pct = (x: number) => percentText(scorePercent(x));

/**
 * Over the map while a run is under way (real stages and percentages), then the success overlay:
 * celebration for 2 s, the scores until 4 s, 'Loading your optimized journey...', closed at 5 s.
 */
export function OptimizationOverlay({ tripId, overMap }: { tripId: string; overMap: boolean }) {
  const { t } = useTranslation();
  const progress = useProgress(tripId).data;
  const result = useActiveResult(tripId).data;
  const [successAt, setSuccessAt] = useState<number | null>(null);
  const [, tick] = useState(0);
  const wasRunning = useRef(false);
  const running = Boolean(progress?.running);
  const p = progress?.progress;

  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && p) {
      wasRunning.current = false;
      if (p.stage === "complete") setSuccessAt(Date.now());
      else if (p.stage === "error")
        toast.error(p.error?.message ? serverText(p.error.message) : i18n.t("server:optimization.failed"), {
          duration: 5000,
        });
    }
  }, [running, p]);

  useEffect(() => {
    if (successAt === null) return;
    const timers = [2000, 4000, 5000].map((ms) =>
      setTimeout(() => (ms === 5000 ? setSuccessAt(null) : tick((n) => n + 1)), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [successAt]);

  const place = overlayPlace(overMap);
  if (running && p) return <Loading progress={p} place={place} />;
  if (successAt === null) return null;
  const elapsed = Date.now() - successAt;
  return (
    <div
      role="status"
      className={cn(
        place,
        "flex items-center justify-center bg-white/85 p-6 text-center backdrop-blur dark:bg-slate-950/85",
      )}
    >
      {elapsed < 2000 ? (
        <div>
          <PartyPopper className="mx-auto size-12 text-amber-500" aria-hidden />
          <h3 className="mt-3 text-xl font-bold">{t("plan:overlay.success")}</h3>
          <p className="text-slate-600 dark:text-slate-300">{t("plan:overlay.created")}</p>
        </div>
      ) : elapsed < 4000 && result ? (
        <div className="w-full max-w-sm space-y-3">
          <h3 className="text-lg font-semibold">{t("plan:overlay.yourPlan")}</h3>
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {(
              [
                ["overall", t("plan:overlay.overallScore"), result.scores.total],
                ["fairness", t("plan:score.fairness"), result.scores.fairness],
                ["efficiency", t("plan:score.efficiency"), result.scores.efficiency],
              ] as const
            ).map(([key, label, value]) => (
              <div
                key={key}
                className="flex min-w-0 flex-col justify-between rounded-2xl bg-slate-100 p-2 sm:p-3 dark:bg-slate-800"
              >
                <dt className="text-xs break-words text-slate-500">{label}</dt>
                <dd className="text-xl font-bold sm:text-2xl">{pct(Math.min(1, value))}</dd>
              </div>
            ))}
          </dl>
          {result.executionTimeMs > 0 ? (
            <p className="text-sm text-slate-500">
              {t("plan:overlay.optimizedIn", { time: formatSeconds(result.executionTimeMs / 1000) })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">{t("plan:overlay.loadingJourney")}</p>
      )}
    </div>
  );
}

/**
 * On a phone the map can be scrolled out of sight (or the calendar shown) when a run starts: the overlay
 * then covers the page, up to the bottom bar (z-40), above the floating buttons (z-30). On a wide
 * screen it sits over the map, as the spec draws it, or covers the page above the bottom bar when the calendar is shown.
 */
function overlayPlace(overMap: boolean) {
  return cn(
    "fixed inset-x-0 top-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[35]",
    overMap && "md:absolute md:inset-0 md:z-20 md:rounded-3xl",
  );
}

function Loading({ progress, place }: { progress: OptimizationProgress; place: string }) {
  const { t } = useTranslation();
  const stageKey = STAGE_KEYS[progress.stage];
  const stage = stageKey ? t(stageKey) : progress.message ? serverText(progress.message) : null;
  const word = t(STAGE_WORDS[Math.min(2, Math.floor(progress.percent / 34))]!);
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        place,
        "flex items-center justify-center bg-white/85 p-6 backdrop-blur dark:bg-slate-950/85",
      )}
    >
      <div className="w-full max-w-sm text-center">
        <Sparkles className="mx-auto size-10 animate-pulse text-brand-700 dark:text-brand-100" aria-hidden />
        <h3 className="mt-3 text-lg font-bold">{t("plan:overlay.running")}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("plan:overlay.runningText")}</p>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
          <div
            className="h-full rounded-full bg-brand-700 transition-all duration-300"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm font-medium">
          {t("plan:overlay.progress", { word, percent: formatPercent(progress.percent / 100) })}
        </p>
        {stage ? <p className="text-xs text-slate-500">{stage}</p> : null}
      </div>
    </div>
  );
}
