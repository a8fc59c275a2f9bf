import type { TripFull } from "@tabi/contracts";
import { type QueryClient, type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { takeEarly } from "../../boot/early";
import { ApiError, api } from "../../lib/api";
import { bookingKeys } from "../bookings/api";
import { itineraryKeys } from "../itinerary/api";
import { placeKeys } from "../places/api";
import { invitationQuery, tripKeys } from "./api";

/**
 * The trip screen's one read (`/api/trips/{id}/full`): it fills the trip, places, plan and bookings
 * caches the screens' parts read from. Each of those parts also reads through it (readTripPart), so
 * any screen that opens (the trip, Places, Add place, Chat, Share), any refresh after a live event
 * and every read after a reload (lib/offline marks what was kept stale) is one /full request shared
 * by every part that asks at that moment, never one request per part (decisions/0008, 0015).
 */
/** The trip's /full address (index.html's early read asks the same: boot/early.ts). */
export const fullUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/full`;

export const tripFullQuery = (tripId: string) =>
  queryOptions({
    queryKey: [...tripKeys.all, "full", tripId] as const,
    queryFn: async ({ client }) => {
      const full = await (takeEarlyRead(tripId) ?? api<TripFull>(fullUrl(tripId)));
      for (const [key, part] of fullParts(tripId)) client.setQueryData(key, part(full));
      // The invite card is the trip page's largest text: its read starts with the answer, not after
      // the screen has rendered (a round trip later on a phone, issue 28).
      if (
        full.trip.my.canInviteMembers &&
        client.getQueryData(invitationQuery(tripId).queryKey) === undefined
      )
        void client.prefetchQuery(invitationQuery(tripId));
      return full;
    },
  });

let early: { tripId: string; read: Promise<TripFull>; at: number } | undefined;
/**
 * The trip page's /full read started from its address at once (main.tsx), in parallel with /api/me
 * and the catalogues instead of after them (decision 0026): the trip query's first read takes this
 * answer (or its error) instead of asking again. A 401 is dropped: nobody was signed in yet, and the
 * query asks itself once someone is; an answer nobody took within 10 s is too old to show.
 */
export function startTripRead(tripId: string): void {
  const url = fullUrl(tripId);
  const read = api<TripFull>(url, { answer: takeEarly(url) });
  early = { tripId, read, at: Date.now() };
  read.catch((err) => {
    if (early?.read === read && err instanceof ApiError && err.status === 401) early = undefined;
  });
}

function takeEarlyRead(tripId: string): Promise<TripFull> | undefined {
  const taken = early?.tripId === tripId && Date.now() - early.at < 10_000 ? early.read : undefined;
  if (taken) early = undefined;
  return taken;
}

/** The trip a page address opens the trip screen on (`/trip/{id}`, `/my-trip` with a current trip). */
export function tripOfAddress(pathname: string, currentTripId: string | null): string | null {
  const m = /^\/trip\/([^/]+)\/?$/.exec(pathname);
  if (m) return decodeURIComponent(m[1]!);
  return pathname === "/my-trip" ? currentTripId : null;
}

/** The caches one /full answer fills, with the part of the answer each holds. */
function fullParts(tripId: string): [QueryKey, (full: TripFull) => unknown][] {
  return [
    [tripKeys.detail(tripId), (f) => ({ trip: f.trip, members: f.members })],
    [placeKeys.list(tripId), (f) => f.places],
    [itineraryKeys.active(tripId), (f) => f.result],
    [bookingKeys.list(tripId), (f) => f.bookings],
  ];
}

/**
 * A part's query function: the trip's /full read, fresh (one request in flight is shared by every
 * part and by the trip screen), and the part picked from it.
 */
export async function readTripPart<T>(
  client: QueryClient,
  tripId: string,
  pick: (full: TripFull) => T,
): Promise<T> {
  return pick(await client.fetchQuery({ ...tripFullQuery(tripId), staleTime: 0 }));
}

export function useTripFull(tripId: string | null | undefined) {
  return useQuery({ ...tripFullQuery(tripId ?? ""), enabled: Boolean(tripId) });
}
