import {
  DEFAULT_DAY_END,
  DEFAULT_DAY_START,
  DEFAULT_PACE,
  type OptimizationSettings,
  optimizationSettingsSchema,
  PACES,
  TRANSPORT_MODES,
} from "@tabi/contracts";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, Input, inputClass } from "../../ui/Field";
import { useActiveResult, useStartOptimization } from "./api";
import { estimateText, STAGE_ESTIMATES } from "./stageEstimates";

const MODE_LABEL = {
  walking: "plan:mode.walking",
  public_transport: "plan:mode.public_transport",
  car: "plan:mode.car",
} as const satisfies Record<(typeof TRANSPORT_MODES)[number], string>;
const PACE_LABEL = {
  relaxed: { label: "plan:optimize.paceOption.relaxed", hint: "plan:optimize.paceHint.relaxed" },
  balanced: { label: "plan:optimize.paceOption.balanced", hint: "plan:optimize.paceHint.balanced" },
  packed: { label: "plan:optimize.paceOption.packed", hint: "plan:optimize.paceHint.packed" },
} as const satisfies Record<(typeof PACES)[number], { label: string; hint: string }>;
/** A weight to one decimal, the language's way ("0.6"). */
const weight = (x: number) => formatNumber(x, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const DEFAULT_SETTINGS: OptimizationSettings = {
  fairnessWeight: 0.6,
  includeMeals: true,
  preferredTransport: "public_transport",
  dayStart: DEFAULT_DAY_START,
  dayEnd: DEFAULT_DAY_END,
  pace: DEFAULT_PACE,
};

/**
 * The settings the dialog opens with: those of the plan in use, so a re-run keeps the group's day
 * shape (and the same input gives the same plan); the defaults for what an older plan lacks.
 */
export function initialSettings(previous: Partial<OptimizationSettings> | undefined): OptimizationSettings {
  const merged = { ...DEFAULT_SETTINGS, ...previous };
  return optimizationSettingsSchema.safeParse(merged).success ? merged : DEFAULT_SETTINGS;
}

/**
 * The schema's word on the day's start and end ("The day must end at least 3 hours after it starts."),
 * in the app's language.
 */
export function dayShapeErrors(settings: OptimizationSettings): { dayStart?: string; dayEnd?: string } {
  const check = optimizationSettingsSchema.safeParse(settings);
  const out: { dayStart?: string; dayEnd?: string } = {};
  if (check.success) return out;
  for (const issue of check.error.issues) {
    const field = issue.path[0];
    if ((field === "dayStart" || field === "dayEnd") && !out[field]) out[field] = serverText(issue.message);
  }
  return out;
}

/**
 * 'Route Optimization' (spec 2): fairness 0-1 in steps of 0.1 (efficiency = 1 - fairness), meals,
 * transport, when the days start and end (issue 12), the pace (issue 26), and the stages a run goes
 * through with their time estimates (spec 2 s.4); the run's progress is shown on the map.
 */
export function OptimizeDialog({
  tripId,
  onClose,
  onStarted,
}: {
  tripId: string;
  onClose(): void;
  onStarted(): void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const previous = useActiveResult(tripId).data?.settings;
  const [settings, setSettings] = useState<OptimizationSettings>(() => initialSettings(previous));
  const [error, setError] = useState("");
  const start = useStartOptimization(tripId);
  const efficiency = Math.round((1 - settings.fairnessWeight) * 10) / 10;
  const dayErrors = dayShapeErrors(settings);
  const dayInvalid = Boolean(dayErrors.dayStart || dayErrors.dayEnd);

  async function run() {
    if (dayInvalid) return;
    setError("");
    try {
      await start.mutateAsync(settings);
      onStarted();
    } catch (err) {
      setError(err instanceof ApiError && err.status > 0 ? err.message : t("plan:optimize.noConnection"));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("plan:optimize.title")}
      description={t("plan:optimize.description")}
    >
      <div className="space-y-5">
        <Field
          label={t("plan:optimize.balance", {
            fairness: weight(settings.fairnessWeight),
            efficiency: weight(efficiency),
          })}
          hint={t("plan:optimize.balanceHint")}
        >
          {(id, d) => (
            <input
              id={id}
              aria-describedby={d}
              type="range"
              min={0}
              max={1}
              step={0.1}
              value={settings.fairnessWeight}
              onChange={(e) => setSettings({ ...settings, fairnessWeight: Number(e.target.value) })}
              className="w-full accent-brand-700"
            />
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            checked={settings.includeMeals}
            onChange={(e) => setSettings({ ...settings, includeMeals: e.target.checked })}
          />
          {t("plan:optimize.meals")}
        </label>
        <Field label={t("plan:optimize.transport")}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={settings.preferredTransport}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  preferredTransport: e.target.value as OptimizationSettings["preferredTransport"],
                })
              }
            >
              {TRANSPORT_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(MODE_LABEL[m])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="grid min-w-0 grid-cols-2 gap-3">
          <legend className="sr-only">{t("plan:optimize.dayShape")}</legend>
          {(["dayStart", "dayEnd"] as const).map((key) => (
            <Field
              key={key}
              label={key === "dayStart" ? t("plan:optimize.dayStart") : t("plan:optimize.dayEnd")}
              error={dayErrors[key]}
            >
              {(id, d) => (
                <Input
                  id={id}
                  type="time"
                  step={300}
                  required
                  aria-describedby={d}
                  aria-invalid={dayErrors[key] ? true : undefined}
                  value={settings[key]}
                  onChange={(e) => setSettings({ ...settings, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <p className="col-span-2 text-xs text-slate-500 dark:text-slate-400">
            {t("plan:optimize.dayEndHint")}
          </p>
        </fieldset>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("plan:optimize.pace")}
          </legend>
          <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-3">
            {PACES.map((pace) => (
              <label
                key={pace}
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded-xl px-3 py-2 text-sm ring-1 ring-slate-200 dark:ring-slate-700",
                  settings.pace === pace && "bg-brand-50 ring-brand-500 dark:bg-brand-900/50",
                )}
              >
                <input
                  type="radio"
                  name={`${ids}-pace`}
                  value={pace}
                  checked={settings.pace === pace}
                  onChange={() => setSettings({ ...settings, pace })}
                  aria-describedby={`${ids}-pace-${pace}`}
                  className="mt-0.5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{t(PACE_LABEL[pace].label)}</span>
                  <span
                    id={`${ids}-pace-${pace}`}
                    className="block text-xs text-slate-500 dark:text-slate-400"
                  >
                    {t(PACE_LABEL[pace].hint)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <section aria-labelledby={`${ids}-stages`} className="space-y-1">
          <h3 id={`${ids}-stages`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t("plan:optimize.stages")}
          </h3>
          <ol className="space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
            {STAGE_ESTIMATES.map(({ stage, label, seconds }, i) => (
              <li key={stage} className="flex items-baseline gap-2">
                <span className="w-4 shrink-0 text-right tabular-nums text-slate-400">
                  {formatNumber(i + 1)}
                </span>
                <span className="min-w-0 flex-1">{t(label)}</span>
                <span className="shrink-0 tabular-nums">{estimateText(seconds)}</span>
              </li>
            ))}
          </ol>
        </section>
        <FormError message={error} />
        <Button size="lg" className="w-full" disabled={start.isPending || dayInvalid} onClick={run}>
          {start.isPending ? t("plan:optimize.starting") : t("plan:optimize.run")}
        </Button>
      </div>
    </Dialog>
  );
}
