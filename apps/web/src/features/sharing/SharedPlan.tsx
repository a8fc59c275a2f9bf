import type { ItineraryDay, SharedPlace } from "@tabi/contracts";
import { Flag, Home, Plane, Utensils } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { i18n, serverText } from "../../i18n";
import { formatClock, formatDate, formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { preloadable } from "../../lib/preloadable";
import { formatTimeRange, visitNote } from "../itinerary/edits";
import { MapDayFilter } from "../itinerary/MapDayFilter";
import type { MapStop } from "../itinerary/TripMap";
import { formatDuration } from "../itinerary/units";
import { type DayEntry, dayTimeline } from "./dayMap";
import { categoryLabel } from "./SharedPlaces";

// The trip map of the members' screen, loaded when shown: it draws the plan's days from the shapes the
// public view has (no member colours: every stop in the brand colour) on the built-in basemap.
// The map's chunk is asked for with this one's and shows as it arrives, not 300 ms after a Suspense
// fallback (lib/preloadable.tsx), as on the trip screen.
const TripMap = preloadable(() => import("../itinerary/TripMap").then((m) => m.default));
void TripMap.preload().catch(() => {}); // a failed chunk is reported where the map renders
const STOP_COLOR = ["#0f766e"];
const noColors = () => STOP_COLOR;

const MODE_KEY: Record<string, string> = {
  walking: "plan:mode.walking",
  public_transport: "plan:mode.public_transport",
  car: "plan:mode.car",
  taxi: "plan:mode.taxi",
  flight: "plan:mode.flight",
};
const MEAL_KEY: Record<string, string> = {
  breakfast: "calendar:meal.breakfast",
  lunch: "calendar:meal.lunch",
  dinner: "calendar:meal.dinner",
};

/** "15 min · Walking": how the group gets to a stop. */
export function travelLabel(minutes: number, mode: string): string {
  const how = MODE_KEY[mode] ? i18n.t(MODE_KEY[mode]!) : mode;
  return `${formatDuration(minutes)} · ${how}`;
}
export const mealLabel = (kind: string) => (MEAL_KEY[kind] ? i18n.t(MEAL_KEY[kind]!) : kind);
/** "Thu, Dec 10" in the app's language. */
export const dayDate = (date: string) =>
  formatDate(date, { weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** Beyond spec 3: the plan day by day and its map, when the link lets the visitor see the places. */
export function SharedPlan({
  days,
  places,
  timezone,
}: {
  days: ItineraryDay[];
  places: SharedPlace[];
  timezone: string;
}) {
  const { t } = useTranslation();
  const [mapDay, setMapDay] = useState<number | null>(null);
  const mapReady = TripMap.useReady();
  const placeIds = useMemo(() => new Set(places.map((p) => p.id)), [places]);
  const byId = useMemo(() => new Map(places.map((p) => [p.id, p])), [places]);
  const shown = useMemo(
    () => (mapDay === null ? days : days.filter((d) => d.day === mapDay)),
    [days, mapDay],
  );
  // A marker leads to its visit in the list below.
  const onStop = useCallback((s: MapStop) => {
    if (!s.placeId) return;
    const el = document.getElementById(`shared-visit-${s.placeId}`);
    el?.scrollIntoView({ behavior: "smooth", block: "center" });
    el?.focus({ preventScroll: true });
  }, []);

  return (
    <section aria-labelledby="shared-plan" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="shared-plan" className="text-lg font-semibold">
          {t("sharing:plan.title")}
        </h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t("sharing:plan.timezone", { timezone: timezone.replaceAll("_", " ") })}
        </p>
      </div>
      <MapDayFilter days={days} value={mapDay} onChange={setMapDay} />
      {mapReady ? (
        <TripMap days={shown} refitKey={mapDay} colorsOf={noColors} onStop={onStop} onLeg={() => {}} />
      ) : (
        <div className="h-[60dvh] min-h-80 animate-pulse rounded-3xl bg-slate-100 dark:bg-slate-800" />
      )}
      <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {days.map((d) => (
          <li
            key={d.day}
            className="rounded-2xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800"
          >
            <h4 className="mb-2 flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{t("plan:days.day", { day: d.day })}</span>
              <span className="text-sm text-slate-500 dark:text-slate-400">{dayDate(d.date)}</span>
            </h4>
            <ol className="space-y-1.5">
              {dayTimeline(d, placeIds).map((e) => (
                <DayRow
                  key={entryKey(e)}
                  entry={e}
                  place={e.kind === "visit" ? byId.get(e.visit.placeId) : undefined}
                />
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}

const entryKey = (e: DayEntry) =>
  e.kind === "visit" ? `v:${e.visit.placeId}` : e.kind === "meal" ? `m:${e.meal.kind}` : e.kind;

function DayRow({ entry: e, place }: { entry: DayEntry; place?: SharedPlace }) {
  const { t } = useTranslation();
  const time = "w-24 shrink-0 pt-0.5 text-xs tabular-nums text-slate-500 dark:text-slate-400";
  if (e.kind === "start" || e.kind === "end") {
    const name = serverText(e.name, e.nameKey);
    return (
      <li className="flex gap-2 text-sm">
        <span className={time}>{formatClock(e.time)}</span>
        <span className="flex min-w-0 items-start gap-1.5 text-slate-600 dark:text-slate-300">
          {e.kind === "start" ? (
            <Home className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          ) : (
            <Flag className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          )}
          <span className="min-w-0">
            {e.kind === "start" ? t("calendar:system.start", { name }) : t("calendar:system.end", { name })}
            {e.kind === "end" ? (
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {travelLabel(e.travelMinutes, e.mode)}
              </span>
            ) : null}
          </span>
        </span>
      </li>
    );
  }
  if (e.kind === "meal")
    return (
      <li className="flex gap-2 text-sm">
        <span className={time}>{formatTimeRange(e.meal.start, e.meal.end)}</span>
        <span className="flex items-center gap-1.5 text-amber-800 dark:text-amber-200">
          <Utensils className="size-3.5" aria-hidden />
          {mealLabel(e.meal.kind)}
        </span>
      </li>
    );
  const v = e.visit;
  const note = visitNote(v);
  return (
    <li
      id={e.system ? undefined : `shared-visit-${v.placeId}`}
      tabIndex={e.system ? undefined : -1}
      className="flex scroll-mt-24 gap-2 rounded-lg text-sm outline-none focus:bg-brand-50 dark:focus:bg-brand-900/40"
    >
      <span className={time}>{formatTimeRange(v.start, v.end)}</span>
      <span className="flex min-w-0 flex-1 items-start gap-2">
        <span
          aria-hidden
          className={cn(
            "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold text-white",
            e.system ? "bg-slate-900 dark:bg-slate-600" : "bg-brand-700",
          )}
        >
          {e.order === null ? <Plane className="size-3" /> : formatNumber(e.order)}
        </span>
        <span className="min-w-0">
          <span className="font-medium break-words">{e.system ? serverText(v.name) : v.name}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {[
              e.system ? null : categoryLabel(place?.category ?? v.category),
              v.travelMinutes > 0 ? travelLabel(v.travelMinutes, v.mode) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
          {place?.address ? (
            <span className="block text-xs break-words text-slate-500 dark:text-slate-400">
              {place.address}
            </span>
          ) : null}
          {note ? <span className="block text-xs text-amber-700 dark:text-amber-300">{note}</span> : null}
        </span>
      </span>
    </li>
  );
}
