import type { Me } from "@tabi/contracts";
import { focusManager, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { takeEarly } from "../../boot/early";
import { ApiError, api, onUnauthorized } from "../../lib/api";
import { followAccountLanguage } from "./accountLanguage";

let early: { read: Promise<Me>; at: number } | undefined;
/**
 * Asks the server who is signed in at once, while the catalogues and the kept data load (main.tsx):
 * the first read of the session query takes this answer instead of asking again after them.
 */
export function startSessionRead(): void {
  early = { read: api<Me>("/api/me", { answer: takeEarly("/api/me") }), at: Date.now() };
  early.read.catch(() => {}); // read (and handled) by the session query
}

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<Me | null> => {
    let me: Me | null;
    // The early answer once, while fresh (a page that never asks, such as the print page, drops it).
    const fromEarly = early && Date.now() - early.at < 10_000 ? early.read : undefined;
    early = undefined;
    try {
      me = await (fromEarly ?? api<Me>("/api/me"));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
      // The early 401 may have come before the kept session was restored (lib/offline), when the
      // session handling below saw nobody to call expired: a kept user is one.
      if (fromEarly && sessionClient?.getQueryData(["me"])) expired = true;
      me = null;
    }
    // The account's language (chosen on another device) before the first screen shows.
    await followAccountLanguage(me);
    return me;
  },
  staleTime: 30_000,
});

export function useMe() {
  return useQuery(meQuery);
}

let expired = false;
let sessionClient: QueryClient | undefined;
/** True once a session we had stopped working (spec: 'Session expired...'). */
export const sessionExpired = () => expired;

/**
 * Wires the session into the query client: a 401 while signed in marks the session expired and
 * returns the user to sign-in; the session is re-read when the tab becomes visible or the window is
 * focused, debounced by 100 ms (spec 1 section 4).
 */
export function installSessionHandling(client: QueryClient) {
  sessionClient = client;
  onUnauthorized(() => {
    if (client.getQueryData(meQuery.queryKey)) {
      expired = true;
      client.setQueryData(meQuery.queryKey, null);
    }
  });
  focusManager.setEventListener((setFocused) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handler = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setFocused(document.visibilityState === "visible"), 100);
    };
    window.addEventListener("visibilitychange", handler);
    window.addEventListener("focus", handler);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("visibilitychange", handler);
      window.removeEventListener("focus", handler);
    };
  });
}
