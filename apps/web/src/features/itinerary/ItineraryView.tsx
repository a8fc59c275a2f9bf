import type { ItineraryEdit, Place } from "@tabi/contracts";
import { haversineKm } from "@tabi/optimizer";
import { CalendarDays, Map as MapIcon, Plus, Route, TriangleAlert, Undo2, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { onRefused } from "../../lib/offline";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { usePlaces, useSetWish, useUpdatePlace } from "../places/api";
import { type AddPlaceChoice, AddPlaceDialog } from "./AddPlaceDialog";
import { useActiveResult, useEditItinerary } from "./api";
import { ExportMenu } from "./ExportMenu";
import { inverseOf, isSystemVisit, syncFailedMessage } from "./edits";
import { MapDayFilter } from "./MapDayFilter";
import { markerBackground } from "./markers";
import { OptimizationOverlay } from "./OptimizationOverlay";
import { OptimizeFab } from "./OptimizeFab";
import { reasonOf } from "./planInfo";
import { StopDialog } from "./StopDialog";
import type { MapLeg, MapStop } from "./TripMap";
import { formatDuration, formatKm } from "./units";
import { VisitActions } from "./VisitActions";
import { describeViolations } from "./violations";

const TripMap = lazy(() => import("./TripMap"));
// The calendar editor (dnd-kit) loads when the calendar view is first opened, not with the trip page.
const CalendarView = lazy(() => import("./CalendarView").then((m) => ({ default: m.CalendarView })));
const MODE_LABEL: Record<string, string> = {
  walking: "plan:mode.walking",
  public_transport: "plan:mode.public_transport",
  car: "plan:mode.car",
  taxi: "plan:mode.taxi",
  flight: "plan:mode.flight",
};

/** The trip's plan: Map and Calendar views (the map stays mounted), overlays, detail dialogs. */
export function ItineraryView({ tripId, canOptimize }: { tripId: string; canOptimize: boolean }) {
  const { t } = useTranslation();
  const result = useActiveResult(tripId);
  const places = usePlaces(tripId).data?.places;
  const [view, setView] = useState<"map" | "calendar">("map");
  const [stop, setStop] = useState<{
    name: string;
    placeId: string | null;
    system: boolean;
    at?: { day: number; index: number };
  } | null>(null);
  const edit = useEditItinerary(tripId);
  const [undo, setUndo] = useState<ItineraryEdit | null>(null);
  // An edit made offline that the server later refused has nothing left to undo.
  useEffect(() => onRefused((r) => r.item.tripId === tripId && setUndo(null)), [tripId]);
  const [adding, setAdding] = useState<{ at: { day: number; index: number } | null } | null>(null);
  const setWish = useSetWish(tripId);
  const updatePlace = useUpdatePlace(tripId);
  // What the last edit broke (a closing time, the day's end), kept on screen after its toasts go.
  const [adjusted, setAdjusted] = useState<string[]>([]);
  const notInPlanId = useId();

  async function apply(change: ItineraryEdit, isUndo = false) {
    const before = result.data?.days ?? [];
    try {
      const { violations } = await edit.mutateAsync(change);
      setUndo(isUndo ? null : inverseOf(change, before));
      // A lock changes nothing on the calendar: the popup stays, its buttons show the new lock.
      if (change.type !== "lock") setStop(null);
      const messages = describeViolations(violations ?? [], nameOf);
      setAdjusted(messages);
      for (const m of messages) toast.warning(m, { duration: 8000 });
    } catch (err) {
      // The optimistic change is rolled back by the mutation; the spec's alert says so.
      toast.error(
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : syncFailedMessage(),
      );
    }
  }

  async function addPlace(choice: AddPlaceChoice) {
    const place = byId.get(choice.placeId);
    try {
      // The priority is the caller's own wish for the place (spec 2 'Adding a place between stops').
      if (place?.myWish !== choice.wishLevel)
        await setWish.mutateAsync({ id: choice.placeId, wishLevel: choice.wishLevel });
      if (choice.notes && place?.canEdit && choice.notes !== place.notes)
        await updatePlace.mutateAsync({ id: choice.placeId, notes: choice.notes });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t("server:places.updateFailed"));
      return;
    }
    setAdding(null);
    await apply({
      type: "insert",
      day: choice.day,
      placeId: choice.placeId,
      index: choice.index,
      stayMinutes: choice.stayMinutes,
    });
  }
  const [leg, setLeg] = useState<MapLeg | null>(null);
  const byId = useMemo(() => new Map((places ?? []).map((p) => [p.id, p] as [string, Place])), [places]);
  const nameOf = (placeId: string) =>
    byId.get(placeId)?.name ??
    result.data?.days.flatMap((d) => d.visits).find((v) => v.placeId === placeId)?.name;
  const colorsOf = useCallback((id: string) => byId.get(id)?.wishes.map((w) => w.color) ?? [], [byId]);
  const days = result.data?.days ?? [];
  const placeIds = useMemo(() => (places ? new Set(places.map((p) => p.id)) : undefined), [places]);
  const isSystem = useCallback(
    (v: { placeId: string; category?: string }) => isSystemVisit(v, placeIds),
    [placeIds],
  );
  const unscheduled = result.data?.unscheduled ?? [];
  const [mapDay, setMapDay] = useState<number | null>(null);
  // A day that is gone after a re-optimise (a shorter trip) shows all days again.
  const shownDay = mapDay !== null && days.some((d) => d.day === mapDay) ? mapDay : null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SegmentedTabs
          label={t("plan:view.label")}
          full={false}
          value={view}
          onChange={setView}
          options={[
            {
              value: "map",
              label: (
                <>
                  <MapIcon className="size-4" aria-hidden /> {t("plan:view.map")}
                </>
              ),
            },
            {
              value: "calendar",
              label: (
                <>
                  <CalendarDays className="size-4" aria-hidden /> {t("plan:view.calendar")}
                </>
              ),
            },
          ]}
        />
        {result.data ? <ExportMenu tripId={tripId} /> : null}
      </div>

      <div className={cn("relative", view !== "map" && "hidden")}>
        {result.data ? (
          <Suspense
            fallback={
              <div className="h-[60dvh] min-h-80 animate-pulse rounded-3xl bg-slate-100 dark:bg-slate-800" />
            }
          >
            <MapDayFilter days={days} value={shownDay} onChange={setMapDay} />
            <TripMap
              days={shownDay === null ? days : days.filter((d) => d.day === shownDay)}
              refitKey={shownDay}
              colorsOf={colorsOf}
              onStop={(s: MapStop) => setStop({ name: s.name, placeId: s.placeId, system: s.system })}
              onLeg={setLeg}
            />
          </Suspense>
        ) : (
          <EmptyState
            icon={Route}
            title={t("plan:view.emptyTitle")}
            text={places?.length ? t("plan:view.emptyWithPlaces") : t("plan:view.emptyNoPlaces")}
          />
        )}
        <OptimizationOverlay tripId={tripId} />
      </div>

      {view === "calendar" ? (
        result.data ? (
          <>
            <div className="flex min-h-8 flex-wrap items-center gap-2 text-sm">
              {undo && canOptimize ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={edit.isPending}
                  onClick={() => apply(undo, true)}
                >
                  <Undo2 className="size-4" aria-hidden /> {t("plan:view.undo")}
                </Button>
              ) : null}
              {unscheduled.length && canOptimize ? (
                <Button size="sm" variant="secondary" onClick={() => setAdding({ at: null })}>
                  <Plus className="size-4" aria-hidden /> {t("plan:add.title")}
                </Button>
              ) : null}
            </div>
            {adjusted.length ? (
              <section
                aria-label={t("plan:view.savedWithProblems")}
                className="flex items-start gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-900"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{t("plan:view.breaksRules")}</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {adjusted.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </div>
                <button
                  type="button"
                  aria-label={t("plan:view.dismiss")}
                  onClick={() => setAdjusted([])}
                  className="rounded-full p-1 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-amber-900"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </section>
            ) : null}
            <Suspense
              fallback={
                <div
                  role="status"
                  aria-label={t("plan:view.loadingCalendar")}
                  className="h-[60dvh] min-h-80 animate-pulse rounded-3xl bg-slate-100 dark:bg-slate-800"
                />
              }
            >
              <CalendarView
                days={days}
                colorOf={(id) => markerBackground(colorsOf(id))}
                isSystem={isSystem}
                busy={edit.isPending}
                // Changing the shared plan needs can_optimize (admins always have it): otherwise read-only.
                onEdit={canOptimize ? (e) => apply(e) : undefined}
                onRefused={(message) => toast.error(message)}
                onSystem={(name) => setStop({ name, placeId: null, system: true })}
                onAddBetween={
                  unscheduled.length && canOptimize
                    ? (day, index) => setAdding({ at: { day, index } })
                    : undefined
                }
                onVisit={(d, i) =>
                  setStop({
                    name: d.visits[i]!.name,
                    placeId: d.visits[i]!.placeId,
                    system: false,
                    at: { day: d.day, index: i },
                  })
                }
              />
            </Suspense>
          </>
        ) : (
          <EmptyState
            icon={CalendarDays}
            title={t("plan:view.noCalendarTitle")}
            text={t("plan:view.noCalendarText")}
          />
        )
      ) : null}

      {result.data?.unscheduled.length ? (
        <div className="text-xs text-slate-500 dark:text-slate-400">
          <p id={notInPlanId}>{t("plan:view.notInPlan")}</p>
          <ul aria-labelledby={notInPlanId} className="mt-0.5 space-y-0.5">
            {result.data.unscheduled.map((u) => (
              <li key={u.placeId}>
                <Trans
                  i18nKey="plan:view.unscheduled"
                  values={{ name: u.name, reason: reasonOf(u) }}
                  components={{ b: <span className="font-medium text-slate-700 dark:text-slate-300" /> }}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <OptimizeFab tripId={tripId} canOptimize={canOptimize} hidden={view === "calendar"} />

      {stop ? (
        <StopDialog
          name={stop.name}
          system={stop.system}
          place={stop.placeId ? byId.get(stop.placeId) : undefined}
          days={days}
          visits={days.flatMap((d) =>
            d.visits
              .filter((v) => v.placeId === stop.placeId)
              .map((v) => ({
                day: d,
                start: v.start,
                end: v.end,
                locked: v.locked,
                note: v.note,
                noteKey: v.noteKey,
                noteParams: v.noteParams,
              })),
          )}
          onClose={() => setStop(null)}
        >
          {/* The plan changes under the popup (an optimistic remove or reorder): act only on this very visit. */}
          {stop.at &&
          days[stop.at.day - 1]?.visits[stop.at.index]?.placeId === stop.placeId &&
          canOptimize ? (
            <VisitActions
              days={days}
              day={days[stop.at.day - 1]!}
              index={stop.at.index}
              busy={edit.isPending}
              onEdit={(e) => apply(e)}
            />
          ) : null}
        </StopDialog>
      ) : null}
      {adding && result.data ? (
        <AddPlaceDialog
          days={days}
          unscheduled={unscheduled}
          placeOf={(id) => byId.get(id)}
          at={adding.at}
          busy={edit.isPending || setWish.isPending || updatePlace.isPending}
          onClose={() => setAdding(null)}
          onAdd={addPlace}
        />
      ) : null}
      {leg ? (
        <Dialog
          open
          onOpenChange={(o) => !o && setLeg(null)}
          title={`${leg.from.name} → ${leg.to.name}`}
          description={MODE_LABEL[leg.mode] ? t(MODE_LABEL[leg.mode]!) : leg.mode}
        >
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">{t("plan:leg.distance")}</dt>
              <dd>
                {t("plan:leg.straightLine", {
                  distance: formatKm(
                    haversineKm(
                      { lat: leg.from.lat, lng: leg.from.lng },
                      { lat: leg.to.lat, lng: leg.to.lng },
                    ),
                  ),
                })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("plan:leg.estimatedTime")}</dt>
              <dd>{formatDuration(leg.minutes)}</dd>
            </div>
          </dl>
          <div className="mt-5 flex justify-end">
            <Button variant="secondary" onClick={() => setLeg(null)}>
              {t("common:action.close")}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
