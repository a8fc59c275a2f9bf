import type {
  ChatAttachment,
  ChatMessage,
  ChatPage,
  ChatSendInput,
  Me,
  ReactionName,
  ReactionSummary,
  TripDetail,
  Unread,
  Upload,
} from "@tabi/contracts";
import { CHAT_PAGE_SIZE } from "@tabi/contracts";
import {
  type QueryClient,
  replaceEqualDeep,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, isUnavailable } from "../../lib/api";
import {
  offlineQueryClient,
  onRefused,
  pendingChanges,
  registerOutboxKind,
  registerOverlay,
  sendOrQueue,
} from "../../lib/offline";
import { meQuery } from "../auth/session";
import { CHAT_SEND } from "../offline/chat";
import { tripKeys } from "../trips/api";
import {
  type History,
  keepNewer,
  PENDING_NUM,
  removeByClientId,
  setReactions,
  toggleReaction,
  updateMessage,
  upsertMessage,
} from "./cache";

// Under "trips", so the history is kept on this device for offline reading (lib/offline/persist.ts).
export const chatKeys = {
  history: (tripId: string) => ["trips", tripId, "chat"] as const,
  /** Outside "trips": the counts of every trip, read by the home screen and the bottom navigation. */
  unread: ["me", "unread"] as const,
};

const base = (tripId: string) => `/api/trips/${tripId}/chat`;

/** The newest page first; older pages as the list is scrolled up (`before` the oldest loaded). */
export function useChatHistory(tripId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(tripId ?? ""),
    enabled: Boolean(tripId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api<ChatPage>(
        `${base(tripId!)}/messages?limit=${CHAT_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ""}`,
        { signal },
      ),
    getNextPageParam: (page) => (page.hasMore && page.messages[0] ? page.messages[0].num : undefined),
    // Live events keep it current; a reconnect or a gap refetches it (lib/realtime.ts).
    staleTime: 60_000,
    structuralSharing: (previous, next) =>
      replaceEqualDeep(previous, keepNewer(previous as History | undefined, next as History)),
  });
}

/** Changes the loaded history, when there is one (a trip whose chat was never opened has none). */
export function editHistory(qc: QueryClient, tripId: string, change: (h: History) => History) {
  qc.setQueryData<History>(chatKeys.history(tripId), (h) => (h ? change(h) : h));
}

/** A loaded message as the cache holds it now. */
export const cachedMessage = (qc: QueryClient, tripId: string, id: string) =>
  qc
    .getQueryData<History>(chatKeys.history(tripId))
    ?.pages.flatMap((p) => p.messages)
    .find((m) => m.id === id);

export const useUnread = (enabled = true) =>
  useQuery({
    queryKey: chatKeys.unread,
    queryFn: () => api<Unread>("/api/me/unread"),
    enabled,
    // Trips whose channel this tab does not follow (the home screen's cards) are counted now and then.
    refetchInterval: 60_000,
  });

export interface SendVars {
  /** Made by the composer once per message, so a retried send is stored once (idempotency key). */
  clientId: string;
  content?: string | null;
  image?: Upload | null;
  replyTo?: ChatMessage | null;
  attachment?: ChatAttachment | null;
}

/** The message as it shows at once, under its client id, until the stored one replaces it. */
function optimistic(qc: QueryClient, tripId: string, v: SendVars): ChatMessage {
  const me = qc.getQueryData<Me | null>(meQuery.queryKey);
  const member = qc
    .getQueryData<TripDetail>(tripKeys.detail(tripId))
    ?.members.find((m) => m.userId === me?.id);
  const reply = v.replyTo;
  return {
    id: v.clientId,
    tripId,
    userId: me?.id ?? null,
    senderName: member?.name ?? me?.name ?? null,
    num: PENDING_NUM,
    clientId: v.clientId,
    type: v.image ? "image" : "text",
    content: v.content ?? null,
    image: v.image ?? null,
    replyTo: reply
      ? {
          id: reply.id,
          userId: reply.userId,
          senderName: reply.senderName,
          type: reply.type,
          excerpt: reply.content?.slice(0, 120) ?? null,
          deleted: Boolean(reply.deletedAt),
        }
      : null,
    attachment: v.attachment ?? null,
    reactions: [],
    editedAt: null,
    deletedAt: null,
    createdAt: new Date().toISOString(),
  };
}

/** The message a waiting send shows (its optimistic copy, kept with it in the outbox). */
const waitingMessage = (meta: Record<string, unknown> | undefined) =>
  meta?.message as ChatMessage | undefined;

/** Messages waiting in the outbox, at the end of their trip's chat, however the history arrives. */
const watched = new Set<string>();
function showWaiting(tripId: string) {
  if (watched.has(tripId)) return;
  watched.add(tripId);
  registerOverlay<History>(chatKeys.history(tripId), (history) => {
    const here = new Set(history.pages.flatMap((p) => p.messages.map((m) => m.clientId)));
    let shown = history;
    for (const item of pendingChanges(tripId)) {
      const message = item.kind === CHAT_SEND ? waitingMessage(item.meta) : undefined;
      // Never over the stored copy: the server's answer comes before the outbox lets go of it.
      if (message && !here.has(message.clientId)) shown = upsertMessage(shown, message);
    }
    return shown;
  });
}
registerOutboxKind(CHAT_SEND, {
  sent: (item, answer) => {
    const qc = offlineQueryClient();
    if (qc) editHistory(qc, item.tripId, (h) => upsertMessage(h, answer as ChatMessage));
  },
});
onRefused(({ item }) => {
  const qc = offlineQueryClient();
  const clientId = item.kind === CHAT_SEND ? waitingMessage(item.meta)?.clientId : null;
  if (qc && clientId) editHistory(qc, item.tripId, (h) => removeByClientId(h, clientId));
});

/**
 * Sends a message: it shows at once, the stored one replaces it (by client id, also when its live
 * event comes first); a send the server refuses takes it away again and the caller gives the text
 * back (spec 4). Without a network, a text waits in the outbox, shown as sending, and goes when the
 * network is back (the server stores a client id once, however often it is sent).
 */
export function useSendMessage(tripId: string) {
  const qc = useQueryClient();
  showWaiting(tripId);
  return useMutation({
    mutationFn: async (v: SendVars): Promise<ChatMessage | null> => {
      const body: ChatSendInput = {
        clientId: v.clientId,
        content: v.content ?? null,
        imageId: v.image?.id ?? null,
        replyToId: v.replyTo?.id ?? null,
        attachment: v.attachment ?? null,
      };
      const path = `${base(tripId)}/messages`;
      // A photo needs its upload, which needs the network: it fails now, its text given back.
      if (v.image) return api<ChatMessage>(path, { body });
      const sent = await sendOrQueue<ChatMessage>({
        kind: CHAT_SEND,
        tripId,
        method: "POST",
        path,
        body,
        label: v.content?.slice(0, 60) ?? "",
        ...(v.content ? { typed: v.content } : {}),
        meta: { message: optimistic(qc, tripId, v) },
      });
      return sent.queued ? null : sent.answer;
    },
    retry: (count, err) => count < 2 && isUnavailable(err),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: chatKeys.history(tripId) });
      editHistory(qc, tripId, (h) => upsertMessage(h, optimistic(qc, tripId, v)));
    },
    onSuccess: (message) => {
      if (message) editHistory(qc, tripId, (h) => upsertMessage(h, message));
    },
    onError: (_err, v) => editHistory(qc, tripId, (h) => removeByClientId(h, v.clientId)),
  });
}

/** Edits the text of one's own message; shown at once, put back if the server refuses. */
export function useEditMessage(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, content }: { id: string; content: string }) => {
      const before = cachedMessage(qc, tripId, id);
      const edited = new Date().toISOString();
      editHistory(qc, tripId, (h) => updateMessage(h, id, (m) => ({ ...m, content, editedAt: edited })));
      try {
        const message = await api<ChatMessage>(`${base(tripId)}/messages/${id}`, {
          method: "PATCH",
          body: { content },
        });
        editHistory(qc, tripId, (h) => upsertMessage(h, message));
        return message;
      } catch (err) {
        if (before) editHistory(qc, tripId, (h) => updateMessage(h, id, () => before));
        throw err;
      }
    },
  });
}

/** Deletes a message (one's own; admins any): it stays as the "deleted" placeholder. */
export function useDeleteMessage(tripId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ChatMessage>(`${base(tripId)}/messages/${id}`, { method: "DELETE" }),
    onSuccess: (message) => editHistory(qc, tripId, (h) => upsertMessage(h, message)),
  });
}

/**
 * Adds the reaction, or removes it when it is the user's already (spec 4); shown at once and put
 * back as it was if the server refuses. One at a time per trip, so quick taps apply in order.
 */
export function useToggleReaction(tripId: string, userId: string) {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: `chat-reactions-${tripId}` },
    mutationFn: async ({ messageId, reaction }: { messageId: string; reaction: ReactionName }) => {
      const before = cachedMessage(qc, tripId, messageId)?.reactions ?? [];
      const mine = before.some((r) => r.reaction === reaction && r.userIds.includes(userId));
      editHistory(qc, tripId, (h) => setReactions(h, messageId, toggleReaction(before, reaction, userId)));
      try {
        const { reactions } = await api<{ reactions: ReactionSummary[] }>(
          `${base(tripId)}/messages/${messageId}/reactions/${reaction}`,
          { method: mine ? "DELETE" : "PUT" },
        );
        editHistory(qc, tripId, (h) => setReactions(h, messageId, reactions));
      } catch (err) {
        editHistory(qc, tripId, (h) => setReactions(h, messageId, before));
        throw err;
      }
    },
  });
}

/** Moves the caller's read cursor; the unread counts are read again. */
export async function markRead(qc: QueryClient, tripId: string, num: number) {
  await api<null>(`${base(tripId)}/read`, { body: { num } });
  await qc.invalidateQueries({ queryKey: chatKeys.unread });
}
