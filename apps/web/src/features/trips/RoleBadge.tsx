import { Crown, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * A member's role as a badge: Owner (the trip's owner, an admin who cannot be demoted), Admin or
 * Member, the same in the members popup, the permissions list and the share page.
 */
export function RoleBadge({ isOwner, role }: { isOwner: boolean; role: "admin" | "member" }) {
  const { t } = useTranslation();
  const [tone, Icon, label] = isOwner
    ? ["bg-amber-50 text-amber-800 dark:bg-amber-900/30 dark:text-amber-200", Crown, t("trips:members.owner")]
    : role === "admin"
      ? [
          "bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100",
          ShieldCheck,
          t("trips:members.admin"),
        ]
      : [
          "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
          null,
          t("trips:members.member"),
        ];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}
    >
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      {label}
    </span>
  );
}
