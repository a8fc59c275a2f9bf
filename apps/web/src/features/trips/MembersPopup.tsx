import type { TripDetail } from "@tabi/contracts";
import { Popover } from "radix-ui";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { usePresence } from "../chat/live";
import { MemberAvatar, MemberName } from "./MemberIdentity";
import { RoleBadge } from "./RoleBadge";

/** Up to three member avatars plus +N; a click lists everyone (spec 2 'Members popup'). */
export function MembersPopup({ detail }: { detail: TripDetail | undefined }) {
  const { t } = useTranslation();
  const members = detail?.members ?? [];
  const admins = members.filter((m) => m.role === "admin").length;
  // Real presence: who has the trip open right now (DESIGN.md), not the spec's random dot.
  const online = new Set(usePresence(detail?.trip.id));
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={t("trips:members.title")}
        className="flex items-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {members.slice(0, 3).map((m, i) => (
          <span
            key={m.userId}
            className={`relative inline-flex size-8 items-center justify-center rounded-full text-xs font-semibold text-white ring-2 ring-white dark:ring-slate-950 ${i ? "-ml-2" : ""}`}
            style={{ backgroundColor: m.color }}
            title={m.name}
          >
            {m.name.trim()[0]?.toUpperCase() ?? "U"}
            {online.has(m.userId) ? (
              <span className="absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-slate-950" />
            ) : null}
          </span>
        ))}
        {members.length > 3 ? (
          <span className="-ml-2 inline-flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 ring-2 ring-white dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-950">
            +{members.length - 3}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <h3 className="font-semibold">{t("trips:members.title")}</h3>
          {!detail ? (
            <p className="py-4 text-sm text-slate-500">{t("trips:members.loading")}</p>
          ) : members.length === 0 ? (
            <p className="py-4 text-sm text-slate-500">{t("trips:members.none")}</p>
          ) : (
            <>
              <ul className="mt-3 max-h-80 space-y-3 overflow-y-auto">
                {members.map((m) => (
                  <li key={m.userId} className="flex items-center gap-3">
                    <MemberAvatar member={m} className="text-sm" />
                    <div className="min-w-0 flex-1">
                      <MemberName member={m} className="text-sm">
                        {online.has(m.userId) ? (
                          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
                            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
                            {t("trips:members.online")}
                          </span>
                        ) : null}
                      </MemberName>
                      <p className="text-xs text-slate-500">
                        {t("trips:members.joined", { date: formatDate(m.joinedAt) })}
                      </p>
                    </div>
                    <RoleBadge isOwner={m.isOwner} role={m.role} />
                  </li>
                ))}
              </ul>
              <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500 dark:border-slate-800">
                {t("trips:members.count", { count: members.length })} ·{" "}
                {t("trips:members.adminCount", { count: admins })}
              </p>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
