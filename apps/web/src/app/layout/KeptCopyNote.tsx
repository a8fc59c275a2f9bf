import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useServiceUnavailable } from "../../lib/availability";
import { useOnline, useWaitingOverKept } from "../../lib/offline";

/** Shown only when the server takes longer than this: a quick answer replaces the copy unnoticed. */
const SHOW_AFTER_MS = 300;

/**
 * A reload shows what this device kept at once and asks the server again (issue 25): while a screen
 * shows that copy and the answer is on its way, a small note under the top bar says so. It floats, so
 * nothing on the page moves when it comes and goes. Offline and outages have the banner instead.
 */
export function KeptCopyNote() {
  const { t } = useTranslation();
  const online = useOnline();
  const unavailable = useServiceUnavailable();
  const waiting = useWaitingOverKept() && online && !unavailable;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) return setShown(false);
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none absolute inset-x-0 top-full flex justify-center"
    >
      {shown ? (
        <p className="mt-2 flex items-center gap-2 rounded-full border border-sky-200 bg-sky-50/95 px-3 py-1 text-xs font-medium text-sky-900 shadow-sm dark:border-sky-900/60 dark:bg-sky-950/95 dark:text-sky-100">
          <RefreshCw className="size-3.5 animate-spin" aria-hidden />
          {/* A phone's width takes the short form: the full sentence would cover the page's title. */}
          <span className="sm:hidden">{t("offline:keptShort")}</span>
          <span className="hidden sm:inline">{t("offline:kept")}</span>
        </p>
      ) : null}
    </div>
  );
}
