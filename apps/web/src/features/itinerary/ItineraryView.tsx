import type { ItineraryEdit, Place } from "@tabi/contracts";
import { haversineKm } from "@tabi/optimizer";
import { CalendarDays, Map as MapIcon, Plus, Route, TriangleAlert, Undo2, X } from "lucide-react";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { EmptyState } from "../../ui/EmptyState";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { usePlaces, useSetWish, useUpdatePlace } from "../places/api";
import { type AddPlaceChoice, AddPlaceDialog } from "./AddPlaceDialog";
import { useActiveResult } from "./api";
import { ExportMenu } from "./ExportMenu";
import { inverseOf, isSystemVisit, SYNC_FAILED, useEditItinerary } from "./edits";
import { MapDayFilter } from "./MapDayFilter";
import { markerBackground } from "./markers";
import { OptimizationOverlay } from "./OptimizationOverlay";
import { OptimizeFab } from "./OptimizeFab";
import { unscheduledReasonText } from "./planInfo";
import { StopDialog } from "./StopDialog";
import type { MapLeg, MapStop } from "./TripMap";
import { VisitActions } from "./VisitActions";
import { describeViolations } from "./violations";

const TripMap = lazy(() => import("./TripMap"));
// The calendar editor (dnd-kit) loads when the calendar view is first opened, not with the trip page.
const CalendarView = lazy(() => import("./CalendarView").then((m) => ({ default: m.CalendarView })));
const MODE_LABEL: Record<string, string> = {
  walking: "Walking",
  public_transport: "Public transport",
  car: "Car",
  taxi: "Taxi",
  flight: "Flight",
};

/** The trip's plan: Map and Calendar views (the map stays mounted), overlays, detail dialogs. */
export function ItineraryView({ tripId, canOptimize }: { tripId: string; canOptimize: boolean }) {
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
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : SYNC_FAILED,
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
      toast.error(err instanceof ApiError ? err.message : "Failed to update place. Please try again.");
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
          label="Plan view"
          full={false}
          value={view}
          onChange={setView}
          options={[
            {
              value: "map",
              label: (
                <>
                  <MapIcon className="size-4" aria-hidden /> Map
                </>
              ),
            },
            {
              value: "calendar",
              label: (
                <>
                  <CalendarDays className="size-4" aria-hidden /> Calendar
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
            title="No itinerary yet"
            text={
              places?.length
                ? "Press Optimize to turn everyone's wishes into a day-by-day plan."
                : "Once members have added the places they wish to visit, optimise to see the plan on a map and a calendar."
            }
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
                  <Undo2 className="size-4" aria-hidden /> Undo
                </Button>
              ) : null}
              {unscheduled.length && canOptimize ? (
                <Button size="sm" variant="secondary" onClick={() => setAdding({ at: null })}>
                  <Plus className="size-4" aria-hidden /> Add place
                </Button>
              ) : null}
            </div>
            {adjusted.length ? (
              <section
                aria-label="Saved with problems"
                className="flex items-start gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-900"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">Saved, but the plan breaks these rules:</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {adjusted.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </div>
                <button
                  type="button"
                  aria-label="Dismiss"
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
                  aria-label="Loading the calendar"
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
            title="No calendar data available"
            text="Optimize your route to see the calendar view"
          />
        )
      ) : null}

      {result.data?.unscheduled.length ? (
        <div className="text-xs text-slate-500 dark:text-slate-400">
          <p id={notInPlanId}>Not in this plan:</p>
          <ul aria-labelledby={notInPlanId} className="mt-0.5 space-y-0.5">
            {result.data.unscheduled.map((u) => (
              <li key={u.placeId}>
                <span className="font-medium text-slate-700 dark:text-slate-300">{u.name}</span>:{" "}
                {unscheduledReasonText(u.reason)}
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
              .map((v) => ({ day: d, start: v.start, end: v.end, locked: v.locked, note: v.note })),
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
          description={MODE_LABEL[leg.mode] ?? leg.mode}
        >
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Distance</dt>
              <dd>
                {haversineKm(
                  { lat: leg.from.lat, lng: leg.from.lng },
                  { lat: leg.to.lat, lng: leg.to.lng },
                ).toFixed(1)}{" "}
                km (straight line)
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Estimated time</dt>
              <dd>{leg.minutes} min</dd>
            </div>
          </dl>
          <div className="mt-5 flex justify-end">
            <Button variant="secondary" onClick={() => setLeg(null)}>
              Close
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
