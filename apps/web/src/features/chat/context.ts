import type { ChatMessage, Member, Place, ReactionName } from "@tabi/contracts";
import { createContext, useContext } from "react";
import { i18n } from "../../i18n";

/** Spec: unknown and former members show in grey. */
export const UNKNOWN_COLOR = "#6B7280";

export interface Sender {
  name: string;
  color: string;
}

/** What every message of the open chat needs to know, and what it can ask for. */
export interface ChatContextValue {
  tripId: string;
  meId: string;
  isAdmin: boolean;
  /** May add places now (permission, plan limit and deadline, as the server says). */
  canAddPlaces: boolean;
  members: Map<string, Member>;
  memberCount: number;
  /** Every member's furthest read message (its `num`). */
  cursors: Map<string, number>;
  places: Map<string, Place>;
  reply(m: ChatMessage): void;
  edit(m: ChatMessage): void;
  remove(m: ChatMessage): void;
  react(m: ChatMessage, reaction: ReactionName): void;
}

export const ChatContext = createContext<ChatContextValue | null>(null);
export function useChat(): ChatContextValue {
  const value = useContext(ChatContext);
  // i18n-exempt: a programming error, never shown
  if (!value) throw new Error("useChat outside the chat screen");
  return value;
}

/** The sender's name and colour: a member's own, else grey ("Deleted user" once the account is gone). */
export function senderOf(
  m: { userId: string | null; senderName: string | null },
  members: Map<string, Member>,
): Sender {
  if (m.userId === null) return { name: i18n.t("chat:message.deletedUser"), color: UNKNOWN_COLOR };
  const member = members.get(m.userId);
  if (member) return { name: member.name, color: member.color };
  return { name: m.senderName ?? i18n.t("places:card.unknownMember"), color: UNKNOWN_COLOR };
}

/** Names of users for "who reacted" and "read by": members by name, anyone else as unknown. */
export const namesOf = (userIds: readonly string[], members: Map<string, Member>) =>
  userIds.map((id) => members.get(id)?.name ?? i18n.t("places:card.unknownMember"));
