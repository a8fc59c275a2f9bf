import { Home, Map as MapIcon, MapPin, MessageCircle, Share2 } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "../paths";

const ITEMS = [
  { to: paths.home, label: "Home", Icon: Home, end: true },
  { to: paths.myTrip, label: "Plan", Icon: MapIcon, end: true },
  { to: paths.places, label: "Places", Icon: MapPin, end: true },
  { to: paths.chat, label: "Chat", Icon: MessageCircle, end: true },
  { to: paths.share, label: "Share", Icon: Share2, end: true },
];

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200/70 bg-white/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/90"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {ITEMS.map(({ to, label, Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand-700 dark:text-brand-100" : "text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"}`
              }
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
