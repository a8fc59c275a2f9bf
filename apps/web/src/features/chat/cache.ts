import type { ChatMessage, ChatPage, ReactionSummary, ReadCursor } from "@tabi/contracts";
import type { InfiniteData } from "@tanstack/react-query";

// The chat history as TanStack Query keeps it: pages newest first (pages[0] is the newest page, each
// page's messages oldest first). Live events, sends and edits change it through these pure functions.
export type History = InfiniteData<ChatPage>;

/** A message shown before the server stored it has no place in the trip's order yet: it goes last. */
export const PENDING_NUM = Number.MAX_SAFE_INTEGER;
export const isPending = (m: ChatMessage) => m.num === PENDING_NUM;

const byNum = (a: ChatMessage, b: ChatMessage) => a.num - b.num;

function mapPages(history: History, fn: (messages: ChatMessage[]) => ChatMessage[]): History {
  let changed = false;
  const pages = history.pages.map((page) => {
    const messages = fn(page.messages);
    if (messages === page.messages) return page;
    changed = true;
    return { ...page, messages };
  });
  return changed ? { ...history, pages } : history;
}

/** Where a message is: the same id, or the sender's own copy with the same client id. */
const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.id === b.id || (a.clientId !== null && a.clientId === b.clientId);

/**
 * Puts a message in: it replaces its earlier copy (the same id, or the optimistic copy with its
 * client id), else joins the newest page in order. Never shown twice.
 */
export function upsertMessage(history: History, message: ChatMessage): History {
  let found = false;
  const replaced = mapPages(history, (messages) => {
    const i = messages.findIndex((m) => sameMessage(m, message));
    if (i < 0) return messages;
    found = true;
    const next = messages.filter((m, j) => j === i || !sameMessage(m, message));
    next[next.indexOf(messages[i]!)] = message;
    return next.sort(byNum);
  });
  if (found) return replaced;
  const [newest, ...older] = history.pages;
  if (!newest)
    return { pages: [{ messages: [message], hasMore: false, reads: [] }], pageParams: [undefined] };
  return {
    ...history,
    pages: [{ ...newest, messages: [...newest.messages, message].sort(byNum) }, ...older],
  };
}

/** Changes one message where it is loaded (nothing when it is not). */
export function updateMessage(
  history: History,
  messageId: string,
  change: (m: ChatMessage) => ChatMessage,
): History {
  return mapPages(history, (messages) => {
    const i = messages.findIndex((m) => m.id === messageId);
    if (i < 0) return messages;
    const next = [...messages];
    next[i] = change(messages[i]!);
    return next;
  });
}

export const setReactions = (history: History, messageId: string, reactions: ReactionSummary[]) =>
  updateMessage(history, messageId, (m) => ({ ...m, reactions }));

/** Removes a message that was never stored (a failed send), by its client id. */
export const removeByClientId = (history: History, clientId: string) =>
  mapPages(history, (messages) =>
    messages.some((m) => m.clientId === clientId)
      ? messages.filter((m) => m.clientId !== clientId)
      : messages,
  );

/** A member read further: their cursor moves forward, never back. */
export function moveReadCursor(history: History, cursor: ReadCursor): History {
  const [newest, ...older] = history.pages;
  if (!newest) return history;
  const current = newest.reads.find((r) => r.userId === cursor.userId);
  if (current && current.num >= cursor.num) return history;
  const reads = [...newest.reads.filter((r) => r.userId !== cursor.userId), cursor];
  return { ...history, pages: [{ ...newest, reads }, ...older] };
}

/** Every member's furthest read, over all loaded pages. */
export function readCursors(history: History | undefined): Map<string, number> {
  const cursors = new Map<string, number>();
  for (const page of history?.pages ?? [])
    for (const r of page.reads) cursors.set(r.userId, Math.max(cursors.get(r.userId) ?? 0, r.num));
  return cursors;
}

/** All loaded messages, oldest first. */
export const allMessages = (history: History | undefined): ChatMessage[] =>
  history ? [...history.pages].reverse().flatMap((p) => p.messages) : [];

/** The toggled reaction list: the user's reaction added, or removed when it was theirs already. */
export function toggleReaction(
  reactions: ReactionSummary[],
  reaction: ReactionSummary["reaction"],
  userId: string,
): ReactionSummary[] {
  const entry = reactions.find((r) => r.reaction === reaction);
  if (!entry) return [...reactions, { reaction, userIds: [userId] }];
  const mine = entry.userIds.includes(userId);
  const userIds = mine ? entry.userIds.filter((u) => u !== userId) : [...entry.userIds, userId];
  return reactions.map((r) => (r === entry ? { ...r, userIds } : r)).filter((r) => r.userIds.length > 0);
}

/**
 * A refetched history keeps what arrived live while it was on its way: stored messages newer than
 * the newest it holds, and read cursors further on. (A message is never removed on the server, so a
 * newer one in the cache is real; a message only shown, not stored, is left to its send.)
 */
export function keepNewer(previous: History | undefined, next: History): History {
  const [newest, ...older] = next.pages;
  const before = previous?.pages[0];
  if (!newest || !before) return next;
  const top = newest.messages.reduce((n, m) => (isPending(m) ? n : Math.max(n, m.num)), 0);
  const ids = new Set(newest.messages.map((m) => m.id));
  const later = before.messages.filter((m) => !isPending(m) && m.num > top && !ids.has(m.id));
  const reads = [...newest.reads];
  for (const r of before.reads) {
    const i = reads.findIndex((x) => x.userId === r.userId);
    if (i < 0) reads.push(r);
    else if (reads[i]!.num < r.num) reads[i] = r;
  }
  const movedOn = reads.some((r, i) => r !== newest.reads[i]) || reads.length !== newest.reads.length;
  if (later.length === 0 && !movedOn) return next;
  return {
    ...next,
    pages: [{ ...newest, messages: [...newest.messages, ...later].sort(byNum), reads }, ...older],
  };
}
