import { DEFAULT_MEMBER_COLOR, type Member } from "@tabi/contracts";
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RoleBadge } from "../trips/RoleBadge";
import { joinedLabel } from "./joinedLabel";
import { ShareCard } from "./ShareCard";

/** The owner first, then the others in the server's order (by when they joined). */
const ownerFirst = (members: Member[]) => [...members].sort((a, b) => Number(b.isOwner) - Number(a.isOwner));

/** The trip's members: colour, name, the owner's crown, role and when they joined (spec 3 'Share screen'). */
export function ShareMembers({ members, meId }: { members: Member[] | undefined; meId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <ShareCard
      icon={Users}
      title={t("share:members.title")}
      action={
        members ? (
          <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
            {t("share:members.count", { count: members.length })}
          </span>
        ) : null
      }
    >
      {!members ? (
        <p role="status" className="py-4 text-center text-sm text-slate-500">
          {t("share:members.loading")}
        </p>
      ) : members.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{t("share:members.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {ownerFirst(members).map((m) => (
            <li key={m.userId} className="flex items-center gap-3 py-2.5">
              <span
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
                style={{ backgroundColor: m.color || DEFAULT_MEMBER_COLOR }}
                aria-hidden
              >
                {m.name.trim()[0]?.toUpperCase() ?? "U"}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium">
                  <span className="truncate">{m.name}</span>
                  {m.userId === meId ? (
                    <span className="shrink-0 text-xs font-normal text-slate-500">
                      {t("share:members.you")}
                    </span>
                  ) : null}
                </p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {t("share:members.joined", { when: joinedLabel(m.joinedAt) })}
                </p>
              </div>
              <RoleBadge isOwner={m.isOwner} role={m.role} />
            </li>
          ))}
        </ul>
      )}
    </ShareCard>
  );
}
