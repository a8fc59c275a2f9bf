import { useQueryClient } from "@tanstack/react-query";
import { Paperclip, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { DOCUMENT_ACCEPT, documentKeys, isTooLarge, uploadDocument } from "./api";
import { failure } from "./DocumentList";

/**
 * Picks a file and uploads it to the trip (or to a booking), with a progress bar while it goes. The
 * size is checked here; the type by the server, from the bytes (its message is shown as it says it).
 */
export function AttachButton({
  tripId,
  bookingId,
  shared,
  variant = "primary",
  size = "md",
}: {
  tripId: string;
  bookingId?: string;
  shared: boolean;
  variant?: "primary" | "secondary" | "ghost";
  size?: "sm" | "md";
}) {
  const { t } = useTranslation(["documents"]);
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);

  async function send(file: File) {
    if (isTooLarge(file)) {
      toast.error(t("documents:tooLarge", { name: file.name }));
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    try {
      await uploadDocument(tripId, file, {
        bookingId,
        shared,
        onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      });
      await qc.invalidateQueries({ queryKey: documentKeys.all(tripId) });
      toast.success(t("documents:uploaded", { name: file.name }));
    } catch (err) {
      toast.error(failure(err, t("documents:uploadFailed")));
    } finally {
      setProgress(null);
    }
  }

  const Icon = bookingId ? Paperclip : Plus;
  return (
    <div className="min-w-0">
      <input
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid={bookingId ? `attach-input-${bookingId}` : "document-input"}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void send(file);
        }}
      />
      {progress ? (
        <div className="min-w-40 space-y-1" role="status">
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">
            {t("documents:uploading", { name: progress.name })}
          </p>
          <progress
            className="h-1.5 w-full overflow-hidden rounded-full accent-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-slate-700"
            max={1}
            value={progress.fraction}
          />
        </div>
      ) : (
        <Button variant={variant} size={size} onClick={() => input.current?.click()}>
          <Icon className="size-4" aria-hidden />
          {t(bookingId ? "documents:attach" : "documents:add")}
        </Button>
      )}
    </div>
  );
}
