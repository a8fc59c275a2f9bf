import { Home, Map as MapIcon, MapPin, MessageCircle, Share2, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useUnread } from "../../features/chat/api";
import { useCurrentTripId } from "../../features/trips/currentTrip";
import { formatNumber } from "../../i18n/format";
import { paths } from "../paths";

const ITEMS = [
  { to: paths.home, label: "shell:nav.home", Icon: Home, end: true },
  { to: paths.myTrip, label: "shell:nav.plan", Icon: MapIcon, end: true },
  { to: paths.places, label: "shell:nav.places", Icon: MapPin, end: true },
  { to: paths.chat, label: "shell:nav.chat", Icon: MessageCircle, end: true },
  { to: paths.money, label: "shell:nav.money", Icon: Wallet, end: true },
  { to: paths.share, label: "shell:nav.share", Icon: Share2, end: true },
] as const;

export function BottomNav() {
  const { t } = useTranslation();
  const [tripId] = useCurrentTripId();
  // The current trip's unread messages on the Chat tab.
  const counts = useUnread().data?.trips;
  const unread = (tripId && counts?.[tripId]) || 0;
  return (
    <nav
      aria-label={t("shell:nav.label")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200/70 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/90"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-6">
        {ITEMS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex h-full min-w-0 flex-col items-center justify-center gap-0.5 px-0.5 text-xs font-medium ${isActive ? "text-brand-700 dark:text-brand-100" : "text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"}`
              }
            >
              <span className="relative">
                <Icon className="size-5 shrink-0" aria-hidden />
                {to === paths.chat && unread > 0 ? (
                  <span
                    data-testid="chat-unread"
                    className="absolute -top-1.5 left-3 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white ring-2 ring-white dark:ring-slate-950"
                    aria-hidden
                  >
                    {unread > 99 ? `${formatNumber(99)}+` : formatNumber(unread)}
                  </span>
                ) : null}
              </span>
              {/* A long label (another language) takes two lines at most, never the neighbour's room. */}
              <span className="line-clamp-2 max-w-full text-center leading-tight [overflow-wrap:anywhere]">
                {t(label)}
              </span>
              {to === paths.chat && unread > 0 ? (
                <span className="sr-only">{t("shell:nav.unread", { count: unread })}</span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
