import { type Place, wishToStars } from "@tabi/contracts";
import { CheckCircle2, CircleDashed, Clock3, XCircle } from "lucide-react";
import { useState } from "react";
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
import { PlaceImage } from "./PlaceImage";
import { statusLabel, stayHours } from "./status";

export interface PlaceActions {
  onEdit(p: Place): void;
  onDelete(p: Place): void;
  onWant(p: Place): void;
  onUnwant(p: Place): void;
}

const STATUS_ICON = { scheduled: CheckCircle2, pending: Clock3, unscheduled: XCircle } as const;
const STATUS_COLOR = {
  scheduled: "text-emerald-600",
  pending: "text-amber-600",
  unscheduled: "text-slate-400",
} as const;

/** The average wish as stars; the caller's own wish when they have one on the My tab. */
export const displayWish = (p: Place, mine: boolean) =>
  wishToStars(
    mine && p.myWish !== null
      ? p.myWish
      : p.wishes.reduce((s, w) => s + w.wishLevel, 0) / Math.max(1, p.wishes.length),
  );

/** A 250 px card that flips on click (spec 3 'Places screen'); its back scrolls when the details are long. */
export function PlaceCard({
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
  const [flipped, setFlipped] = useState(false);
  const color = place.addedBy?.color ?? "#6B7280";
  const StatusIcon = STATUS_ICON[place.status];
  return (
    <article className="group h-[250px] [perspective:1000px]">
      <div
        className={cn(
          "relative size-full transition-transform duration-500 [transform-style:preserve-3d]",
          flipped && "[transform:rotateY(180deg)]",
        )}
      >
        <button
          type="button"
          aria-label={t("places:card.showDetails", { name: place.name })}
          inert={flipped}
          aria-hidden={flipped}
          onClick={() => setFlipped(true)}
          className="absolute inset-0 flex flex-col overflow-hidden rounded-3xl bg-white text-left shadow-sm ring-1 ring-slate-200 [backface-visibility:hidden] dark:bg-slate-900 dark:ring-slate-800"
        >
          <PlaceImage
            photo={place.photos[0]}
            category={place.category}
            color={color}
            className="h-32 w-full"
          />
          <div className="flex min-h-0 flex-1 flex-col p-3">
            <div className="flex items-start gap-2">
              <h3 className="line-clamp-2 flex-1 font-semibold leading-snug">
                {place.name}
                <LocalName result={place} className="ml-1.5 text-sm" />
              </h3>
              {tab === "mine" ? (
                <StatusIcon
                  className={cn("size-5 shrink-0", STATUS_COLOR[place.status])}
                  aria-label={
                    plan?.reason || plan?.note
                      ? t("places:card.statusReason", {
                          status: statusLabel(place),
                          reason: plan.reason ?? t("places:card.whyThisTime"),
                        })
                      : statusLabel(place)
                  }
                />
              ) : null}
            </div>
            <Stars value={displayWish(place, tab === "mine")} className="mt-1" />
            <p className="mt-auto truncate text-xs text-slate-500 dark:text-slate-400">
              {place.address ?? t("places:card.pinned")}
            </p>
          </div>
        </button>
        <div
          inert={!flipped}
          aria-hidden={!flipped}
          className="absolute inset-0 flex flex-col rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 [backface-visibility:hidden] [transform:rotateY(180deg)] dark:bg-slate-900 dark:ring-slate-800"
        >
          <h3 className="truncate font-semibold">
            {place.name}
            <LocalName result={place} className="ml-1.5 text-sm" />
          </h3>
          {/* Focusable so a keyboard can scroll it when the hours and notes run long. */}
          <div
            role="group"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus
            tabIndex={0}
            aria-label={t("places:card.details", { name: place.name })}
            className="mt-2 min-h-0 flex-1 overflow-y-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <dl className="space-y-1.5 text-sm">
              {tab === "trip" ? (
                <div className="flex gap-1.5">
                  <dt className="text-slate-500 dark:text-slate-400">{t("places:card.addedBy")}</dt>
                  <dd className="truncate font-medium" style={{ color: place.addedBy?.color ?? "#6B7280" }}>
                    {place.addedBy?.name ?? t("places:card.unknownMember")}
                  </dd>
                </div>
              ) : null}
              <div className="flex items-center gap-1.5">
                <dt className="text-slate-500 dark:text-slate-400">{t("places:card.wish")}</dt>
                <dd>
                  <Stars value={displayWish(place, tab === "mine")} />
                </dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-500 dark:text-slate-400">{t("places:card.stay")}</dt>
                <dd>{t("places:card.stayHours", { hours: formatNumber(stayHours(place.stayMinutes)) })}</dd>
              </div>
              {tab === "trip" && place.preferredTimeOfDay ? (
                <div className="flex gap-1.5">
                  <dt className="text-slate-500 dark:text-slate-400">{t("places:card.preferredTime")}</dt>
                  <dd>{t(TIME_OF_DAY_KEY[place.preferredTimeOfDay])}</dd>
                </div>
              ) : null}
              {place.wishes.length > 1 ? (
                <div className="flex gap-1.5">
                  <dt className="text-slate-500 dark:text-slate-400">{t("places:card.wantedBy")}</dt>
                  <dd className="truncate">
                    {place.wishes.map((w) => w.name).join(t("places:listSeparator"))}
                  </dd>
                </div>
              ) : null}
              {place.openingHours?.value ? (
                <div className="flex gap-1.5">
                  <dt className="shrink-0 text-slate-500 dark:text-slate-400">{t("places:card.hours")}</dt>
                  <dd className="min-w-0">
                    <OpeningHoursList place={place} />
                  </dd>
                </div>
              ) : null}
              {place.status === "unscheduled" && plan?.reason ? (
                <div className="flex gap-1.5">
                  <dt className="shrink-0 text-slate-500 dark:text-slate-400">
                    {t("places:card.notPlanned")}
                  </dt>
                  <dd>{plan.reason}</dd>
                </div>
              ) : null}
              {plan?.note ? (
                <div className="flex gap-1.5">
                  <dt className="shrink-0 text-slate-500 dark:text-slate-400">
                    {t("places:card.whyThisTime")}
                  </dt>
                  <dd>{plan.note}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          <div className="mt-2 flex items-center gap-1">
            {place.myWish === null ? (
              <Button size="sm" variant="secondary" onClick={() => actions.onWant(place)}>
                {t("places:card.wantToo")}
              </Button>
            ) : place.wishes.length > 1 && !place.canDelete ? (
              <Button size="sm" variant="ghost" onClick={() => actions.onUnwant(place)}>
                <CircleDashed className="size-4" aria-hidden /> {t("places:card.takeBack")}
              </Button>
            ) : null}
            <span className="flex-1" />
            <ManageButtons place={place} actions={actions} />
          </div>
          <button
            type="button"
            onClick={() => setFlipped(false)}
            className="mt-2 text-center text-xs text-slate-400 hover:text-slate-600"
          >
            {t("places:card.flipBack")}
          </button>
        </div>
      </div>
    </article>
  );
}
