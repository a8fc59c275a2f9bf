import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { markRead } from "./api";
import { setReadingTrip } from "./live";

/** At most one read call per this long: reading fast through a busy chat is a handful of calls. */
const READ_EVERY_MS = 1500;

/**
 * Records what the user has seen while the chat is on screen and the tab visible: the highest
 * message number seen goes to the server (POST chat/read), throttled. `alreadyRead` is the user's
 * cursor as the server last said, so nothing already read is sent again.
 */
export function useReadMarker(tripId: string, alreadyRead: number) {
  const qc = useQueryClient();
  const state = useRef({ seen: 0, sent: alreadyRead, last: 0, timer: undefined as number | undefined });
  state.current.sent = Math.max(state.current.sent, alreadyRead);

  const flush = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    s.timer = undefined;
    if (document.visibilityState !== "visible" || s.seen <= s.sent) return;
    const wait = s.last + READ_EVERY_MS - Date.now();
    if (wait > 0) {
      s.timer = window.setTimeout(flush, wait);
      return;
    }
    const num = s.seen;
    const before = s.sent;
    s.sent = num;
    s.last = Date.now();
    markRead(qc, tripId, num).catch(() => {
      // Not recorded: tried again with the next message seen.
      s.sent = Math.min(s.sent, before);
    });
  }, [qc, tripId]);

  // The chat counts as being read while it is open in a visible tab.
  useEffect(() => {
    const visible = () => {
      setReadingTrip(document.visibilityState === "visible" ? tripId : null);
      flush();
    };
    visible();
    document.addEventListener("visibilitychange", visible);
    return () => {
      document.removeEventListener("visibilitychange", visible);
      clearTimeout(state.current.timer);
      setReadingTrip(null);
    };
  }, [tripId, flush]);

  return useCallback(
    (num: number) => {
      if (num <= state.current.seen) return;
      state.current.seen = num;
      flush();
    },
    [flush],
  );
}
