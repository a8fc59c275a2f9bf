import { type OptimizationSettings, TRANSPORT_MODES } from "@tabi/contracts";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Field, FormError, inputClass } from "../../ui/Field";
import { useStartOptimization } from "./api";

const MODE_LABEL: Record<(typeof TRANSPORT_MODES)[number], string> = {
  walking: "Walking",
  public_transport: "Public transport",
  car: "Car",
};

/** 'Route Optimization' (spec 2): fairness 0-1 in steps of 0.1 (efficiency = 1 - fairness), meals, transport. */
export function OptimizeDialog({
  tripId,
  onClose,
  onStarted,
}: {
  tripId: string;
  onClose(): void;
  onStarted(): void;
}) {
  const [settings, setSettings] = useState<OptimizationSettings>({
    fairnessWeight: 0.6,
    includeMeals: true,
    preferredTransport: "public_transport",
  });
  const [error, setError] = useState("");
  const start = useStartOptimization(tripId);
  const efficiency = Math.round((1 - settings.fairnessWeight) * 10) / 10;

  async function run() {
    setError("");
    try {
      await start.mutateAsync(settings);
      onStarted();
    } catch (err) {
      setError(
        err instanceof ApiError && err.status > 0
          ? err.message
          : "Unable to connect to optimization services.",
      );
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Route Optimization"
      description="Balance what everyone wants against time on the road."
    >
      <div className="space-y-5">
        <Field
          label={`Fairness ${settings.fairnessWeight.toFixed(1)} · Efficiency ${efficiency.toFixed(1)}`}
          hint="More fairness: every member gets a fair share of their wishes. More efficiency: the most wished places with the least travel."
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
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={settings.includeMeals}
            onChange={(e) => setSettings({ ...settings, includeMeals: e.target.checked })}
          />
          Include meal breaks (breakfast, lunch, dinner)
        </label>
        <Field label="Transport">
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
                  {MODE_LABEL[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormError message={error} />
        <Button size="lg" className="w-full" disabled={start.isPending} onClick={run}>
          {start.isPending ? "Starting..." : "Optimize"}
        </Button>
      </div>
    </Dialog>
  );
}
