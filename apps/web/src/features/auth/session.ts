import type { Me } from "@tabi/contracts";
import { focusManager, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, onUnauthorized } from "../../lib/api";
import { followAccountLanguage } from "./accountLanguage";

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<Me | null> => {
    let me: Me | null;
    try {
      me = await api<Me>("/api/me");
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
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
/** True once a session we had stopped working (spec: 'Session expired...'). */
export const sessionExpired = () => expired;

/**
 * Wires the session into the query client: a 401 while signed in marks the session expired and
 * returns the user to sign-in; the session is re-read when the tab becomes visible or the window is
 * focused, debounced by 100 ms (spec 1 section 4).
 */
export function installSessionHandling(client: QueryClient) {
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
