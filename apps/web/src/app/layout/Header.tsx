import { ArrowLeft, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useMe } from "../../features/auth/session";
import { useDialogs } from "../../features/info/dialogs";
import { headerFor, isPublicPath } from "../paths";
import { LogoMenu } from "./LogoMenu";
import { ProfileMenu } from "./ProfileMenu";
import { ThemeToggle } from "./ThemeToggle";

export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const me = useMe().data;
  const { open } = useDialogs();
  // Signed out, the sign-in screen stands in for every gated page: show the product name only.
  const { title, subtitle } =
    me || isPublicPath(pathname) ? headerFor(pathname) : { title: "", subtitle: undefined };
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate("/"));
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3 pt-[env(safe-area-inset-top)]">
        <LogoMenu />
        {pathname !== "/" && (me || isPublicPath(pathname)) ? (
          <button
            type="button"
            onClick={back}
            aria-label={t("common:action.back")}
            className="rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <ArrowLeft className="size-5" aria-hidden />
          </button>
        ) : null}
        <div className="min-w-0 flex-1 px-1">
          <h1 className="truncate text-base font-semibold leading-tight sm:text-lg">{title}</h1>
          {subtitle ? (
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{subtitle}</p>
          ) : null}
        </div>
        <ThemeToggle />
        {me && !me.isPremium ? (
          <button
            type="button"
            onClick={() => open("premium")}
            aria-label={t("billing:upgrade")}
            className="rounded-full p-2 text-amber-500 hover:bg-amber-50 dark:hover:bg-amber-900/30"
          >
            <Star className="size-5 fill-amber-400" aria-hidden />
          </button>
        ) : null}
        {me ? <ProfileMenu me={me} /> : null}
      </div>
    </header>
  );
}
