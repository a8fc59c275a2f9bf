import { PRODUCT_NAME } from "@tabi/contracts";
import {
  BadgeDollarSign,
  FileText,
  Heart,
  HelpCircle,
  Info,
  Mail,
  MessageSquare,
  Shield,
  Sparkles,
} from "lucide-react";
import { DropdownMenu as M } from "radix-ui";
import { useTranslation } from "react-i18next";
import { type DialogKind, useDialogs } from "../../features/info/dialogs";
import { useClientConfig } from "../../lib/config";
import { MenuRoot } from "./MenuRoot";
import { menuContent, menuItem, menuLabel } from "./menuStyles";

export function LogoMenu() {
  const { t } = useTranslation();
  return (
    <MenuRoot>
      <M.Trigger
        aria-label={t("shell:menu.logo", { product: PRODUCT_NAME })}
        className="flex items-center gap-2 rounded-xl px-1.5 py-1 font-bold tracking-tight text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
      >
        <img src="/favicon.svg" alt="" className="size-8" />
        <span className="hidden text-lg sm:inline">{PRODUCT_NAME}</span>
      </M.Trigger>
      <M.Portal>
        <M.Content className={menuContent} align="start" sideOffset={8}>
          <LogoMenuItems />
        </M.Content>
      </M.Portal>
    </MenuRoot>
  );
}

/**
 * The menu's items, a component of their own: their texts are looked up when the menu opens, not in
 * every page's first render (issue 28).
 */
function LogoMenuItems() {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const marketing = useClientConfig()?.marketingUrl ?? "https://tabi.app";
  const external = (path: string) => window.open(`${marketing}${path}`, "_blank", "noopener,noreferrer");
  const item = (label: string, Icon: typeof Info, onSelect: () => void) => (
    <M.Item className={menuItem} onSelect={onSelect}>
      <Icon className="size-4 shrink-0 text-slate-400" aria-hidden /> {label}
    </M.Item>
  );
  const dialog = (kind: DialogKind) => () => open(kind);
  return (
    <>
      <M.Label className={menuLabel}>{t("shell:menu.company")}</M.Label>
      {item(t("info:title.about"), Info, dialog("about"))}
      {item(t("shell:menu.features"), Sparkles, () => external("/features"))}
      {item(t("shell:menu.pricing"), BadgeDollarSign, dialog("premium"))}
      <M.Separator className="my-1 h-px bg-slate-100 dark:bg-slate-800" />
      <M.Label className={menuLabel}>{t("shell:menu.support")}</M.Label>
      {item(t("info:title.help"), HelpCircle, dialog("help"))}
      {item(t("info:title.feedback"), MessageSquare, dialog("feedback"))}
      {item(t("info:title.contact"), Mail, dialog("contact"))}
      <M.Separator className="my-1 h-px bg-slate-100 dark:bg-slate-800" />
      <M.Label className={menuLabel}>{t("shell:menu.legal")}</M.Label>
      {item(t("shell:menu.privacy"), Shield, () => external("/privacy"))}
      {item(t("info:title.terms"), FileText, dialog("terms"))}
      <div className="mt-1 border-t border-slate-100 px-3 pt-2 pb-1 text-xs text-slate-400 dark:border-slate-800">
        © {new Date().getFullYear()} {PRODUCT_NAME} ·{" "}
        <span className="inline-flex items-center gap-1">
          {t("shell:menu.madeWithLove")} <Heart className="size-3 fill-red-500 text-red-500" aria-hidden />
        </span>
      </div>
    </>
  );
}
