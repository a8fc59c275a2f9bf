import type { ChatMessage } from "@tabi/contracts";
import { Pencil, Reply, Trash2 } from "lucide-react";
import { Popover } from "radix-ui";
import { useTranslation } from "react-i18next";
import { isPending } from "./cache";
import { useChat } from "./context";
import { ReactedBy, ReactionPicker } from "./Reactions";

const item =
  "flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * What can be done with a message: the six reactions, reply, edit (one's own text), delete (one's own;
 * admins any), and who reacted. Opened from the hover button on desktop, by a long press on touch.
 */
export function MessageMenu({
  message,
  open,
  onOpenChange,
  children,
}: {
  message: ChatMessage;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The message's bubble: the menu opens beside it. */
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { meId, isAdmin, reply, edit, remove } = useChat();
  const mine = message.userId === meId;
  const deleted = Boolean(message.deletedAt);
  const stored = !isPending(message);
  const close = () => onOpenChange(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor asChild>{children}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align={mine ? "end" : "start"}
          sideOffset={6}
          collisionPadding={8}
          aria-label={t("chat:actions.label")}
          className="z-50 w-max max-w-[calc(100vw-1rem)] space-y-2 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          {stored && !deleted ? <ReactionPicker message={message} onPicked={close} /> : null}
          <div className="space-y-0.5">
            {stored && !deleted ? (
              <button
                type="button"
                className={item}
                onClick={() => {
                  close();
                  reply(message);
                }}
              >
                <Reply className="size-4" aria-hidden /> {t("chat:actions.reply")}
              </button>
            ) : null}
            {stored && mine && !deleted && message.type === "text" && message.content ? (
              <button
                type="button"
                className={item}
                onClick={() => {
                  close();
                  edit(message);
                }}
              >
                <Pencil className="size-4" aria-hidden /> {t("chat:actions.edit")}
              </button>
            ) : null}
            {stored && (mine || isAdmin) && !deleted ? (
              <button
                type="button"
                className={`${item} text-red-600 dark:text-red-400`}
                onClick={() => {
                  close();
                  remove(message);
                }}
              >
                <Trash2 className="size-4" aria-hidden /> {t("common:action.delete")}
              </button>
            ) : null}
          </div>
          <ReactedBy message={message} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
