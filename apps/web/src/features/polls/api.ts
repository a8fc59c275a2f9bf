import type { Poll, PollCreateInput, PollList, PollWinnerResult } from "@tabi/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { placeKeys } from "../places/api";

// The trip's polls (issue 30 item 1). Every write on the server publishes `polls.changed` on the trip's
// channel (itinerary/api.ts useTripChannel), which refetches these: results are live for everyone.
export const pollKeys = {
  all: (tripId: string) => ["polls", tripId] as const,
  list: (tripId: string) => [...pollKeys.all(tripId), "list"] as const,
  one: (tripId: string, pollId: string) => [...pollKeys.all(tripId), "one", pollId] as const,
};

const base = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}/polls`;
const one = (tripId: string, pollId: string) => `${base(tripId)}/${encodeURIComponent(pollId)}`;

export const usePolls = (tripId: string) =>
  useQuery({ queryKey: pollKeys.list(tripId), queryFn: () => api<PollList>(base(tripId)) });

/** One poll (a chat card): from the list when it is loaded, then kept fresh on its own. */
export function usePoll(tripId: string, pollId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: pollKeys.one(tripId, pollId),
    queryFn: () => api<Poll>(one(tripId, pollId)),
    initialData: () => qc.getQueryData<PollList>(pollKeys.list(tripId))?.polls.find((p) => p.id === pollId),
    initialDataUpdatedAt: () => qc.getQueryState(pollKeys.list(tripId))?.dataUpdatedAt,
  });
}

/** Puts a poll as the server answered it wherever it is shown (the list and its card). */
function useStore(tripId: string) {
  const qc = useQueryClient();
  return (poll: Poll) => {
    qc.setQueryData(pollKeys.one(tripId, poll.id), poll);
    qc.setQueryData<PollList>(pollKeys.list(tripId), (list) =>
      list
        ? {
            polls: list.polls.some((p) => p.id === poll.id)
              ? list.polls.map((p) => (p.id === poll.id ? poll : p))
              : [poll, ...list.polls],
          }
        : list,
    );
  };
}

export function useCreatePoll(tripId: string) {
  const store = useStore(tripId);
  return useMutation({
    mutationFn: (input: PollCreateInput) => api<Poll>(base(tripId), { body: input }),
    onSuccess: store,
  });
}

/**
 * The caller's whole choice. Shown at once (the count moves with the tap), put right by the answer;
 * a refused vote puts the poll back as it was.
 */
export function useVote(tripId: string, pollId: string) {
  const qc = useQueryClient();
  const store = useStore(tripId);
  const key = pollKeys.one(tripId, pollId);
  return useMutation({
    mutationFn: (optionIds: string[]) =>
      api<Poll>(`${one(tripId, pollId)}/vote`, { method: "PUT", body: { optionIds } }),
    onMutate: async (optionIds) => {
      await qc.cancelQueries({ queryKey: key });
      const before =
        qc.getQueryData<Poll>(key) ??
        qc.getQueryData<PollList>(pollKeys.list(tripId))?.polls.find((p) => p.id === pollId);
      if (before) store(withMyVotes(before, optionIds));
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) store(context.before);
    },
    onSuccess: store,
  });
}

/** A poll as it will be once the caller's choice is counted (the server's answer replaces it). */
export function withMyVotes(poll: Poll, optionIds: string[]): Poll {
  const had = new Set(poll.myVotes);
  const has = new Set(optionIds);
  const options = poll.options.map((o) => ({
    ...o,
    votes: o.votes - (had.has(o.id) ? 1 : 0) + (has.has(o.id) ? 1 : 0),
  }));
  const top = Math.max(0, ...options.map((o) => o.votes));
  return {
    ...poll,
    options,
    myVotes: optionIds,
    voters: poll.voters - (had.size > 0 ? 1 : 0) + (has.size > 0 ? 1 : 0),
    leading: top === 0 ? [] : options.filter((o) => o.votes === top).map((o) => o.id),
  };
}

export function useClosePoll(tripId: string) {
  const store = useStore(tripId);
  return useMutation({
    mutationFn: (pollId: string) => api<Poll>(`${one(tripId, pollId)}/close`, { method: "POST" }),
    onSuccess: store,
  });
}

export function useAddWinner(tripId: string) {
  const qc = useQueryClient();
  const store = useStore(tripId);
  return useMutation({
    mutationFn: ({ pollId, optionId }: { pollId: string; optionId?: string }) =>
      api<PollWinnerResult>(`${one(tripId, pollId)}/winner`, { body: optionId ? { optionId } : {} }),
    onSuccess: (answer) => {
      store(answer.poll);
      void qc.invalidateQueries({ queryKey: placeKeys.list(tripId) });
    },
  });
}
