import type { ChatMessage } from "@tabi/contracts";
import { Reply, SmilePlus } from "lucide-react";
import { memo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { useTheme } from "../../lib/theme";
import { MemberAvatar } from "../trips/MemberIdentity";
import { ChatImage } from "./ChatImage";
import { isPending } from "./cache";
import { readableText } from "./colors";
import { type Sender, useChat } from "./context";
import { messageTime } from "./days";
import { MessageMenu } from "./MessageMenu";
import { MessageText } from "./MessageText";
import { PlaceAttachment } from "./PlaceAttachment";
import { ReactionChips } from "./Reactions";
import { ReadReceipt } from "./ReadReceipt";
import { ReplyQuote } from "./ReplyQuote";

const LONG_PRESS_MS = 450;

/** One message: own on the right, others' on the left with their name and colour (first of a run). */
export const MessageItem = memo(function MessageItem({
  message,
  sender,
  mine,
  first,
  receipt,
}: {
  message: ChatMessage;
  sender: Sender;
  mine: boolean;
  /** The first of a run by the same sender: name and avatar show. */
  first: boolean;
  /** Its read state shows (one's own message where the readers change, spec 4). */
  receipt: boolean;
}) {
  const { t } = useTranslation();
  const { reply } = useChat();
  const { dark } = useTheme();
  const [menu, setMenu] = useState(false);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const deleted = Boolean(message.deletedAt);
  const stored = !isPending(message);

  // Touch: a long press opens the menu (there is no hover); a move or lift before it cancels.
  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  const touch = {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.pointerType === "mouse" || !stored) return;
      cancelPress();
      press.current = { timer: setTimeout(() => setMenu(true), LONG_PRESS_MS), x: e.clientX, y: e.clientY };
    },
    onPointerMove: (e: React.PointerEvent) => {
      const p = press.current;
      if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > 10) cancelPress();
    },
    onPointerUp: cancelPress,
    onPointerCancel: cancelPress,
    onContextMenu: (e: React.MouseEvent) => {
      if (menu || press.current) e.preventDefault();
    },
  };

  return (
    <div
      id={`message-${message.id}`}
      data-num={stored ? message.num : undefined}
      className={cn(
        "group flex items-end gap-2",
        mine ? "justify-end" : "justify-start",
        first ? "mt-3" : "mt-0.5",
      )}
    >
      {mine ? null : first ? (
        <MemberAvatar member={sender} className="mt-5 text-xs" />
      ) : (
        <span className="w-9 shrink-0" />
      )}
      <div
        className={cn("flex min-w-0 max-w-[80%] flex-col sm:max-w-[65%]", mine ? "items-end" : "items-start")}
      >
        {first && !mine ? (
          <span
            className="mb-0.5 px-1 text-xs font-semibold"
            style={{ color: readableText(sender.color, dark) }}
            data-user-content
          >
            {sender.name}
          </span>
        ) : null}
        <div className={cn("flex max-w-full items-center gap-1", mine && "flex-row-reverse")}>
          <MessageMenu message={message} open={menu} onOpenChange={setMenu}>
            <div
              {...touch}
              className={cn(
                "min-w-0 max-w-full rounded-2xl px-3 py-2 text-[15px] leading-snug [-webkit-touch-callout:none]",
                deleted
                  ? "border border-dashed border-slate-300 text-slate-500 italic dark:border-slate-600 dark:text-slate-400"
                  : mine
                    ? "rounded-br-md bg-brand-700 text-white"
                    : "rounded-bl-md bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700",
                !stored && "opacity-70",
              )}
            >
              {deleted ? (
                <p>{t("server:chat.messageDeleted")}</p>
              ) : (
                <>
                  {message.replyTo ? <ReplyQuote reply={message.replyTo} mine={mine} /> : null}
                  {message.image ? <ChatImage image={message.image} /> : null}
                  {message.content ? <MessageText text={message.content} mine={mine} /> : null}
                  {message.attachment ? <PlaceAttachment attachment={message.attachment} /> : null}
                </>
              )}
              <p
                className={cn(
                  "mt-0.5 text-right text-[11px]",
                  mine && !deleted ? "text-brand-50" : "text-slate-500 dark:text-slate-400",
                )}
              >
                {message.editedAt && !deleted ? `${t("chat:message.edited")} ` : ""}
                <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
              </p>
            </div>
          </MessageMenu>
          {stored && !deleted ? (
            // Desktop: the actions show on hover (or keyboard focus); touch uses the long press.
            <div className="hidden shrink-0 gap-0.5 opacity-0 group-hover:opacity-100 focus-within:opacity-100 pointer-fine:flex">
              <button
                type="button"
                aria-label={t("chat:actions.react")}
                title={t("chat:actions.react")}
                onClick={() => setMenu(true)}
                className="rounded-full p-1.5 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
              >
                <SmilePlus className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={t("chat:actions.reply")}
                title={t("chat:actions.reply")}
                onClick={() => reply(message)}
                className="rounded-full p-1.5 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
              >
                <Reply className="size-4" aria-hidden />
              </button>
            </div>
          ) : null}
        </div>
        <ReactionChips message={message} mine={mine} />
        {receipt ? <ReadReceipt message={message} /> : null}
      </div>
    </div>
  );
});
