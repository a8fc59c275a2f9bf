import type { SharedPlace } from "@tabi/contracts";
import { Clock, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { i18n } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { Stars } from "../../ui/Stars";
import { stayText } from "../places/status";

// The categories' names from the server catalogue (contracts' PLACE_CATEGORIES), written whole.
const CATEGORY_KEY: Record<string, string> = {
  tourist_attraction: "server:category.tourist_attraction",
  temple: "server:category.temple",
  shrine: "server:category.shrine",
  museum: "server:category.museum",
  park: "server:category.park",
  restaurant: "server:category.restaurant",
  shopping: "server:category.shopping",
  amusement_park: "server:category.amusement_park",
  accommodation: "server:category.accommodation",
  transportation: "server:category.transportation",
  airport: "server:category.airport",
  hospital: "server:category.hospital",
  gas_station: "server:category.gas_station",
};

/** A place's category in the app's language ("Temple", "寺院"); anything else is "Other". */
export const categoryLabel = (category: string) => i18n.t(CATEGORY_KEY[category] ?? "server:category.other");

/** The group's priority as up to 5 stars (spec 3: 'priority stars up to 5'). */
export const priorityStars = (priority: number) => Math.max(0, Math.min(5, Math.round(priority * 2) / 2));

/** 'Places to Visit' (spec 3): numbered; name, address, notes, category, stay time, priority stars. */
export function SharedPlaces({ places }: { places: SharedPlace[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="shared-places" className="space-y-3">
      <h3 id="shared-places" className="text-lg font-semibold">
        {t("sharing:page.places")}
      </h3>
      {places.length ? (
        <ol className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {places.map((p, i) => (
            <li
              key={p.id}
              id={`shared-place-${p.id}`}
              className="flex scroll-mt-24 gap-3 rounded-2xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800"
            >
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
              >
                {formatNumber(i + 1)}
              </span>
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <h4 className="font-semibold break-words">{p.name}</h4>
                  {p.localName && p.localName !== p.name ? (
                    <span className="text-sm text-slate-500 dark:text-slate-400">{p.localName}</span>
                  ) : null}
                </div>
                {p.address ? (
                  <p className="flex gap-1.5 text-sm text-slate-600 dark:text-slate-300">
                    <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                    <span className="min-w-0 break-words">{p.address}</span>
                  </p>
                ) : null}
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {categoryLabel(p.category)}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Clock className="size-3.5" aria-hidden />
                    {t("sharing:page.stay", { duration: stayText(p.stayMinutes) })}
                  </span>
                  <Stars
                    value={priorityStars(p.priority)}
                    label={t("sharing:page.priority", { value: formatNumber(priorityStars(p.priority)) })}
                  />
                </div>
                {p.notes ? (
                  <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
                    {p.notes}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("sharing:page.noPlaces")}</p>
      )}
    </section>
  );
}
