import { BarChart3, FileText, ListChecks, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useCurrentTripId } from "./currentTrip";

/**
 * The trip's tools beyond the bottom bar's tabs (issue 30): each is a screen of its own, loaded when
 * opened. A tool adds one entry here, its path in app/paths.ts and its route in app/router.tsx.
 */
const TOOLS: readonly { to: string; label: string; Icon: LucideIcon }[] = [
  { to: paths.polls, label: "shell:title.polls", Icon: BarChart3 },
  { to: paths.lists, label: "shell:title.lists", Icon: ListChecks },
  { to: paths.documents, label: "shell:title.documents", Icon: FileText },
];

export function TripTools({ tripId }: { tripId: string }) {
  const { t } = useTranslation();
  const [, setCurrentId] = useCurrentTripId();
  if (TOOLS.length === 0) return null;
  return (
    <nav aria-label={t("trips:tools.label")} className="mt-3 flex flex-wrap gap-2">
      {TOOLS.map(({ to, label, Icon }) => (
        <Link
          key={to}
          to={to}
          onClick={() => setCurrentId(tripId)}
          className="inline-flex h-9 items-center gap-1.5 rounded-full bg-slate-100 px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          <Icon className="size-4" aria-hidden />
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}
