import { MESSAGES } from "@tabi/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { CloudOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { api } from "../../lib/api";
import { serviceRetryAfterMs, useServiceUnavailable } from "../../lib/availability";
import { probeDelay } from "../../lib/retry";

/**
 * Issue 11: while the API answers 503 (its database away) or not at all, a banner under the top bar
 * says so. It asks the server now and then whether it is back (queries retry by themselves too), and
 * goes away at the first answer; screens that gave up then load again. Forms keep what was typed.
 */
export function UnavailableBanner() {
  const unavailable = useServiceUnavailable();
  const queryClient = useQueryClient();
  const wasUnavailable = useRef(false);

  useEffect(() => {
    if (!unavailable) {
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
  }, [unavailable, queryClient]);

  if (!unavailable) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="border-b border-amber-200 bg-amber-50/95 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/90 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-5xl items-start gap-2 px-4 py-2 text-sm">
        <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{MESSAGES.serviceUnavailable}</p>
      </div>
    </div>
  );
}
