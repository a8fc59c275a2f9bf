import { type Place, TIME_OF_DAY_LABELS } from "@tabi/contracts";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Stars } from "../../ui/Stars";
import type { PlanInfo } from "../itinerary/planInfo";
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
          <h3 className="flex-1 truncate font-semibold">{place.name}</h3>
          <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", PILL[place.status])}>
            {statusLabel(place)}
          </span>
        </div>
        <Stars value={displayWish(place, tab === "mine")} />
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {place.address ?? "Pinned on the map"}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500 dark:text-slate-400">
          <span>Stay: {stayHours(place.stayMinutes)}h</span>
          {place.preferredTimeOfDay ? <span>{TIME_OF_DAY_LABELS[place.preferredTimeOfDay]}</span> : null}
          {place.priceLevel !== null ? <span>Price Level: {place.priceLevel}</span> : null}
          {tab === "trip" ? (
            <span style={{ color: place.addedBy?.color ?? "#6B7280" }} className="font-medium">
              {place.wishes.length > 1
                ? place.wishes.map((w) => w.name).join(", ")
                : (place.addedBy?.name ?? "Unknown Member")}
            </span>
          ) : null}
        </p>
        {place.openingHours?.value ? (
          <div className="mt-0.5 flex gap-1.5 text-xs text-slate-500 dark:text-slate-400">
            <span className="shrink-0">Hours:</span>
            <OpeningHoursList place={place} inline className="min-w-0" />
          </div>
        ) : null}
        {place.status === "unscheduled" && plan?.reason ? (
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">Not planned: {plan.reason}</p>
        ) : null}
        {plan?.note ? (
          <p className="mt-0.5 text-xs text-amber-800 dark:text-amber-200">Why this time: {plan.note}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end justify-between">
        <div className="flex">
          <ManageButtons place={place} actions={actions} />
        </div>
        {place.myWish === null ? (
          <Button size="sm" variant="secondary" onClick={() => actions.onWant(place)}>
            I want this too
          </Button>
        ) : null}
      </div>
    </li>
  );
}
