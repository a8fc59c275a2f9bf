import { type ChatMessage, REACTION_NAMES, REACTIONS } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { namesOf, useChat } from "./context";
import { EMOJI_FONT, REACTION_LABEL } from "./labels";

/** The six emojis (spec 9); the ones the user already used show pressed, pressing again removes. */
export function ReactionPicker({ message, onPicked }: { message: ChatMessage; onPicked?(): void }) {
  const { t } = useTranslation();
  const { meId, react } = useChat();
  return (
    <div role="group" aria-label={t("chat:actions.react")} className="flex gap-1">
      {REACTION_NAMES.map((name) => {
        const mine = message.reactions.some((r) => r.reaction === name && r.userIds.includes(meId));
        return (
          <button
            key={name}
            type="button"
            aria-pressed={mine}
            aria-label={t(REACTION_LABEL[name])}
            title={t(REACTION_LABEL[name])}
            style={EMOJI_FONT}
            onClick={() => {
              react(message, name);
              onPicked?.();
            }}
            className={cn(
              "rounded-full p-1.5 text-xl leading-none transition hover:scale-110 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800",
              mine && "bg-brand-50 ring-1 ring-brand-500 dark:bg-brand-900/40",
            )}
          >
            {REACTIONS[name]}
          </button>
        );
      })}
    </div>
  );
}

/** The reactions on a message with their counts; who reacted on hover, a tap toggles one's own. */
export function ReactionChips({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t } = useTranslation();
  const { meId, members, react } = useChat();
  if (message.reactions.length === 0) return null;
  return (
    <ul className={cn("mt-1 flex flex-wrap gap-1", mine && "justify-end")}>
      {message.reactions.map((r) => {
        const names = namesOf(r.userIds, members).join(", ");
        const pressed = r.userIds.includes(meId);
        return (
          <li key={r.reaction}>
            <button
              type="button"
              aria-pressed={pressed}
              title={names}
              aria-label={t("chat:reaction.chip", {
                reaction: t(REACTION_LABEL[r.reaction]),
                count: r.userIds.length,
                names,
              })}
              onClick={() => react(message, r.reaction)}
              className={cn(
                "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm ring-1",
                pressed
                  ? "bg-brand-50 ring-brand-500 dark:bg-brand-900/50"
                  : "bg-white ring-slate-200 hover:bg-slate-50 dark:bg-slate-800 dark:ring-slate-700",
              )}
            >
              <span aria-hidden style={EMOJI_FONT}>
                {REACTIONS[r.reaction]}
              </span>
              <span className="text-xs font-medium text-slate-700 dark:text-slate-200">
                {formatNumber(r.userIds.length)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Who reacted with what, for the message menu (on touch, where there is no hover). */
export function ReactedBy({ message }: { message: ChatMessage }) {
  const { members } = useChat();
  if (message.reactions.length === 0) return null;
  return (
    <ul className="space-y-1 border-t border-slate-100 pt-2 text-sm dark:border-slate-800">
      {message.reactions.map((r) => (
        <li key={r.reaction} className="flex gap-2">
          <span aria-hidden style={EMOJI_FONT}>
            {REACTIONS[r.reaction]}
          </span>
          <span className="min-w-0 text-slate-600 dark:text-slate-300">
            {namesOf(r.userIds, members).join(", ")}
          </span>
        </li>
      ))}
    </ul>
  );
}
