import type { SharedView } from "@tabi/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api";

// The public side of a share link (spec 3 'Public shared-trip page'): no sign-in needed.
const base = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

export const sharedKeys = {
  all: ["shared"] as const,
  /** Per viewer: who is signed in changes memberTripId (and whether the page joins). */
  view: (token: string, userId: string | null) => [...sharedKeys.all, token, userId] as const,
};

export const sharedViewQuery = (token: string, userId: string | null) =>
  queryOptions({
    queryKey: sharedKeys.view(token, userId),
    queryFn: () => api<SharedView>(base(token)),
    staleTime: 30_000,
  });

/** POST unlock: 204 and a cookie for this link; 401 WRONG_PASSWORD, 429 RATE_LIMITED. */
export const unlockShare = (token: string, password: string) =>
  api<null>(`${base(token)}/unlock`, { body: { password } });

/** POST join (signed in, guests too): 403 PLAN_LIMIT with the spec's limit message. */
export const joinShare = (token: string) =>
  api<{ tripId: string; alreadyMember: boolean }>(`${base(token)}/join`, { body: {} });

/** The export file; the server names it from the trip (Content-Disposition). */
export const exportUrl = (token: string) => `${base(token)}/export`;

/** The printable itinerary (the browser's "Save as PDF"). */
export const printPath = (token: string) => `/shared/${encodeURIComponent(token)}/print`;
