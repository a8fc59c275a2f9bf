import type { SharedView } from "@tabi/contracts";
import {
  CalendarDays,
  Download,
  Eye,
  MapPin,
  Navigation,
  Plus,
  Printer,
  UserPlus,
  Users,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatDateRange } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { sharedExportUrl } from "../transfer/api";
import { ExportMapsMenu } from "../transfer/TransferButtons";
import { exportUrl, printPath } from "./publicApi";
import { SharedPlaces } from "./SharedPlaces";
import { SharedPlan } from "./SharedPlan";

export type SharedOk = Extract<SharedView, { status: "ok" }>;

/** A link styled as one of the app's buttons (Export, Print, Create Your Own Trip). */
export const linkButton = (variant: "primary" | "secondary") =>
  cn(
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-xl px-4 py-2 text-center text-sm leading-tight font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    variant === "primary"
      ? "bg-brand-700 text-white shadow-sm hover:bg-brand-800"
      : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700",
  );

/**
 * The read-only page (spec 3 'Public shared-trip page'): name, description, dates, place count, the
 * badge, "Shared on", Export Data when allowed, Create Your Own Trip, the places when allowed; beyond
 * the spec, the plan day by day with its map, and a printable version.
 */
export function SharedTripView({
  token,
  view,
  top,
  onJoin,
}: {
  token: string;
  view: SharedOk;
  /** A notice above the trip (already a member, a join that failed). */
  top?: React.ReactNode;
  /** A signed-out visitor of a link that allows joining can open the join dialog again. */
  onJoin?: () => void;
}) {
  const { t } = useTranslation();
  const { trip, permissions } = view;
  const collaborative = view.shareType === "external_collaborate";
  const places = permissions.canViewPlaces ? (trip.places ?? []) : null;
  const days = permissions.canViewPlaces ? (trip.days ?? []) : [];

  return (
    <div className="mx-auto max-w-4xl space-y-6 pb-8">
      {top}
      <header className="space-y-4 rounded-3xl bg-white/90 p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
              collaborative
                ? "bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100"
                : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
            )}
          >
            {collaborative ? (
              <Users className="size-3.5" aria-hidden />
            ) : (
              <Eye className="size-3.5" aria-hidden />
            )}
            {collaborative ? t("sharing:page.collaborative") : t("sharing:page.viewOnly")}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {t("sharing:page.sharedOn", { date: formatDate(view.createdAt, { dateStyle: "medium" }) })}
          </span>
        </div>
        <div>
          <h2 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{trip.name}</h2>
          {trip.description ? (
            <p className="mt-2 whitespace-pre-line text-slate-600 dark:text-slate-300">{trip.description}</p>
          ) : null}
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 text-brand-700 dark:text-brand-500" aria-hidden />
            {formatDateRange(trip.startDate, trip.endDate)}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <MapPin className="size-4 text-brand-700 dark:text-brand-500" aria-hidden />
            {t("sharing:page.placeCount", { count: trip.placeCount })}
          </li>
          {trip.departureLocation ? (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <Navigation className="size-4 text-brand-700 dark:text-brand-500" aria-hidden />
              <span className="min-w-0 break-words">
                {t("sharing:page.from", { place: trip.departureLocation })}
              </span>
            </li>
          ) : null}
        </ul>
        {/* Phones: the main action across, Export and Print side by side; wider: one row. */}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {onJoin ? (
            <button type="button" onClick={onJoin} className={cn(linkButton("primary"), "col-span-2")}>
              <UserPlus className="size-4 shrink-0" aria-hidden />
              {t("sharing:page.join")}
            </button>
          ) : null}
          {permissions.canExport ? (
            <>
              <a href={exportUrl(token)} download className={linkButton("secondary")}>
                <Download className="size-4 shrink-0" aria-hidden />
                {t("sharing:page.export")}
              </a>
              <Link to={printPath(token)} className={linkButton("secondary")}>
                <Printer className="size-4 shrink-0" aria-hidden />
                {t("sharing:page.print")}
              </Link>
              <ExportMapsMenu
                size="md"
                className="col-span-2 min-h-10 sm:col-span-1"
                urlOf={(format) => sharedExportUrl(token, format)}
              />
            </>
          ) : null}
          <Link to="/" className={cn(linkButton(onJoin ? "secondary" : "primary"), "col-span-2")}>
            <Plus className="size-4 shrink-0" aria-hidden />
            {t("sharing:page.createOwn")}
          </Link>
        </div>
      </header>

      {places && days.length ? <SharedPlan days={days} places={places} timezone={trip.timezone} /> : null}
      {places ? <SharedPlaces places={places} /> : null}
    </div>
  );
}
