import { type LegFacts, type RideOption, TRAVEL_ESTIMATES } from "@tabi/contracts";
import { Car, ExternalLink, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatNumber } from "../../i18n/format";
import { useClientConfig } from "../../lib/config";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { formatDuration } from "../itinerary/units";
import { uberDeepLink } from "./travelLinks";
import type { BookingLeg } from "./types";

const money = (amount: number, currency: string) =>
  formatNumber(amount, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
const priceRange = (r: RideOption) =>
  r.low === r.high ? money(r.low, r.currency) : `${money(r.low, r.currency)}–${money(r.high, r.currency)}`;

/**
 * Ride options of a leg (spec 2 s.3 'Ride option', s.7 'Ride provider'): the server's LegFacts.rides,
 * from Uber when it is configured, else the spec's local taxi model, which is labelled as our estimate
 * (DESIGN.md: nothing fake is shown as real). Each opens Uber's deep link with pickup and drop-off.
 */
export function RideOptions({
  leg,
  facts,
  loading,
}: {
  leg: BookingLeg;
  facts: LegFacts | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation(["travel"]);
  const clientConfig = useClientConfig();
  if (loading) return <Spinner className="mx-auto my-4" />;
  // Spec s.8: a failed ride search leaves the list empty.
  const rides = facts?.rides ?? [];
  if (!rides.length)
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t("travel:ride.none")}</p>;
  const estimate = facts?.rideSource !== "uber";

  // Our estimate's two classes by their ids (the server's names may be in the language it was asked in).
  const name = (r: RideOption) =>
    !estimate
      ? r.displayName
      : r.productId === "local-standard"
        ? t("travel:ride.standard")
        : r.productId === "local-comfort"
          ? t("travel:ride.comfort")
          : r.displayName;

  function openUber(r: RideOption) {
    // Our estimate's product ids are not Uber's: only a live answer's id selects the product.
    const url = uberDeepLink(leg.from, leg.to, {
      productId: estimate ? null : r.productId,
      clientId: clientConfig?.uberClientId,
    });
    if (!url) return; // spec s.5: without all four coordinates, nothing happens
    const opened = window.open(url, "_blank");
    if (opened) opened.opener = null;
    else toast.error(t("travel:ride.failed"));
  }

  const [baseLow, baseHigh] = TRAVEL_ESTIMATES.basePerKm;
  const [comfortLow, comfortHigh] = TRAVEL_ESTIMATES.comfortPerKm;
  return (
    <div className="space-y-2">
      <ul className="space-y-2" aria-label={t("travel:ride.label")}>
        {rides.map((r) => (
          <li
            key={r.productId}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800/60"
          >
            <span className="rounded-xl bg-slate-100 p-2 text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              <Car className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1 basis-40">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{name(r)}</span>
                <span className="font-semibold whitespace-nowrap">{priceRange(r)}</span>
              </p>
              <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                <span>{formatDuration(r.durationMinutes)}</span>
                <span aria-hidden>·</span>
                <span className="inline-flex items-center gap-1">
                  <Users className="size-3.5" aria-hidden />
                  {t("travel:ride.seats", { count: r.capacity })}
                </span>
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => openUber(r)}>
              <ExternalLink className="size-4" aria-hidden />
              {t("travel:ride.open")}
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {estimate
          ? t("travel:ride.estimate", {
              speed: formatNumber(TRAVEL_ESTIMATES.taxiKmh, { style: "unit", unit: "kilometer-per-hour" }),
              base: `${money(baseLow, "USD")}–${money(baseHigh, "USD")}`,
              comfort: `${money(comfortLow, "USD")}–${money(comfortHigh, "USD")}`,
            })
          : t("travel:ride.live")}
      </p>
    </div>
  );
}
