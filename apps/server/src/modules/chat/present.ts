import {
  type ChatMessage,
  REACTION_NAMES,
  REACTIONS,
  type ReactionName,
  type ReactionSummary,
} from "@tabi/contracts";
import { uploadView } from "../uploads/service";
import type { MessageView } from "./queries";

const NAME_OF_EMOJI = new Map<string, ReactionName>(REACTION_NAMES.map((n) => [REACTIONS[n], n]));
const EXCERPT = 140;

/** [emoji, userId] pairs, in the order made, as one summary per reaction in the spec's order. */
export function summarise(pairs: readonly (readonly [string, string])[]): ReactionSummary[] {
  const byName = new Map<ReactionName, string[]>();
  for (const [emoji, userId] of pairs) {
    const name = NAME_OF_EMOJI.get(emoji);
    if (!name) continue;
    const list = byName.get(name) ?? [];
    list.push(userId);
    byName.set(name, list);
  }
  return REACTION_NAMES.filter((n) => byName.has(n)).map((reaction) => ({
    reaction,
    userIds: byName.get(reaction)!,
  }));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentMessage(v: MessageView): ChatMessage {
  const m = v.message;
  const deleted = m.deletedAt !== null;
  return {
    id: m.id,
    tripId: m.tripId,
    userId: m.userId,
    senderName: v.senderName,
    num: Number(m.num),
    clientId: m.clientId,
    type: m.messageType,
    content: deleted ? null : m.content,
    image: deleted || !v.image ? null : uploadView(v.image),
    replyTo: v.reply?.id
      ? {
          id: v.reply.id,
          userId: v.reply.userId,
          senderName: v.reply.senderName,
          type: v.reply.type ?? "text",
          excerpt: v.reply.deletedAt || !v.reply.content ? null : v.reply.content.slice(0, EXCERPT),
          deleted: v.reply.deletedAt !== null,
        }
      : null,
    attachment: deleted ? null : m.attachment,
    reactions: deleted ? [] : summarise(v.reactions),
    editedAt: iso(m.editedAt),
    deletedAt: iso(m.deletedAt),
    createdAt: iso(m.createdAt)!,
  };
}
