import type { ChatMessage } from "@tabi/contracts";
import { isPending } from "./cache";

// Spec 4: an own message is unread ("Sent"), read by some, or read by all (readers >= members - 1).
export type ReadState = "sending" | "sent" | "some" | "all";

/**
 * Who has read the message: members other than the sender whose cursor reached it, in member order.
 * `memberIds` are the trip's current members (a former member's cursor no longer counts).
 */
export function readersOf(message: ChatMessage, cursors: Map<string, number>, memberIds: string[]): string[] {
  if (isPending(message)) return [];
  return memberIds.filter((id) => id !== message.userId && (cursors.get(id) ?? 0) >= message.num);
}

export function readState(message: ChatMessage, readers: string[], memberCount: number): ReadState {
  if (isPending(message)) return "sending";
  if (readers.length === 0) return "sent";
  return readers.length >= memberCount - 1 ? "all" : "some";
}

/**
 * The own messages whose read state shows: where the readers change from the next own message of
 * a run, and the last of each run. Cursors make a later message's readers a subset of an earlier's,
 * so "Read by all" shows once for a run rather than under every message.
 */
export function receiptShown(
  messages: ChatMessage[],
  meId: string,
  cursors: Map<string, number>,
  memberIds: string[],
): Set<string> {
  const shown = new Set<string>();
  let after: ChatMessage | undefined; // the next message, going backwards
  let afterReaders = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const mine = m.userId === meId && !m.deletedAt;
    const readers = mine ? readersOf(m, cursors, memberIds).length : -1;
    const runGoesOn = after?.userId === meId && !after.deletedAt;
    if (mine && (!runGoesOn || readers !== afterReaders || isPending(after!))) shown.add(m.id);
    after = m;
    afterReaders = readers;
  }
  return shown;
}
