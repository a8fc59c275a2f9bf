import { type ChatMessage, READ_DOTS } from "@tabi/contracts";
import { Check, CheckCheck, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { namesOf, UNKNOWN_COLOR, useChat } from "./context";
import { readersOf, readState } from "./receipts";

/** Under one's own message: "Sent", then the readers' colour dots (3 at most, spec 9), then all read. */
export function ReadReceipt({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const { members, cursors, memberCount } = useChat();
  const readers = readersOf(message, cursors, [...members.keys()]);
  const state = readState(message, readers, memberCount);
  const line = "mt-0.5 flex items-center justify-end gap-1 text-[11px] text-slate-500 dark:text-slate-400";
  if (state === "sending")
    return (
      <p className={line}>
        <Clock className="size-3" aria-hidden /> {t("common:status.sending")}
      </p>
    );
  if (state === "sent")
    return (
      <p className={line} data-testid="read-receipt">
        <Check className="size-3" aria-hidden /> {t("chat:receipt.sent")}
      </p>
    );
  const names = namesOf(readers, members).join(", ");
  const label =
    state === "all"
      ? t("chat:receipt.readByAll")
      : t("chat:receipt.readBy", { names, count: readers.length });
  return (
    <p className={line} data-testid="read-receipt" title={names}>
      <span className="sr-only">{label}</span>
      {state === "all" ? (
        <CheckCheck className="size-3.5 text-brand-600 dark:text-brand-500" aria-hidden />
      ) : null}
      <span className="flex -space-x-1" aria-hidden>
        {readers.slice(0, READ_DOTS).map((id) => (
          <span
            key={id}
            data-reader={id}
            className="size-3 rounded-full ring-2 ring-white dark:ring-slate-900"
            style={{ backgroundColor: members.get(id)?.color ?? UNKNOWN_COLOR }}
          />
        ))}
      </span>
      {readers.length > READ_DOTS ? (
        <span aria-hidden>+{formatNumber(readers.length - READ_DOTS)}</span>
      ) : null}
      {state === "all" ? <span aria-hidden>{t("chat:receipt.allRead")}</span> : null}
    </p>
  );
}
