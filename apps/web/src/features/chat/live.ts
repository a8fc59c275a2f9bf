import { type Me, type TripEvent, TYPING_SHOW_MS } from "@tabi/contracts";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { realtime } from "../../lib/realtime";
import { meQuery } from "../auth/session";
import { chatKeys, editHistory } from "./api";
import { moveReadCursor, setReactions, updateMessage, upsertMessage } from "./cache";

type ChatEvent = Extract<TripEvent, { type: `chat.${string}` }>;
const isChatEvent = (e: TripEvent): e is ChatEvent => e.type.startsWith("chat.");

/** The trip whose chat is on screen and visible now: its new messages are read, not counted unread. */
let readingTrip: string | null = null;
export const setReadingTrip = (tripId: string | null) => {
  readingTrip = tripId;
};

function countUnread(qc: QueryClient, tripId: string) {
  if (readingTrip === tripId) return;
  qc.setQueryData<{ trips: Record<string, number> }>(chatKeys.unread, (u) =>
    u ? { trips: { ...u.trips, [tripId]: (u.trips[tripId] ?? 0) + 1 } } : u,
  );
}

/** One chat event into the cache: the message itself when the event carries it, else a refetch. */
export function applyChatEvent(qc: QueryClient, event: ChatEvent) {
  const { tripId } = event;
  const refetch = () => void qc.invalidateQueries({ queryKey: chatKeys.history(tripId) });
  const me = qc.getQueryData<Me | null>(meQuery.queryKey)?.id;
  switch (event.type) {
    case "chat.message":
      if (event.message) {
        const message = event.message;
        editHistory(qc, tripId, (h) => upsertMessage(h, message));
      } else refetch();
      if (event.message?.userId !== me) countUnread(qc, tripId);
      return;
    case "chat.updated":
      if (event.message) {
        const message = event.message;
        editHistory(qc, tripId, (h) => updateMessage(h, message.id, () => message));
      } else refetch();
      return;
    case "chat.reactions":
      editHistory(qc, tripId, (h) => setReactions(h, event.messageId, event.reactions));
      return;
    case "chat.read":
      editHistory(qc, tripId, (h) =>
        moveReadCursor(h, { userId: event.userId, num: event.num, readAt: event.readAt }),
      );
      // Read on another device of mine: the counts change.
      if (event.userId === me) void qc.invalidateQueries({ queryKey: chatKeys.unread });
      return;
  }
}

/** The trip's chat events go straight into the cache (the channel itself is opened by the shell). */
export function useChatEvents(tripId: string | null) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!tripId) return;
    const off = realtime.onEvent((event) => {
      if (event.tripId === tripId && isChatEvent(event)) applyChatEvent(qc, event);
    });
    return () => {
      off();
    };
  }, [tripId, qc]);
}

/** Who has the trip open right now (presence from the sockets, DESIGN.md). */
export function usePresence(tripId: string | null | undefined): readonly string[] {
  return useSyncExternalStore(
    (cb) => realtime.onPresence(cb),
    () => (tripId ? realtime.online(tripId) : []),
  );
}

/** Members typing in the trip's chat now: each shown TYPING_SHOW_MS after their last signal. */
export function useTyping(tripId: string | null, meId: string | undefined): string[] {
  const [typing, setTyping] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    if (!tripId) return;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stop = (userId: string) => {
      clearTimeout(timers.get(userId));
      timers.delete(userId);
      setTyping((t) => {
        if (!t.has(userId)) return t;
        const next = new Map(t);
        next.delete(userId);
        return next;
      });
    };
    const offTyping = realtime.onTyping((id, userId) => {
      if (id !== tripId || userId === meId) return;
      clearTimeout(timers.get(userId));
      timers.set(
        userId,
        setTimeout(() => stop(userId), TYPING_SHOW_MS),
      );
      setTyping((t) => (t.has(userId) ? t : new Map(t).set(userId, Date.now())));
    });
    // Their message arrived: they stopped typing it.
    const offEvent = realtime.onEvent((e) => {
      if (e.tripId === tripId && e.type === "chat.message" && e.message?.userId) stop(e.message.userId);
    });
    return () => {
      offTyping();
      offEvent();
      for (const t of timers.values()) clearTimeout(t);
      setTyping(new Map());
    };
  }, [tripId, meId]);
  return [...typing.keys()];
}
