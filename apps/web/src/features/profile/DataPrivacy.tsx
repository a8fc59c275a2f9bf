import type { ExportJob } from "@tabi/contracts";
import { Download, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError, api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { useMe } from "../auth/session";
import { DeleteAccountDialog } from "./DataPrivacyDelete";

const card =
  "rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800";
const POLL_MS = 500;

/**
 * Spec 3 'Data & Privacy': "Export Data" (one JSON file with everything of the user, made on the
 * server in the background: its progress shows here, then the file downloads) and "Delete Account".
 */
export function DataPrivacy() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  async function exportData() {
    setProgress(0);
    try {
      let job = await api<ExportJob>("/api/me/export", { method: "POST", body: {} });
      while (job.status === "running" && alive.current) {
        setProgress(job.progress);
        await new Promise((done) => setTimeout(done, POLL_MS));
        job = await api<ExportJob>(`/api/me/export/${encodeURIComponent(job.jobId)}`);
      }
      if (!alive.current) return;
      if (job.status !== "ready") {
        toast.error(t("privacy:export.failed"));
        return;
      }
      setProgress(100);
      download(`/api/me/export/${encodeURIComponent(job.jobId)}/file`);
      toast.success(t("privacy:export.done"));
    } catch (err) {
      toast.error(err instanceof ApiError && err.status !== 404 ? err.message : t("privacy:export.failed"));
    } finally {
      if (alive.current) setProgress(null);
    }
  }

  if (!me) return null;
  const running = progress !== null;
  return (
    <section className={card} aria-labelledby="data-privacy-title">
      <h3 id="data-privacy-title" className="mb-3 font-semibold">
        {t("privacy:title")}
      </h3>
      <div className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("privacy:export.hint")}</p>
        <Button variant="secondary" onClick={() => void exportData()} disabled={running}>
          <Download className="size-4" aria-hidden />
          {t("privacy:export.button")}
        </Button>
        {running ? (
          <div className="space-y-1.5" aria-live="polite">
            <div
              role="progressbar"
              aria-label={t("privacy:export.progressLabel")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
                style={{ width: `${Math.max(progress, 4)}%` }}
              />
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t("privacy:export.preparing", { progress })}
            </p>
          </div>
        ) : null}
      </div>
      <div className="mt-5 space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("privacy:delete.hint")}</p>
        <Button
          variant="secondary"
          // Tailwind's "!" wins over the variant's colours (cn joins, it does not merge).
          className="text-red-700! ring-red-300! hover:bg-red-50! dark:text-red-300! dark:ring-red-800! dark:hover:bg-red-950/40!"
          onClick={() => setDeleting(true)}
        >
          <Trash2 className="size-4" aria-hidden />
          {t("privacy:delete.button")}
        </Button>
      </div>
      <DeleteAccountDialog me={me} open={deleting} onOpenChange={setDeleting} />
    </section>
  );
}

/** The file, as a download of the browser (the server names it "tabi-data-<date>.json"). */
function download(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}
