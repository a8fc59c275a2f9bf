import type { Me } from "@tabi/contracts";
import { Crown, LogOut, Settings, Sparkles } from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { signOut } from "../../features/auth/api";
import { useDialogs } from "../../features/info/dialogs";
import { MenuRoot } from "./MenuRoot";
import { menuContent, menuItem } from "./menuStyles";

export function Avatar({ name, className = "size-9 text-sm" }: { name?: string | null; className?: string }) {
  return (
    <span
      className={`inline-flex items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 font-semibold text-white ${className}`}
    >
      {(name?.trim()[0] ?? "U").toUpperCase()}
    </span>
  );
}

export function ProfileMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <MenuRoot>
      <M.Trigger
        aria-label={t("shell:profileMenu.label")}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Avatar name={me.name} />
      </M.Trigger>
      <M.Portal>
        <M.Content className={menuContent} align="end" sideOffset={8}>
          <ProfileMenuItems me={me} />
        </M.Content>
      </M.Portal>
    </MenuRoot>
  );
}

/** The menu's items, a component of their own: their texts are looked up when the menu opens (issue 28). */
function ProfileMenuItems({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = useDialogs();
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-2">
        <Avatar name={me.name} className="size-10" />
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 truncate font-semibold">
            <span className="truncate">{me.name || t("common:user.guestUser")}</span>
            {me.isPremium ? (
              <Crown className="size-4 shrink-0 text-amber-500" aria-label={t("billing:premium")} />
            ) : null}
          </p>
          <p className="truncate text-xs text-slate-500">
            {me.isGuest ? t("common:user.guestAccount") : (me.email ?? t("shell:profileMenu.noEmail"))}
          </p>
          <p className="flex items-center gap-1 text-xs text-emerald-600 dark:text-emerald-400">
            <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />{" "}
            {t("shell:profileMenu.online")}
          </p>
        </div>
      </div>
      <M.Separator className="my-1 h-px bg-slate-100 dark:bg-slate-800" />
      <M.Item className={menuItem} data-preload="/profile" onSelect={() => navigate("/profile")}>
        <Settings className="size-4 shrink-0 text-slate-400" aria-hidden /> {t("shell:profileMenu.settings")}
      </M.Item>
      {!me.isPremium ? (
        <M.Item className={menuItem} onSelect={() => open("premium")}>
          <Sparkles className="size-4 shrink-0 text-amber-500" aria-hidden />
          <span className="min-w-0">
            {t("billing:upgrade")}
            <span className="block text-xs text-slate-500">{t("shell:profileMenu.upgradeHint")}</span>
          </span>
        </M.Item>
      ) : null}
      {!me.isGuest ? (
        <M.Item className={menuItem} onSelect={() => void signOut()}>
          <LogOut className="size-4 shrink-0 text-slate-400" aria-hidden /> {t("shell:profileMenu.signOut")}
        </M.Item>
      ) : null}
    </>
  );
}
