import type { ItineraryEdit, MealKindName, Place } from "@tabi/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  CalendarClock,
  CalendarDays,
  Map as MapIcon,
  Plane,
  Plus,
  Route,
  Ticket,
  TriangleAlert,
  Undo2,
  X,
} from "lucide-react";
import { Suspense, useCallback, useEffect, useId, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { toast } from "sonner";
import { serverText } from "../../i18n";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { onRefused } from "../../lib/offline";
import { preloadable } from "../../lib/preloadable";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { useBookings } from "../bookings/api";
import { BookingDialogHost, dialogForLeg, type OpenBooking } from "../bookings/BookingDialogHost";
import { dayLegs, flightLegAt, legOfDrawn, nightAfter, nightsAtBookedHotels } from "../bookings/planBookings";
import type { BookingLeg } from "../bookings/types";
import { tripPoints } from "../place-search/trip-points";
import { useAddPlace, usePlaces, useSetWish, useUpdatePlace } from "../places/api";
import { tripDetailQuery } from "../trips/api";
import { useCanAddPlacesNow } from "../trips/useDeadline";
import { type AddPlaceChoice, AddPlaceDialog, newPlaceInput } from "./AddPlaceDialog";
import { useActiveResult, useEditItinerary, useStartOptimization } from "./api";
import { ExportMenu } from "./ExportMenu";
import { inverseOf, isSystemVisit, syncFailedMessage } from "./edits";
import { FloatingActions } from "./FloatingActions";
import { MapDayFilter } from "./MapDayFilter";
import { markerBackground } from "./markers";
import { OptimizationOverlay } from "./OptimizationOverlay";
import { reasonOf } from "./planInfo";
import { StopDialog } from "./StopDialog";
import type { MapStop } from "./TripMap";
import { VisitActions } from "./VisitActions";
import { describeViolations } from "./violations";
import { WhoGoes } from "./WhoGoes";

// The map is the plan's first view: its chunk (without MapLibre) is asked for with this one's, and the
// map shows as it arrives, not 300 ms after a Suspense fallback (lib/preloadable.tsx).
const TripMap = preloadable(() => import("./TripMap").then((m) => m.default));
void TripMap.preload().catch(() => {}); // a failed chunk is reported where the map renders
const mapPlaceholder = (
  <div className="h-[60dvh] min-h-80 animate-pulse rounded-3xl bg-slate-100 dark:bg-slate-800" />
);
// The calendar editor (dnd-kit) loads when the calendar view is first opened, not with the trip page.
const CalendarView = preloadable(() => import("./CalendarView").then((m) => m.CalendarView));
const RestaurantDialog = preloadable(() =>
  import("../bookings/RestaurantDialog").then((m) => m.RestaurantDialog),
);
const BookingsPanel = preloadable(() => import("../bookings/BookingsPanel").then((m) => m.BookingsPanel));

/** The trip's plan: Map and Calendar views (the map stays mounted), overlays, detail dialogs. */
export function ItineraryView({ tripId, canOptimize }: { tripId: string; canOptimize: boolean }) {
  const { t } = useTranslation();
  const result = useActiveResult(tripId);
  const places = usePlaces(tripId).data?.places;
  const mapReady = TripMap.useReady();
  const [view, setView] = useState<"map" | "calendar">("map");
  // The calendar's code (dnd-kit) is asked for when the view is first chosen; the view switches at
  // once and shows its placeholder until the code is in, never a Suspense fallback (300 ms late).
  const calendarReady = CalendarView.useReady(view === "calendar");
  const calendarPlaceholder = (
    <div
      role="status"
      aria-label={t("plan:view.loadingCalendar")}
      className="h-[60dvh] min-h-80 animate-pulse rounded-3xl bg-slate-100 dark:bg-slate-800"
    />
  );
  const [stop, setStop] = useState<{
    name: string;
    placeId: string | null;
    system: boolean;
    at?: { day: number; index: number };
    /** An airport's flight: its popup offers the flight's bookings. */
    flight?: BookingLeg;
  } | null>(null);
  const edit = useEditItinerary(tripId);
  const [undo, setUndo] = useState<ItineraryEdit | null>(null);
  // An edit made offline that the server later refused has nothing left to undo.
  useEffect(() => onRefused((r) => r.item.tripId === tripId && setUndo(null)), [tripId]);
  const [adding, setAdding] = useState<{ at: { day: number; index: number } | null } | null>(null);
  const setWish = useSetWish(tripId);
  const addNew = useAddPlace(tripId);
  const updatePlace = useUpdatePlace(tripId);
  // What the last edit broke (a closing time, the day's end), kept on screen after its toasts go.
  // What the plan's edits left broken, as every member sees it (the server keeps it with the plan),
  // until it is mended or the banner is dismissed (for these very messages).
  const [dismissed, setDismissed] = useState("");
  const notInPlanId = useId();

  async function apply(change: ItineraryEdit, isUndo = false) {
    const before = result.data?.days ?? [];
    try {
      const { violations } = await edit.mutateAsync(change);
      setUndo(isUndo ? null : inverseOf(change, before));
      // A lock changes nothing on the calendar: the popup stays, its buttons show the new lock.
      if (change.type !== "lock") setStop(null);
      for (const m of describeViolations(violations ?? [], nameOf)) toast.warning(m, { duration: 8000 });
    } catch (err) {
      // The optimistic change is rolled back by the mutation; the spec's alert says so.
      toast.error(
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : syncFailedMessage(),
      );
    }
  }

  async function addPlace(choice: AddPlaceChoice) {
    let placeId: string;
    try {
      if ("result" in choice.place) {
        // A new place: proposed to the trip with the caller's priority as their wish, then planned.
        placeId = (await addNew.mutateAsync(newPlaceInput(choice.place.result, choice))).place.id;
      } else {
        placeId = choice.place.id;
        const place = byId.get(placeId);
        // The priority is the caller's own wish for the place (spec 2 'Adding a place between stops').
        if (place?.myWish !== choice.wishLevel)
          await setWish.mutateAsync({ id: placeId, wishLevel: choice.wishLevel });
        if (choice.notes && place?.canEdit && choice.notes !== place.notes)
          await updatePlace.mutateAsync({ id: placeId, notes: choice.notes });
      }
    } catch (err) {
      // The server's rules (its place limit, the deadline) in its words; the dialog stays for another try.
      toast.error(
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? serverText(err.message)
          : t("server:places.updateFailed"),
      );
      return;
    }
    setAdding(null);
    await apply({
      type: "insert",
      day: choice.day,
      placeId,
      index: choice.index,
      stayMinutes: choice.stayMinutes,
    });
  }
  const trip = useQuery({ ...tripDetailQuery(tripId), enabled: Boolean(tripId) }).data?.trip;
  const memberCount = Math.max(1, trip?.memberCount ?? 1);
  const bookings = useBookings(tripId).data;
  const [booking, setBooking] = useState<OpenBooking | null>(null);
  const [panel, setPanel] = useState(false);
  const [meal, setMeal] = useState<{ day: number; meal: MealKindName } | null>(null);
  const start = useStartOptimization(tripId);
  // The plan's own settings, so a re-run after a booking changed keeps the group's day shape.
  async function reoptimize() {
    try {
      // The dialog's module checks the settings with their schema, loaded only now (decision 0026).
      const { initialSettings } = await import("./OptimizeDialog");
      await start.mutateAsync(initialSettings(result.data?.settings));
    } catch (err) {
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : t("plan:optimize.noConnection"));
    }
  }
  const byId = useMemo(() => new Map((places ?? []).map((p) => [p.id, p] as [string, Place])), [places]);
  const nameOf = (placeId: string) =>
    byId.get(placeId)?.name ??
    result.data?.days.flatMap((d) => d.visits).find((v) => v.placeId === placeId)?.name;
  const colorsOf = useCallback((id: string) => byId.get(id)?.wishes.map((w) => w.color) ?? [], [byId]);
  const days = result.data?.days ?? [];
  const broken = describeViolations(result.data?.brokenRules ?? [], nameOf);
  const adjusted = broken.join("\n") === dismissed ? [] : broken;
  const placeIds = useMemo(() => (places ? new Set(places.map((p) => p.id)) : undefined), [places]);
  const isSystem = useCallback(
    (v: { placeId: string; category?: string }) => isSystemVisit(v, placeIds),
    [placeIds],
  );
  const unscheduled = result.data?.unscheduled ?? [];
  // '+' in the calendar finds a new place too (issue 26), while the trip takes new places.
  const canAddNew = useCanAddPlacesNow(trip);
  const canAddToPlan = canOptimize && (unscheduled.length > 0 || canAddNew);
  const searchNear = useMemo(
    () => (trip && canAddNew ? { near: null, points: tripPoints(trip, places ?? []) } : null),
    [trip, canAddNew, places],
  );
  const [mapDay, setMapDay] = useState<number | null>(null);
  // A day that is gone after a re-optimise (a shorter trip) shows all days again.
  const shownDay = mapDay !== null && days.some((d) => d.day === mapDay) ? mapDay : null;
  const bookedNights = useMemo(() => nightsAtBookedHotels(days, bookings ?? []), [days, bookings]);
  const openNight = (dayIndex: number) =>
    setBooking({ kind: "hotel", night: nightAfter(days, dayIndex, trip?.destination) });

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
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => BookingsPanel.whenLoaded(() => setPanel(true))}
          >
            <Ticket className="size-4" aria-hidden /> {t("plan:bookings.open")}
          </Button>
          {result.data ? <ExportMenu tripId={tripId} /> : null}
        </div>
      </div>

      {result.data?.bookingsChanged ? (
        <section
          aria-label={t("plan:bookings.outOfDate")}
          className="flex flex-wrap items-center gap-2 rounded-2xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200 dark:bg-sky-950/50 dark:text-sky-100 dark:ring-sky-900"
        >
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">{t("plan:bookings.outOfDate")}</p>
          {canOptimize ? (
            <Button size="sm" disabled={start.isPending} onClick={reoptimize}>
              {t("plan:bookings.reoptimize")}
            </Button>
          ) : null}
        </section>
      ) : null}

      {/* The overlay sits over the map on a wide screen; on a phone, or over the calendar, it covers the
          page above the bottom bar, so a run started from the button below the map is seen. */}
      <div className="relative">
        <div className={cn(view !== "map" && "hidden")}>
          {result.data && !mapReady ? (
            mapPlaceholder
          ) : result.data ? (
            <Suspense fallback={mapPlaceholder}>
              <MapDayFilter days={days} value={shownDay} onChange={setMapDay} />
              <TripMap
                days={shownDay === null ? days : days.filter((d) => d.day === shownDay)}
                refitKey={shownDay}
                colorsOf={colorsOf}
                bookedNights={bookedNights}
                onStop={(s: MapStop) => setStop({ name: s.name, placeId: s.placeId, system: s.system })}
                onLeg={(l) => setBooking(dialogForLeg(legOfDrawn(l)))}
              />
            </Suspense>
          ) : (
            <EmptyState
              icon={Route}
              title={t("plan:view.emptyTitle")}
              text={places?.length ? t("plan:view.emptyWithPlaces") : t("plan:view.emptyNoPlaces")}
            />
          )}
        </div>
        <OptimizationOverlay tripId={tripId} overMap={view === "map"} />
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
              {canAddToPlan ? (
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
                  onClick={() => setDismissed(broken.join("\n"))}
                  className="rounded-full p-1 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-amber-900"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </section>
            ) : null}
            {calendarReady ? (
              <Suspense fallback={calendarPlaceholder}>
                <CalendarView
                  days={days}
                  colorOf={(id) => markerBackground(colorsOf(id))}
                  skippersOf={(id) => byId.get(id)?.skippedBy.map((p) => p.name) ?? []}
                  isSystem={isSystem}
                  busy={edit.isPending}
                  bookings={bookings}
                  // Changing the shared plan needs can_optimize (admins always have it): otherwise read-only.
                  onEdit={canOptimize ? (e) => apply(e) : undefined}
                  onRefused={(message) => toast.error(message)}
                  onSystem={(name) => setStop({ name, placeId: null, system: true })}
                  onSystemVisit={(d, i) => {
                    // A system stop opens its popup (spec 2: airports show their Schedule); an airport's
                    // popup also opens the booking of its flight.
                    const flight = flightLegAt(d, i) ?? undefined;
                    setStop({ name: d.visits[i]!.name, placeId: null, system: true, flight });
                  }}
                  onNight={openNight}
                  onMeal={
                    canOptimize
                      ? (d, kind) => RestaurantDialog.whenLoaded(() => setMeal({ day: d.day, meal: kind }))
                      : undefined
                  }
                  onAddBetween={canAddToPlan ? (day, index) => setAdding({ at: { day, index } }) : undefined}
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
            ) : (
              calendarPlaceholder
            )}
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

      <FloatingActions
        tripId={tripId}
        trip={trip}
        canOptimize={canOptimize}
        hideOptimize={view === "calendar"}
      />

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
          {/* Who goes: on a planned visit of a trip place (not a start, hotel or airport). */}
          {stop.placeId &&
          byId.get(stop.placeId) &&
          days.some((d) => d.visits.some((v) => v.placeId === stop.placeId)) ? (
            <WhoGoes tripId={tripId} place={byId.get(stop.placeId)!} />
          ) : null}
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
          {stop.at && days[stop.at.day - 1]?.visits[stop.at.index]?.placeId === stop.placeId ? (
            // The leg that arrives here: its distance, rides and bookings (the map's line does the same).
            <Button
              variant="secondary"
              onClick={() => {
                const leg = dayLegs(days[stop.at!.day - 1]!)[stop.at!.index];
                if (leg) setBooking(dialogForLeg(leg));
                setStop(null);
              }}
            >
              <Route className="size-4" aria-hidden />
              {t("plan:stop.gettingHere")}
            </Button>
          ) : null}
          {stop.flight ? (
            <Button
              variant="secondary"
              onClick={() => {
                setBooking({ kind: "flight", leg: stop.flight! });
                setStop(null);
              }}
            >
              <Plane className="size-4" aria-hidden />
              {t("plan:stop.flightBooking")}
            </Button>
          ) : null}
        </StopDialog>
      ) : null}
      {adding && result.data ? (
        <AddPlaceDialog
          days={days}
          unscheduled={unscheduled}
          placeOf={(id) => byId.get(id)}
          search={searchNear}
          at={adding.at}
          busy={edit.isPending || setWish.isPending || updatePlace.isPending || addNew.isPending}
          onClose={() => setAdding(null)}
          onAdd={addPlace}
        />
      ) : null}
      <BookingDialogHost
        tripId={tripId}
        memberCount={memberCount}
        open={booking}
        onClose={() => setBooking(null)}
      />
      {meal && days[meal.day - 1] ? (
        <Suspense fallback={null}>
          <RestaurantDialog
            tripId={tripId}
            day={days[meal.day - 1]!}
            meal={meal.meal}
            onClose={() => setMeal(null)}
          />
        </Suspense>
      ) : null}
      {panel ? (
        <Suspense fallback={null}>
          <BookingsPanel
            tripId={tripId}
            days={days}
            trip={trip ?? null}
            onClose={() => setPanel(false)}
            onOpenBooking={setBooking}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
