import { CalendarPlus, Check, Copy, Download } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Input } from "../../ui/Field";
import { tripExportUrl } from "../transfer/api";
import { ExportMapsMenu } from "../transfer/TransferButtons";

/** The plan into other calendars: an .ics download, or the member's own secret link calendar apps subscribe to. */
export function ExportMenu({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const [feed, setFeed] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [copied, setCopied] = useState(false);
  async function subscribe() {
    setError("");
    try {
      setFeed((await api<{ url: string }>(`/api/trips/${tripId}/calendar-feed`, { body: {} })).url);
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    // Its buttons flow with the row it sits in (Bookings beside them), wrapping on phones.
    <div className="contents">
      <a
        href={`/api/trips/${tripId}/itinerary.ics`}
        download
        className="inline-flex h-8 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
      >
        <Download className="size-4" aria-hidden /> {t("plan:export.ics")}
      </a>
      <Button size="sm" variant="secondary" onClick={subscribe}>
        <CalendarPlus className="size-4" aria-hidden /> {t("plan:export.subscribe")}
      </Button>
      <ExportMapsMenu urlOf={(format) => tripExportUrl(tripId, format)} />
      {error ? <span className="text-xs text-red-600">{error}</span> : null}
      {feed ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setFeed(null)}
          title={t("plan:export.title")}
          description={t("plan:export.description")}
        >
          <div className="flex gap-2">
            <Input
              readOnly
              value={feed}
              aria-label={t("plan:export.link")}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              className="shrink-0"
              onClick={async () => {
                await navigator.clipboard.writeText(feed).catch(() => {});
                setCopied(true);
                setTimeout(() => setCopied(false), 2000);
              }}
            >
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? t("plan:export.copied") : t("plan:export.copy")}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
