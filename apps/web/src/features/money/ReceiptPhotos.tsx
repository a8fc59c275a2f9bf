import { MAX_RECEIPTS_PER_EXPENSE } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { Dialog } from "../../ui/Dialog";
import { NEW_TAB } from "../bookings/FormParts";
import { PhotoPicker } from "../places/PhotoPicker";
import { photoThumb } from "../places/photos";

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
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <PhotoPicker
        tripId={tripId}
        purpose="receipt"
        photos={receipts}
        max={MAX_RECEIPTS_PER_EXPENSE}
        onChange={onChange}
        onBusyChange={onBusyChange}
        onOpen={setOpen}
        disabled={disabled}
        testId="receipts"
        texts={{
          title: t("money:receipts.title"),
          count: t("money:receipts.count", { index: receipts.length, max: MAX_RECEIPTS_PER_EXPENSE }),
          photo: (index) => t("money:receipts.photo", { index }),
          remove: (index) => t("money:receipts.remove", { index }),
          open: (index) => t("money:receipts.open", { index }),
          add: t("money:receipts.add"),
          uploading: (name) => t("money:receipts.uploading", { name }),
          notImage: (name) => t("money:receipts.notImage", { name }),
          tooLarge: (name) => t("money:receipts.tooLarge", { name }),
          uploadFailed: (name) => t("money:receipts.uploadFailed", { name }),
          limit: t("money:receipts.limit", { max: MAX_RECEIPTS_PER_EXPENSE }),
        }}
      />
      <ReceiptViewer receipts={receipts} index={open} onClose={() => setOpen(null)} />
    </>
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
