import { IMPORT_BATCH, IMPORT_MAX_BYTES, type ImportItem, type ImportPreview } from "@tabi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, FileUp, Link2, MapPin, Search } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { addImported, pickable, previewImport } from "./api";

type Step =
  | { kind: "pick"; error?: string }
  | { kind: "reading"; file: string }
  | { kind: "preview"; file: string; preview: ImportPreview; picked: Set<number> }
  | { kind: "adding"; done: number; total: number }
  | { kind: "done"; added: number; joined: number; already: number; notAdded: number; reason: string | null };

const ACCEPT = [
  ".json",
  ".geojson",
  ".csv",
  ".kml",
  ".kmz",
  ".gpx",
  "application/json",
  "application/geo+json",
  "text/csv",
  "application/vnd.google-earth.kml+xml",
  "application/vnd.google-earth.kmz",
  "application/gpx+xml",
].join(",");

const STATUS_STYLE: Record<ImportItem["status"], string> = {
  new: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-900",
  inTrip: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-200 dark:ring-sky-900",
  mine: "bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700",
  noLocation:
    "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-900",
};

const STATUS_KEY = {
  new: "transfer:import.status.new",
  inTrip: "transfer:import.status.inTrip",
  mine: "transfer:import.status.mine",
  noLocation: "transfer:import.noLocation",
} as const satisfies Record<ImportItem["status"], string>;
const LOCATED_KEY = {
  url: "transfer:import.located.url",
  search: "transfer:import.located.search",
} as const;

const coords = (i: ImportItem) =>
  i.latitude === null || i.longitude === null ? null : `${i.latitude.toFixed(4)}, ${i.longitude.toFixed(4)}`;

/**
 * Import places (issue 30 item 5): pick a file, the server reads it and says what it found and what the
 * trip has already; the member picks, and the picked places are added as their wishes in batches, with
 * progress, through the same rules as adding one place (a plan's limit stops the rest, and says so).
 */
export default function ImportDialog({ tripId, onClose }: { tripId: string; onClose(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: "pick" });

  async function read(file: File) {
    if (file.size > IMPORT_MAX_BYTES) return setStep({ kind: "pick", error: t("transfer:import.tooLarge") });
    setStep({ kind: "reading", file: file.name });
    try {
      const preview = await previewImport(tripId, file);
      const picked = new Set(preview.items.flatMap((item, i) => (pickable(item) ? [i] : [])));
      setStep({ kind: "preview", file: file.name, preview, picked });
    } catch (err) {
      setStep({ kind: "pick", error: serverText((err as Error).message) });
    }
  }

  async function add(items: ImportItem[]) {
    let added = 0;
    let joined = 0;
    let already = 0;
    let reason: string | null = null;
    let notAdded = 0;
    setStep({ kind: "adding", done: 0, total: items.length });
    for (let from = 0; from < items.length; from += IMPORT_BATCH) {
      const batch = items.slice(from, from + IMPORT_BATCH);
      try {
        const result = await addImported(tripId, batch);
        added += result.added;
        joined += result.joined;
        already += result.already;
        if (result.stopped) {
          reason = result.stopped.message;
          notAdded = items.length - from - (batch.length - result.stopped.left);
          break;
        }
      } catch (err) {
        reason = serverText((err as Error).message);
        notAdded = items.length - from;
        break;
      }
      setStep({ kind: "adding", done: Math.min(items.length, from + batch.length), total: items.length });
    }
    await qc.invalidateQueries({ queryKey: ["trips"] });
    setStep({ kind: "done", added, joined, already, notAdded, reason });
  }

  const busy = step.kind === "reading" || step.kind === "adding";

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t("transfer:import.title")}
      description={step.kind === "pick" ? t("transfer:import.description") : undefined}
      className="sm:max-w-xl"
    >
      {step.kind === "pick" ? (
        <div className="space-y-4">
          <label
            htmlFor={inputId}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 px-4 py-8 text-center hover:border-brand-500 hover:bg-brand-50/40 dark:border-slate-700 dark:hover:bg-slate-800/60"
          >
            <FileUp className="size-8 text-brand-700 dark:text-brand-500" aria-hidden />
            <span className="font-medium">{t("transfer:import.choose")}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{t("transfer:import.limits")}</span>
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) void read(file);
            }}
          />
          <ul className="list-disc space-y-1 pl-5 text-xs leading-relaxed text-slate-500 dark:text-slate-400">
            <li>{t("transfer:import.formatsTakeout")}</li>
            <li>{t("transfer:import.formatsMyMaps")}</li>
            <li>{t("transfer:import.formatsGpx")}</li>
          </ul>
          {step.error ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {step.error}
            </p>
          ) : null}
        </div>
      ) : step.kind === "reading" ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 py-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner />
          {t("transfer:import.reading", { file: step.file })}
        </div>
      ) : step.kind === "preview" ? (
        <Preview
          step={step}
          onPick={(picked) => setStep({ ...step, picked })}
          onAnother={() => setStep({ kind: "pick" })}
          onAdd={() => add(step.preview.items.filter((_, i) => step.picked.has(i)))}
        />
      ) : step.kind === "adding" ? (
        <div role="status" className="space-y-3 py-8">
          <p className="text-center text-sm text-slate-600 dark:text-slate-300">
            {t("transfer:import.adding", { done: step.done, total: step.total })}
          </p>
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700 [&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-800 [&::-webkit-progress-value]:bg-brand-700"
            max={step.total}
            value={step.done}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-2 font-semibold">
            <CheckCircle2 className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />
            {t("transfer:import.doneTitle")}
          </div>
          <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
            <li>{t("transfer:import.added", { count: step.added })}</li>
            {step.joined ? <li>{t("transfer:import.joined", { count: step.joined })}</li> : null}
            {step.already ? <li>{t("transfer:import.already", { count: step.already })}</li> : null}
          </ul>
          {step.reason ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {step.notAdded
                ? t("transfer:import.stopped", { count: step.notAdded, reason: step.reason })
                : t("transfer:import.failed", { reason: step.reason })}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button onClick={onClose}>{t("transfer:import.done")}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function Preview({
  step,
  onPick,
  onAnother,
  onAdd,
}: {
  step: Extract<Step, { kind: "preview" }>;
  onPick(picked: Set<number>): void;
  onAnother(): void;
  onAdd(): void;
}) {
  const { t } = useTranslation();
  const { items } = step.preview;
  const all = items.flatMap((item, i) => (pickable(item) ? [i] : []));
  const toggle = (i: number) => {
    const next = new Set(step.picked);
    if (next.has(i)) next.delete(i);
    else next.add(i);
    onPick(next);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words">
          {t("transfer:import.found", { count: items.length, file: step.file })}
        </p>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" disabled={all.length === 0} onClick={() => onPick(new Set(all))}>
            {t("transfer:import.selectAll")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={step.picked.size === 0}
            onClick={() => onPick(new Set())}
          >
            {t("transfer:import.selectNone")}
          </Button>
        </div>
      </div>
      {all.length === 0 ? (
        <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {t("transfer:import.nothingToAdd")}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {items.map((item, i) => {
          const can = pickable(item);
          const where = coords(item);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the preview's order is the file's, and never changes
            <li key={i}>
              <label
                className={cn(
                  "flex items-start gap-3 px-3 py-2.5",
                  can ? "cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60" : "opacity-75",
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                  checked={step.picked.has(i)}
                  disabled={!can}
                  onChange={() => toggle(i)}
                />
                <span className="min-w-0 flex-1 space-y-0.5">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium break-words">{item.name}</span>
                    <span
                      className={cn(
                        "rounded-full px-2 py-0.5 text-[11px] leading-4 font-medium ring-1",
                        STATUS_STYLE[item.status],
                      )}
                    >
                      {t(STATUS_KEY[item.status])}
                    </span>
                  </span>
                  {item.address ? (
                    <span className="block text-xs break-words text-slate-600 dark:text-slate-300">
                      {item.address}
                    </span>
                  ) : null}
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500 dark:text-slate-400">
                    {where ? (
                      <span className="inline-flex items-center gap-1 tabular-nums">
                        <MapPin className="size-3" aria-hidden />
                        {where}
                      </span>
                    ) : null}
                    {item.located === "url" || item.located === "search" ? (
                      <span className="inline-flex items-center gap-1">
                        {item.located === "url" ? (
                          <Link2 className="size-3" aria-hidden />
                        ) : (
                          <Search className="size-3" aria-hidden />
                        )}
                        {t(LOCATED_KEY[item.located])}
                      </span>
                    ) : null}
                    {item.folder ? <span className="break-words">{item.folder}</span> : null}
                  </span>
                  {item.status === "noLocation" ? (
                    <span className="block text-xs text-amber-800 dark:text-amber-200">
                      {t("transfer:import.status.noLocation")}
                    </span>
                  ) : null}
                  {item.notes ? (
                    <span className="line-clamp-2 block text-xs whitespace-pre-line text-slate-500 dark:text-slate-400">
                      {item.notes}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <div className="sticky -bottom-4 -mx-5 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 bg-white px-5 py-3 dark:border-slate-800 dark:bg-slate-900">
        <Button variant="secondary" onClick={onAnother}>
          {t("transfer:import.another")}
        </Button>
        <Button disabled={step.picked.size === 0} onClick={onAdd}>
          {t("transfer:import.add", { count: step.picked.size })}
        </Button>
      </div>
    </div>
  );
}
