import type { Member, TripDetail } from "@tabi/contracts";
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { inputClass } from "../../ui/Field";
import { useRemoveMember, useUpdateMember } from "./api";
import { MemberAvatar, MemberName } from "./MemberIdentity";
import { RoleBadge } from "./RoleBadge";

const FLAGS = [
  ["canAddPlaces", "trips:permissions.addPlaces"],
  ["canEditPlaces", "trips:permissions.editPlaces"],
  ["canOptimize", "trips:permissions.optimize"],
  ["canInviteMembers", "trips:permissions.invite"],
] as const;

/**
 * Permissions tab: admins change others' role and flags, and remove a member (not the owner, who hands
 * the trip over first); everyone else sees read-only labels.
 */
export function MemberPermissions({ detail }: { detail: TripDetail }) {
  const { t } = useTranslation();
  const update = useUpdateMember(detail.trip.id);
  const remove = useRemoveMember(detail.trip.id);
  const [removing, setRemoving] = useState<Member | null>(null);
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
                <RoleBadge isOwner={m.isOwner} role={m.role} />
              )}
              {editable && !m.isOwner ? (
                <button
                  type="button"
                  aria-label={t("trips:remove.buttonFor", { name: m.name })}
                  title={t("trips:remove.button")}
                  onClick={() => setRemoving(m)}
                  className="shrink-0 rounded-full p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-red-950/60 dark:hover:text-red-300"
                >
                  <UserMinus className="size-4" aria-hidden />
                </button>
              ) : null}
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
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t("trips:remove.button")}
        text={t("trips:remove.confirm", { name: removing?.name ?? "", trip: detail.trip.name })}
        confirmLabel={t("trips:remove.confirmButton")}
        busy={remove.isPending}
        onConfirm={() => {
          const m = removing;
          if (!m) return;
          remove
            .mutateAsync(m.userId)
            .then(() => {
              setRemoving(null);
              toast.success(t("trips:remove.done", { name: m.name }));
            })
            .catch((err) => toast.error(err instanceof ApiError ? err.message : t("common:error.generic")));
        }}
      />
    </ul>
  );
}
