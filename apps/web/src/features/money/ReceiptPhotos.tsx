import { MAX_RECEIPTS_PER_EXPENSE } from "@tabi/contracts";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "../../i18n";
import { formatPercent } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { checkImageFile, uploadImage } from "../../lib/upload";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { NEW_TAB } from "../bookings/FormParts";
import { photoThumb } from "../places/photos";

interface Pending {
  id: number;
  name: string;
  progress: number;
}
let nextPending = 0;

/**
 * An expense's receipt photos (up to 5) in the expense dialog: thumbnails that open full size, a
 * remove button each, and "Add receipt", which uploads the chosen photo to the trip at once (the
 * server checks its bytes and re-encodes it) and adds its URL; the dialog saves the list.
 */
export function ReceiptPhotos({
  tripId,
  receipts,
  onChange,
  onBusyChange,
  disabled = false,
}: {
  tripId: string;
  receipts: string[];
  onChange(update: (receipts: string[]) => string[]): void;
  /** True while an upload runs: the dialog waits for it before saving. */
  onBusyChange?(busy: boolean): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const aborts = useRef(new Set<AbortController>());

  useEffect(() => onBusyChange?.(pending.length > 0), [pending.length, onBusyChange]);
  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const a of running) a.abort();
    };
  }, []);

  const free = MAX_RECEIPTS_PER_EXPENSE - receipts.length - pending.length;

  async function add(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      setError(
        t(problem === "notImage" ? "money:receipts.notImage" : "money:receipts.tooLarge", {
          name: file.name,
        }),
      );
      return;
    }
    const id = nextPending++;
    const abort = new AbortController();
    aborts.current.add(abort);
    setPending((p) => [...p, { id, name: file.name, progress: 0 }]);
    try {
      const upload = await uploadImage(tripId, file, {
        purpose: "receipt",
        signal: abort.signal,
        onProgress: (progress) => setPending((p) => p.map((x) => (x.id === id ? { ...x, progress } : x))),
      });
      onChange((list) => [...list, upload.url].slice(0, MAX_RECEIPTS_PER_EXPENSE));
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      setError(
        err instanceof ApiError && err.status > 0
          ? serverText(err.message)
          : t("money:receipts.uploadFailed", { name: file.name }),
      );
    } finally {
      aborts.current.delete(abort);
      setPending((p) => p.filter((x) => x.id !== id));
    }
  }

  function choose(files: FileList | null) {
    setError("");
    for (const file of Array.from(files ?? []).slice(0, Math.max(0, free))) void add(file);
    if ((files?.length ?? 0) > free) setError(t("money:receipts.limit", { max: MAX_RECEIPTS_PER_EXPENSE }));
    if (input.current) input.current.value = "";
  }

  if (disabled && receipts.length === 0) return null;
  const tile =
    "relative size-20 shrink-0 overflow-hidden rounded-xl ring-1 ring-slate-200 dark:ring-slate-700";
  return (
    <div className="space-y-1.5" data-testid="receipts">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t("money:receipts.title")}</p>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {t("money:receipts.count", { index: receipts.length, max: MAX_RECEIPTS_PER_EXPENSE })}
        </span>
      </div>
      <ul className="flex flex-wrap gap-2">
        {receipts.map((url, i) => (
          <li key={url} className={tile}>
            <button
              type="button"
              className="size-full"
              aria-label={t("money:receipts.open", { index: i + 1 })}
              onClick={() => setOpen(i)}
            >
              <img
                src={photoThumb(url)}
                alt={t("money:receipts.photo", { index: i + 1 })}
                className="size-full object-cover"
              />
            </button>
            {disabled ? null : (
              <button
                type="button"
                aria-label={t("money:receipts.remove", { index: i + 1 })}
                onClick={() => onChange((list) => list.filter((u) => u !== url))}
                className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li
            key={p.id}
            className={`${tile} flex flex-col items-center justify-center gap-1 bg-slate-50 dark:bg-slate-800`}
          >
            <Spinner label={t("money:receipts.uploading", { name: p.name })} />
            <span className="text-xs tabular-nums text-slate-600 dark:text-slate-300">
              {formatPercent(p.progress)}
            </span>
          </li>
        ))}
        {disabled || free <= 0 ? null : (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className={`${tile} flex flex-col items-center justify-center gap-1 border-2 border-dashed border-slate-300 px-1 text-center text-xs font-medium text-slate-600 ring-0 hover:border-brand-500 hover:text-brand-700 dark:border-slate-600 dark:text-slate-300 dark:hover:text-brand-100`}
            >
              <ImagePlus className="size-5" aria-hidden />
              {t("money:receipts.add")}
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="receipt-input"
        onChange={(e) => choose(e.target.files)}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ReceiptViewer receipts={receipts} index={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** An expense's receipts as small thumbnails (the expense row); a tap opens one full size. */
export function ReceiptThumbs({ receipts, className }: { receipts: string[]; className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (receipts.length === 0) return null;
  return (
    <>
      <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label={t("money:receipts.title")}>
        {receipts.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t("money:receipts.open", { index: i + 1 })}
              className="block size-11 overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-500 dark:ring-slate-700"
              data-testid="receipt-thumb"
            >
              <img
                src={photoThumb(url)}
                alt={t("money:receipts.photo", { index: i + 1 })}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <ReceiptViewer receipts={receipts} index={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** One receipt full size, over everything; a link opens the file itself. */
function ReceiptViewer({
  receipts,
  index,
  onClose,
}: {
  receipts: string[];
  index: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const url = index === null ? undefined : receipts[index];
  return (
    <Dialog
      open={url !== undefined}
      onOpenChange={(o) => !o && onClose()}
      title={t("money:receipts.photo", { index: (index ?? 0) + 1 })}
      className="sm:max-w-4xl"
    >
      {url ? (
        <a href={url} {...NEW_TAB}>
          <img
            src={url}
            alt={t("money:receipts.photo", { index: (index ?? 0) + 1 })}
            className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-xl object-contain"
            data-testid="receipt-full"
          />
        </a>
      ) : null}
    </Dialog>
  );
}
