import type { Place } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Stars } from "../../ui/Stars";
import type { PlanInfo } from "../itinerary/planInfo";
import { LocalName } from "../place-search/LocalName";
import { TIME_OF_DAY_KEY } from "./labels";
import { ManageButtons } from "./ManageButtons";
import { OpeningHoursList } from "./OpeningHoursList";
import { displayWish, type PlaceActions } from "./PlaceCard";
import { PlaceImage } from "./PlaceImage";
import { statusLabel, stayHours } from "./status";

const PILL = {
  scheduled: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  pending: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  unscheduled: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
} as const;

export function PlaceRow({
  place,
  tab,
  actions,
  plan,
}: {
  place: Place;
  tab: "trip" | "mine";
  actions: PlaceActions;
  /** What the active plan says about the place: why it was left out, or a note on its visit. */
  plan?: PlanInfo;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <PlaceImage
        photo={place.photos[0]}
        category={place.category}
        color={place.addedBy?.color ?? "#6B7280"}
        className="size-16 shrink-0 rounded-xl"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h3 className="line-clamp-2 min-w-0 flex-1 break-words font-semibold">
            {place.name}
            <LocalName result={place} className="ml-1.5 text-sm" />
          </h3>
          <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", PILL[place.status])}>
            {statusLabel(place)}
          </span>
        </div>
        <Stars value={displayWish(place, tab === "mine")} />
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {place.address ?? t("places:card.pinned")}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500 dark:text-slate-400">
          <span>{t("places:row.stay", { hours: formatNumber(stayHours(place.stayMinutes)) })}</span>
          {place.preferredTimeOfDay ? <span>{t(TIME_OF_DAY_KEY[place.preferredTimeOfDay])}</span> : null}
          {place.priceLevel !== null ? (
            <span>{t("places:row.price", { level: place.priceLevel })}</span>
          ) : null}
          {tab === "trip" ? (
            <span style={{ color: place.addedBy?.color ?? "#6B7280" }} className="font-medium">
              {place.wishes.length > 1
                ? place.wishes.map((w) => w.name).join(t("places:listSeparator"))
                : (place.addedBy?.name ?? t("places:card.unknownMember"))}
            </span>
          ) : null}
        </p>
        {place.openingHours?.value ? (
          <div className="mt-0.5 flex gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="shrink-0">{t("places:row.hours")}</span>
            <OpeningHoursList place={place} inline className="min-w-0" />
          </div>
        ) : null}
        {place.status === "unscheduled" && plan?.reason ? (
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
            {t("places:row.notPlanned", { reason: plan.reason })}
          </p>
        ) : null}
        {plan?.note ? (
          <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-200">
            {t("places:row.whyThisTime", { note: plan.note })}
          </p>
        ) : null}
        {/* Under the details, not beside them: beside, on a phone, it left the name two letters a line. */}
        {place.myWish === null ? (
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => actions.onWant(place)}>
            {t("places:card.wantToo")}
          </Button>
        ) : null}
      </div>
      <div className="flex shrink-0 items-start">
        <ManageButtons place={place} actions={actions} />
      </div>
    </li>
  );
}
