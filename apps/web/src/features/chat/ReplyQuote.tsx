import type { ChatMessage } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { useTheme } from "../../lib/theme";
import { readableText } from "./colors";
import { senderOf, useChat } from "./context";

type Preview = NonNullable<ChatMessage["replyTo"]>;

/** The quote bar of the message a reply answers; a click shows that message when it is loaded. */
export function ReplyQuote({ reply, mine }: { reply: Preview; mine: boolean }) {
  const { t } = useTranslation();
  const { members } = useChat();
  const { dark } = useTheme();
  const sender = senderOf(reply, members);
  const text = reply.deleted
    ? t("server:chat.messageDeleted")
    : reply.type === "image" && !reply.excerpt
      ? t("chat:message.photo")
      : (reply.excerpt ?? "");
  return (
    <button
      type="button"
      onClick={() => showMessage(reply.id)}
      className={cn(
        "mb-1 block w-full rounded-lg border-l-4 px-2 py-1 text-left text-xs",
        mine ? "bg-white/15" : "bg-slate-100 dark:bg-slate-900/60",
      )}
      style={{ borderColor: sender.color }}
      data-user-content
    >
      <span
        className={cn("block font-semibold", mine ? "text-white" : "")}
        style={mine ? {} : { color: readableText(sender.color, dark) }}
      >
        {sender.name}
      </span>
      <span
        className={cn(
          "line-clamp-2 break-words",
          reply.deleted && "italic",
          mine ? "text-white/90" : "text-slate-600 dark:text-slate-300",
        )}
      >
        {text}
      </span>
    </button>
  );
}

/** Scrolls a loaded message into view and flashes it. */
export function showMessage(id: string) {
  const el = document.getElementById(`message-${id}`);
  if (!el) return;
  el.scrollIntoView({ block: "center", behavior: "smooth" });
  el.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 600 });
}
