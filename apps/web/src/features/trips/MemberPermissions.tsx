import type { Member, TripDetail } from "@tabi/contracts";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { inputClass } from "../../ui/Field";
import { useUpdateMember } from "./api";
import { MemberAvatar, MemberName } from "./MemberIdentity";

const FLAGS = [
  ["canAddPlaces", "trips:permissions.addPlaces"],
  ["canEditPlaces", "trips:permissions.editPlaces"],
  ["canOptimize", "trips:permissions.optimize"],
  ["canInviteMembers", "trips:permissions.invite"],
] as const;

/** Permissions tab: admins change others' role and flags; everyone else sees read-only labels. */
export function MemberPermissions({ detail }: { detail: TripDetail }) {
  const { t } = useTranslation();
  const update = useUpdateMember(detail.trip.id);
  const isAdmin = detail.trip.my.role === "admin";
  if (detail.members.length === 0)
    return <p className="py-6 text-center text-sm text-slate-500">{t("trips:members.none")}</p>;

  async function change(m: Member, patch: Partial<Member>) {
    try {
      await update.mutateAsync({ userId: m.userId, ...patch });
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {detail.members.map((m) => {
        const self = m.userId === detail.trip.my.userId;
        const editable = isAdmin && !self;
        return (
          <li key={m.userId} className="py-3">
            <div className="flex items-center gap-3">
              <MemberAvatar member={m} />
              <div className="min-w-0 flex-1">
                <MemberName member={m}>
                  {self ? (
                    <span className="shrink-0 text-xs font-normal text-slate-500">
                      {t("trips:permissions.you")}
                    </span>
                  ) : null}
                </MemberName>
                <p className="truncate text-xs text-slate-500">{m.email ?? t("trips:permissions.guest")}</p>
              </div>
              {editable && !m.isOwner ? (
                <select
                  aria-label={t("trips:permissions.roleOf", { name: m.name })}
                  className={`${inputClass} !w-auto min-w-24 shrink-0 !py-1.5`}
                  value={m.role}
                  disabled={update.isPending}
                  onChange={(e) => change(m, { role: e.target.value as Member["role"] })}
                >
                  <option value="member">{t("trips:members.member")}</option>
                  <option value="admin">{t("trips:members.admin")}</option>
                </select>
              ) : (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
                  {m.role === "admin" ? (
                    <ShieldCheck className="size-3.5 text-brand-700 dark:text-brand-100" aria-hidden />
                  ) : null}
                  {m.role === "admin" ? t("trips:members.admin") : t("trips:members.member")}
                </span>
              )}
            </div>
            {editable && m.role === "member" ? (
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 pl-12">
                {FLAGS.map(([key, label]) => (
                  <label
                    key={key}
                    className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300"
                  >
                    <input
                      type="checkbox"
                      className="size-3.5 accent-brand-700"
                      checked={m[key]}
                      disabled={update.isPending}
                      onChange={(e) => change(m, { [key]: e.target.checked })}
                    />
                    {t(label)}
                  </label>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
