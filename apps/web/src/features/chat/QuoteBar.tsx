import type { ChatMessage } from "@tabi/contracts";
import { Pencil, Reply, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { senderOf, useChat } from "./context";

/** Above the composer: the message being answered or edited, and the way out of it. */
export function QuoteBar({
  quoted,
  editing,
  onCancel,
}: {
  quoted: ChatMessage;
  editing: boolean;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { members } = useChat();
  return (
    <div className="mb-2 flex items-center gap-2 rounded-xl bg-slate-100 px-3 py-1.5 text-sm dark:bg-slate-800">
      {editing ? (
        <Pencil className="size-4 shrink-0" aria-hidden />
      ) : (
        <Reply className="size-4 shrink-0" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold">
          {editing
            ? t("chat:composer.editing")
            : t("chat:composer.replyingTo", { name: senderOf(quoted, members).name })}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400" data-user-content>
          {quoted.content ??
            (quoted.attachment?.kind === "poll" ? t("chat:composer.poll") : t("chat:message.photo"))}
        </p>
      </div>
      <button
        type="button"
        aria-label={t(editing ? "chat:composer.cancelEdit" : "chat:composer.cancelReply")}
        onClick={onCancel}
        className="rounded-full p-1 text-slate-500 hover:bg-slate-200 dark:hover:bg-slate-700"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
