import type { Member } from "@tabi/contracts";
import { Crown } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";

/** A member's initial in their colour: the members popup and the permissions list. */
export function MemberAvatar({
  member,
  className,
}: {
  member: Pick<Member, "name" | "color">;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-full font-semibold text-white",
        className,
      )}
      style={{ backgroundColor: member.color }}
    >
      {member.name.trim()[0]?.toUpperCase() ?? "U"}
    </span>
  );
}

/** A member's name, cut short when long, with the owner's crown and whatever follows (a "You"). */
export function MemberName({
  member,
  className,
  children,
}: {
  member: Pick<Member, "name" | "isOwner">;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <p className={cn("flex min-w-0 items-center gap-1.5 font-medium", className)}>
      <span className="truncate">{member.name}</span>
      {member.isOwner ? (
        <Crown className="size-3.5 shrink-0 text-amber-500" aria-label={t("trips:members.owner")} />
      ) : null}
      {children}
    </p>
  );
}
