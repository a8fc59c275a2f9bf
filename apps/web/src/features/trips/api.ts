import type {
  Invitation,
  MemberUpdateInput,
  Trip,
  TripCreateInput,
  TripDetail,
  TripList,
  TripUpdateInput,
} from "@tabi/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { takeEarly } from "../../boot/early";
import { api } from "../../lib/api";
import { currentTripId, setCurrentTripId } from "./currentTrip";
import { readTripPart } from "./tripFull";

// One file per area for the trip calls: query keys, fetchers, and hooks that keep caches fresh.
export const tripKeys = {
  all: ["trips"] as const,
  list: () => [...tripKeys.all, "list"] as const,
  detail: (id: string) => [...tripKeys.all, "detail", id] as const,
  invitation: (id: string) => [...tripKeys.all, "invitation", id] as const,
};

export const tripListQuery = queryOptions({
  queryKey: tripKeys.list(),
  queryFn: () => api<TripList>("/api/trips"),
});
/** Fresh for 10 s: the trip screen's one read fills it (tripFull.ts) and the trip's channel refreshes it. */
export const SEEDED_STALE_MS = 10_000;
export const tripDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tripKeys.detail(id),
    // Read with the rest of the trip (one request however many parts ask: tripFull.ts).
    queryFn: ({ client }): Promise<TripDetail> =>
      readTripPart(client, id, (full) => ({ trip: full.trip, members: full.members })),
    staleTime: SEEDED_STALE_MS,
  });

export const useTrips = () => useQuery(tripListQuery);
/** Every trip, past the list's 20 (home's "Show all"); under the list key, so it refreshes with it. */
export const useAllTrips = (enabled: boolean) =>
  useQuery({
    queryKey: [...tripKeys.list(), "all"] as const,
    queryFn: () => api<TripList>("/api/trips?all=1"),
    enabled,
  });
export const useTrip = (id: string | null | undefined) =>
  useQuery({ ...tripDetailQuery(id ?? ""), enabled: Boolean(id) });
/** The invitation's address (index.html's early read asks the same: boot/early.ts). */
export const invitationUrl = (id: string) => `/api/trips/${encodeURIComponent(id)}/invitation`;

export const invitationQuery = (id: string) =>
  queryOptions({
    queryKey: tripKeys.invitation(id),
    queryFn: () => {
      const url = invitationUrl(id);
      return api<Invitation>(url, { answer: takeEarly(url) });
    },
    // Read ahead with the trip (tripFull.ts): the card that mounts a moment later takes that answer
    // instead of asking again. A new code made here invalidates it (useTripMutation).
    staleTime: 30_000,
  });

export const useInvitation = (id: string, enabled = true) => useQuery({ ...invitationQuery(id), enabled });

function useTripMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Trip lists, members and home stats all change together.
    onSuccess: async (result) => {
      const detail = result as Partial<TripDetail> | undefined;
      if (detail?.trip) qc.setQueryData(tripKeys.detail(detail.trip.id), detail as TripDetail);
      await Promise.all([
        qc.invalidateQueries({ queryKey: tripKeys.all }),
        qc.invalidateQueries({ queryKey: ["me", "stats"] }),
      ]);
    },
  });
}

export const useCreateTrip = () =>
  useTripMutation((body: TripCreateInput) => api<TripDetail>("/api/trips", { body }));
export const useUpdateTrip = (id: string) =>
  useTripMutation((body: TripUpdateInput) => api<TripDetail>(`/api/trips/${id}`, { method: "PATCH", body }));
export const useDeleteTrip = () =>
  useTripMutation((id: string) => api<null>(`/api/trips/${id}`, { method: "DELETE" }));
export const useJoinTrip = () =>
  useTripMutation((code: string) =>
    api<{ trip: Trip; alreadyMember: boolean }>("/api/trips/join", { body: { code } }),
  );
/**
 * Leaving ends the membership; the list, counters and home stats refresh (useTripMutation). The trip
 * stops being the current one before they do: its read then answers 404, which for the current trip
 * means "deleted, or you are no longer a member" (goneTrip.ts), not what a member who left was told.
 */
export const useLeaveTrip = () =>
  useTripMutation(async (id: string) => {
    await api<null>(`/api/trips/${id}/leave`, { method: "POST" });
    if (currentTripId() === id) setCurrentTripId(null);
    return null;
  });
/** An admin removes another member (server: not the owner; their private things in the trip go too). */
export const useRemoveMember = (tripId: string) =>
  useTripMutation((userId: string) =>
    api<null>(`/api/trips/${tripId}/members/${userId}`, { method: "DELETE" }),
  );
/** The owner hands the trip to another member (server: they become owner and admin). */
export const useHandOver = (tripId: string) =>
  useTripMutation((userId: string) => api<TripDetail>(`/api/trips/${tripId}/owner`, { body: { userId } }));
export const useUpdateMember = (tripId: string) =>
  useTripMutation(({ userId, ...body }: MemberUpdateInput & { userId: string }) =>
    api<TripDetail>(`/api/trips/${tripId}/members/${userId}`, { method: "PATCH", body }),
  );
