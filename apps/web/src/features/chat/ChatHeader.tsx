import type { TripDetail } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { MembersPopup } from "../trips/MembersPopup";
import { useChat } from "./context";
import { usePresence, useTyping } from "./live";

/** The trip's name (or "Trip Chat"), its member count, who is online, and who is typing. */
export function ChatHeader({ detail }: { detail: TripDetail }) {
  const { t } = useTranslation();
  const { tripId, meId, members } = useChat();
  const online = usePresence(tripId).filter((id) => members.has(id));
  const typing = useTyping(tripId, meId).map((id) => members.get(id)?.name ?? t("places:card.unknownMember"));
  const status =
    typing.length === 1
      ? t("chat:typing.one", { name: typing[0] })
      : typing.length === 2
        ? t("chat:typing.two", { first: typing[0], second: typing[1] })
        : typing.length > 2
          ? t("chat:typing.many")
          : null;
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-lg font-bold tracking-tight" data-user-content>
          {detail.trip.name || t("chat:title")}
        </h2>
        <p
          className="flex min-w-0 items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400"
          aria-live="polite"
        >
          {status ? (
            <span className="truncate font-medium text-brand-700 italic dark:text-brand-100">{status}</span>
          ) : (
            <>
              <span>{t("trips:members.count", { count: detail.members.length })}</span>
              <span aria-hidden>·</span>
              <span className="inline-flex items-center gap-1">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
                {t("chat:online", { count: online.length })}
              </span>
            </>
          )}
        </p>
      </div>
      <MembersPopup detail={detail} />
    </header>
  );
}
