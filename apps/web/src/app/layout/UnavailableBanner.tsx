import { useQueryClient } from "@tanstack/react-query";
import { CloudOff, RefreshCw, WifiOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../i18n/format";
import { api } from "../../lib/api";
import { serviceRetryAfterMs, useServiceUnavailable } from "../../lib/availability";
import { useLastSync, useOnline, useOutbox } from "../../lib/offline";
import { probeDelay } from "../../lib/retry";

/**
 * One banner under the top bar for every way the server is out of reach (issues 11 and 13):
 * - offline (the browser has no network): the app shows what this device kept, since the last sync,
 *   and changes wait in the outbox;
 * - the service away (503, or no answer while online): it asks the server now and then whether it is
 *   back (queries retry by themselves too) and goes away at the first answer; screens that gave up
 *   then load again. Forms keep what was typed;
 * - back online with changes still waiting: while they are sent.
 */
export function UnavailableBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const unavailable = useServiceUnavailable();
  const outbox = useOutbox();
  const lastSync = useLastSync();
  const queryClient = useQueryClient();
  const wasUnavailable = useRef(false);
  const away = online && unavailable;

  useEffect(() => {
    if (!away) {
      if (wasUnavailable.current)
        void queryClient.refetchQueries({ predicate: (q) => q.state.status === "error" });
      wasUnavailable.current = false;
      return;
    }
    wasUnavailable.current = true;
    let timer: ReturnType<typeof setTimeout>;
    const probe = () => {
      timer = setTimeout(() => {
        // Any answer but an outage ends it (the client reports it); an outage schedules the next.
        api("/api/health").catch(() => {});
        probe();
      }, probeDelay(serviceRetryAfterMs()));
    };
    probe();
    return () => clearTimeout(timer);
  }, [away, queryClient]);

  const pending =
    outbox.count > 0
      ? t(outbox.sending ? "offline:banner.sending" : "offline:banner.pending", { count: outbox.count })
      : null;
  if (online && !unavailable && !outbox.sending) return null;

  const Icon = !online ? WifiOff : unavailable ? CloudOff : RefreshCw;
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        online && !unavailable
          ? "border-b border-sky-200 bg-sky-50/95 text-sky-900 dark:border-sky-900/60 dark:bg-sky-950/90 dark:text-sky-100"
          : "border-b border-amber-200 bg-amber-50/95 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/90 dark:text-amber-100"
      }
    >
      <div className="mx-auto flex max-w-5xl items-start gap-2 px-4 py-2 text-sm">
        <Icon
          className={`mt-0.5 size-4 shrink-0 ${online && !unavailable ? "animate-spin" : ""}`}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          {!online ? (
            <>
              <p className="font-medium">{t("offline:banner.offline")}</p>
              <p>{t("offline:banner.offlineDetail")}</p>
            </>
          ) : unavailable ? (
            <p>{t("server:messages.serviceUnavailable")}</p>
          ) : null}
          {(!online || unavailable) && (lastSync || pending) ? (
            <p className="flex flex-wrap gap-x-3 text-xs opacity-80">
              {lastSync ? (
                <span>{t("offline:banner.lastSync", { time: formatDateTime(new Date(lastSync)) })}</span>
              ) : null}
              {pending ? <span>{pending}</span> : null}
            </p>
          ) : (
            pending && <p>{pending}</p>
          )}
        </div>
      </div>
    </div>
  );
}
