import type { ItineraryEdit, Place } from "@tabi/contracts";
import { haversineKm } from "@tabi/optimizer";
import { CalendarDays, Map as MapIcon, Plus, Route, Undo2 } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
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
import { markerBackground } from "./markers";
import { OptimizationOverlay } from "./OptimizationOverlay";
import { OptimizeFab } from "./OptimizeFab";
import { StopDialog } from "./StopDialog";
import type { MapLeg, MapStop } from "./TripMap";
import { VisitActions } from "./VisitActions";

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

  async function apply(change: ItineraryEdit, isUndo = false) {
    const before = result.data?.days ?? [];
    try {
      const { violations } = await edit.mutateAsync(change);
      setUndo(isUndo ? null : inverseOf(change, before));
      setStop(null);
      for (const v of violations) toast.warning(v.message, { duration: 6000 });
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
  const colorsOf = useCallback((id: string) => byId.get(id)?.wishes.map((w) => w.color) ?? [], [byId]);
  const days = result.data?.days ?? [];
  const placeIds = useMemo(() => (places ? new Set(places.map((p) => p.id)) : undefined), [places]);
  const isSystem = useCallback(
    (v: { placeId: string; category?: string }) => isSystemVisit(v, placeIds),
    [placeIds],
  );
  const unscheduled = result.data?.unscheduled ?? [];

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
            <TripMap
              days={days}
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
        <p className="text-xs text-slate-500">
          Not in this plan:{" "}
          {result.data.unscheduled.map((u) => `${u.name} (${u.reason.replace("_", " ")})`).join(", ")}
        </p>
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
              .map((v) => ({ day: d, start: v.start, end: v.end })),
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
