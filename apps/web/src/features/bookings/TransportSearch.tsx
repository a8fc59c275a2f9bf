import { TRAVEL_ESTIMATES } from "@tabi/contracts";
import { Car, ExternalLink, Footprints, Map as MapIcon, TrainFront } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { formatDuration, formatKm } from "../itinerary/units";
import { useLegFacts } from "./api";
import { RideOptions } from "./RideOptions";
import { googleDirectionsUrl, isPoint, osmDirectionsUrl, transitPlanners } from "./travelLinks";
import type { BookingLeg } from "./types";

const linkClass = (variant: "primary" | "secondary") =>
  cn(
    "inline-flex h-10 items-center justify-center gap-2 rounded-xl px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    variant === "primary"
      ? "bg-brand-700 text-white shadow-sm hover:bg-brand-800"
      : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-700",
  );

/** Other sites open in a new tab that cannot reach back into this page. */
// i18n-exempt: link attributes, never shown
const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

/** A link to another site, in a new tab, said so to screen readers. */
function OutLink({
  href,
  variant,
  children,
}: {
  href: string;
  variant: "primary" | "secondary";
  children: React.ReactNode;
}) {
  const { t } = useTranslation(["travel", "bookings"]);
  return (
    <a href={href} {...NEW_TAB} className={linkClass(variant)}>
      {children}
      <ExternalLink className="size-4" aria-hidden />
      <span className="sr-only">{t("bookings:search.newTab")}</span>
    </a>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-semibold">{value}</dd>
    </div>
  );
}

/**
 * The search tab (spec 2 s.2 'Transport booking dialog'): a walking leg shows its distance and duration,
 * a directions link and Uber rides; other legs show taxis and the origin country's transit planner.
 * Everything comes from the server's leg facts or opens a real site: no made-up timetables.
 */
export function TransportSearch({ tripId, leg }: { tripId: string; leg: BookingLeg }) {
  const { t } = useTranslation(["travel", "bookings"]);
  const located = isPoint(leg.from) && isPoint(leg.to);
  const facts = useLegFacts(tripId, located ? leg.from : null, located ? leg.to : null);
  const [showRides, setShowRides] = useState(false);
  const walking = leg.mode === "walking";

  if (!located)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t("travel:search.noCoordinates")}</p>;

  // Spec s.8: when the walking facts cannot be had, distance and duration read 'Unknown'.
  const known = (render: (f: NonNullable<typeof facts.data>) => string) =>
    facts.data ? (
      render(facts.data)
    ) : facts.isPending ? (
      <Spinner className="size-4" />
    ) : (
      t("travel:facts.unknown")
    );

  const rides = (
    <section className="space-y-3">
      <Button variant="secondary" aria-expanded={showRides} onClick={() => setShowRides((s) => !s)}>
        <Car className="size-4" aria-hidden />
        {walking ? t("travel:search.uber") : t("travel:search.taxis")}
      </Button>
      {showRides ? <RideOptions leg={leg} facts={facts.data} loading={facts.isPending} /> : null}
    </section>
  );

  if (walking)
    return (
      <div className="space-y-5">
        <dl className="grid grid-cols-2 gap-2" aria-label={t("travel:facts.label")}>
          <Fact label={t("travel:facts.distance")} value={known((f) => formatKm(f.walking.km))} />
          <Fact label={t("travel:facts.duration")} value={known((f) => formatDuration(f.walking.minutes))} />
        </dl>
        <p className="-mt-3 text-xs text-slate-500 dark:text-slate-400">
          {t("travel:facts.walkingBasis", {
            speed: formatNumber(TRAVEL_ESTIMATES.walkingKmh, { style: "unit", unit: "kilometer-per-hour" }),
          })}
        </p>
        <section className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <OutLink href={googleDirectionsUrl(leg.from, leg.to, "walking")} variant="primary">
              <Footprints className="size-4" aria-hidden />
              {t("travel:search.routes")}
            </OutLink>
            <OutLink href={osmDirectionsUrl(leg.from, leg.to, "foot")} variant="secondary">
              <MapIcon className="size-4" aria-hidden />
              {t("travel:search.openSite", { site: "OpenStreetMap" })}
            </OutLink>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("travel:search.routesHint")}</p>
        </section>
        {rides}
      </div>
    );

  const planners = transitPlanners(leg.from, leg.to, facts.data?.fromCountry, { date: leg.date });
  const [first, ...others] = planners;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-2" aria-label={t("travel:facts.label")}>
        <Fact label={t("travel:facts.distance")} value={known((f) => formatKm(f.distanceKm))} />
        {leg.mode === "car" ? (
          <Fact
            label={t("travel:facts.drive")}
            value={known((f) =>
              t("travel:facts.driveValue", {
                km: formatKm(f.drive.km),
                minutes: formatDuration(f.drive.minutes),
              }),
            )}
          />
        ) : null}
      </dl>
      {rides}
      <section className="space-y-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <TrainFront className="size-4" aria-hidden />
          {t("travel:search.transit")}
        </h3>
        {facts.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {first ? (
                <OutLink href={first.url} variant="primary">
                  {t("travel:search.routes")}
                  <span className="font-normal opacity-80">· {first.site}</span>
                </OutLink>
              ) : null}
              {others.map((p) => (
                <OutLink key={p.site} href={p.url} variant="secondary">
                  {t("travel:search.openSite", { site: p.site })}
                </OutLink>
              ))}
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("travel:search.transitHint")}</p>
          </>
        )}
      </section>
    </div>
  );
}
