import { type OptimizationProgress, STAGE_LABELS } from "@tabi/contracts";
import { PartyPopper, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useActiveResult, useProgress } from "./api";
import { scorePercent } from "./ScorePopup";

const STAGE_WORDS = ["Analyzing", "Calculating", "Optimizing"];
// Rounded down, as in the score popup: a plan at 0.996 is not shown as 100%.
const pct = (x: number) => `${scorePercent(x)}%`;

/**
 * Over the map while a run is under way (real stages and percentages), then the success overlay:
 * celebration for 2 s, the scores until 4 s, 'Loading your optimized journey...', closed at 5 s.
 */
export function OptimizationOverlay({ tripId }: { tripId: string }) {
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
        toast.error(p.error?.message ?? "Optimization failed", { duration: 5000 });
    }
  }, [running, p]);

  useEffect(() => {
    if (successAt === null) return;
    const timers = [2000, 4000, 5000].map((ms) =>
      setTimeout(() => (ms === 5000 ? setSuccessAt(null) : tick((n) => n + 1)), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [successAt]);

  if (running && p) return <Loading progress={p} />;
  if (successAt === null) return null;
  const elapsed = Date.now() - successAt;
  return (
    <div
      role="status"
      className="absolute inset-0 z-20 flex items-center justify-center rounded-3xl bg-white/85 p-6 text-center backdrop-blur dark:bg-slate-950/85"
    >
      {elapsed < 2000 ? (
        <div>
          <PartyPopper className="mx-auto size-12 text-amber-500" aria-hidden />
          <h3 className="mt-3 text-xl font-bold">Optimization Success!</h3>
          <p className="text-slate-600 dark:text-slate-300">Your perfect journey has been created</p>
        </div>
      ) : elapsed < 4000 && result ? (
        <div className="space-y-3">
          <h3 className="text-lg font-semibold">Your plan</h3>
          <dl className="grid grid-cols-3 gap-3">
            {[
              ["Overall Score", result.scores.total],
              ["Fairness", result.scores.fairness],
              ["Efficiency", result.scores.efficiency],
            ].map(([label, value]) => (
              <div key={label as string} className="rounded-2xl bg-slate-100 p-3 dark:bg-slate-800">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-2xl font-bold">{pct(Math.min(1, value as number))}</dd>
              </div>
            ))}
          </dl>
          {result.executionTimeMs > 0 ? (
            <p className="text-sm text-slate-500">
              Optimized in {(result.executionTimeMs / 1000).toFixed(1)} s
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">Loading your optimized journey...</p>
      )}
    </div>
  );
}

function Loading({ progress }: { progress: OptimizationProgress }) {
  const stage =
    progress.stage in STAGE_LABELS
      ? STAGE_LABELS[progress.stage as keyof typeof STAGE_LABELS]
      : progress.message;
  const word = STAGE_WORDS[Math.min(2, Math.floor(progress.percent / 34))];
  return (
    <div
      role="status"
      aria-live="polite"
      className="absolute inset-0 z-20 flex items-center justify-center rounded-3xl bg-white/85 p-6 backdrop-blur dark:bg-slate-950/85"
    >
      <div className="w-full max-w-sm text-center">
        <Sparkles className="mx-auto size-10 animate-pulse text-brand-700 dark:text-brand-100" aria-hidden />
        <h3 className="mt-3 text-lg font-bold">Optimizing Your Journey</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Creating the perfect route with our fair-planning optimiser...
        </p>
        <div className="mt-4 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
          <div
            className="h-full rounded-full bg-brand-700 transition-all duration-300"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <p className="mt-2 text-sm font-medium">
          {word}… {progress.percent}%
        </p>
        <p className="text-xs text-slate-500">{stage}</p>
      </div>
    </div>
  );
}
