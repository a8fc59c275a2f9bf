import { useQuery } from "@tanstack/react-query";
import { Compass, Settings, Wallet } from "lucide-react";
import { Suspense, useDeferredValue, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { paths } from "../../app/paths";
import { afterFirstScreen, useAfterShown } from "../../lib/afterPaint";
import { ApiError } from "../../lib/api";
import { preloadable } from "../../lib/preloadable";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { FullPageSpinner } from "../../ui/Spinner";
import { useActiveResult } from "../itinerary/api";
import { ScoreBadge } from "../itinerary/ScorePopup";
import { PendingScreen } from "../offline/PendingScreen";
import { tripDetailQuery } from "./api";
import { useCurrentTripId } from "./currentTrip";
import { DeadlineBanner } from "./DeadlineBadge";
import { dateRange } from "./format";
import { InviteCard } from "./InviteCard";
import { MembersPopup } from "./MembersPopup";
import { NoTripSelected } from "./NoTripSelected";
import { useTripDialogs } from "./TripDialogsProvider";
import { TripTools } from "./TripTools";
import { useTripFull } from "./tripFull";

// The map, calendar and bookings are their own chunk: the first screen (usually home) does not wait
// for them. A signed-in user's screens are a click from a trip, so the chunk is fetched once that
// screen is done (app/layout/Shell.tsx); the sign-in page never fetches it.
const ItineraryView = preloadable(() => import("../itinerary/ItineraryView").then((m) => m.ItineraryView));
let prefetched = false;
export function prefetchItinerary(): void {
  if (prefetched) return;
  prefetched = true;
  afterFirstScreen(() => void ItineraryView.preload());
}

/** /my-trip and /trip/{id}: the header of the current trip; the map and calendar fill the body later. */
export function TripDetailScreen() {
  const { t } = useTranslation();
  const { tripId: routeId } = useParams();
  const [currentId, setCurrentId] = useCurrentTripId();
  const tripId = routeId ?? currentId;
  // One read fills every cache of the screen; the per-part queries start once it has answered. Not
  // after it failed: the details' own read asks /full again, which put the trip's read back to
  // pending, which turned the details off and on again: a removed member's phone asked 40 times a
  // second (the failure itself is shown below, and a 404 forgets the trip: goneTrip.ts).
  const full = useTripFull(tripId);
  const detail = useQuery({ ...tripDetailQuery(tripId ?? ""), enabled: Boolean(tripId) && full.isSuccess });
  const open = useTripDialogs();
  const result = useActiveResult(detail.data ? tripId : null);

  // /trip/{id} makes that trip the current one once we know the caller belongs to it.
  useEffect(() => {
    if (routeId && detail.data && routeId !== currentId) setCurrentId(routeId);
  }, [routeId, detail.data, currentId, setCurrentId]);

  // The trip's data arrives through its queries' stores, whose updates React renders in one blocking
  // task: with the whole screen and plan under it, seconds on a slow phone (issue 28). The screen is
  // mounted in a deferred render instead, which React splits and interrupts for input.
  const loaded = useDeferredValue(!full.isPending && !detail.isPending);
  // The trip's name, dates and invitation are painted first; the plan's code (map, calendar) is asked
  // for after that frame: requested and run before it, it held the first content back by a second on
  // a phone (Lighthouse). With the service worker on, the code is on the device after the first visit.
  const painted = useAfterShown("trip-name", loaded && Boolean(detail.data));
  const itineraryReady = ItineraryView.useReady(painted);
  const error = detail.isError ? detail.error : full.isError && !detail.data ? full.error : null;

  if (!tripId) return <NoTripSelected />;
  if (error)
    return error instanceof ApiError && error.status === 404 ? (
      <EmptyState
        icon={Compass}
        title={t("trips:detail.notFoundTitle")}
        text={t("trips:detail.notFoundText")}
      >
        <Link
          to="/"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("trips:detail.goHome")}
        </Link>
      </EmptyState>
    ) : (
      <EmptyState
        icon={Compass}
        title={t("server:messages.genericErrorTitle")}
        text={t("server:trips.loadFailed")}
      >
        <Button variant="secondary" onClick={() => detail.refetch()}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );
  // Offline, a trip never opened here has nothing to show: said so, not a spinner for ever.
  if (full.isPending) return <PendingScreen reads={[full]} />;
  if (!detail.data || !loaded) return <FullPageSpinner />;

  const { trip } = detail.data;
  return (
    <div className="space-y-4">
      <header className="rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            {/* Two lines before the name is cut: on a phone one line left "Kyoto in ..." beside the buttons. */}
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <h2
                elementtiming="trip-name"
                title={trip.name}
                className="line-clamp-2 min-w-0 text-xl font-bold tracking-tight [overflow-wrap:anywhere]"
              >
                {trip.name}
              </h2>
              {result.data ? <ScoreBadge scores={result.data.scores} /> : null}
            </div>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {dateRange(trip.startDate, trip.endDate)}
            </p>
          </div>
          <MembersPopup detail={detail.data} />
          <Link
            to={paths.money}
            onClick={() => setCurrentId(trip.id)}
            aria-label={t("trips:detail.money")}
            title={t("trips:detail.money")}
            className="inline-flex h-8 items-center rounded-xl px-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <Wallet className="size-5" aria-hidden />
          </Link>
          <Button
            variant="ghost"
            size="sm"
            className="!px-2"
            aria-label={t("trips:settings.label")}
            onClick={() =>
              open({
                kind: "settings",
                tripId: trip.id,
                tab: trip.my.role === "admin" ? "details" : "permissions",
              })
            }
          >
            <Settings className="size-5" />
          </Button>
        </div>
        <TripTools tripId={trip.id} />
        <div className="mt-3 empty:hidden">
          <DeadlineBanner deadline={trip.addPlaceDeadline} timeZone={trip.timezone} />
        </div>
      </header>
      {trip.my.canInviteMembers ? <InviteCard tripId={trip.id} /> : null}
      {/* Admins may always optimise and edit the plan, whatever their own flag says (server rule). */}
      <Suspense fallback={<FullPageSpinner />}>
        {painted && itineraryReady ? (
          <ItineraryView tripId={trip.id} canOptimize={trip.my.canOptimize || trip.my.role === "admin"} />
        ) : (
          <FullPageSpinner />
        )}
      </Suspense>
    </div>
  );
}
