import { PLAN_LIMITS, PREMIUM_PLAN, PRODUCT_NAME, TRIP_MESSAGES } from "@tabi/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Crown, Luggage, MapPin, Plus, Route, Sparkles, UserPlus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useDialogs } from "../info/dialogs";
import { tripDetailQuery, useAllTrips, useTrips } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { TripCard } from "../trips/TripCard";
import { useTripDialogs } from "../trips/TripDialogsProvider";
import { useGuidanceFlag } from "./guidance";

interface Stats {
  placesAdded: number;
  routesOptimized: number;
  tripsPlanned: number;
}

export function HomeScreen() {
  const me = useMe().data;
  const { open } = useDialogs();
  const stats = useQuery({ queryKey: ["me", "stats"], queryFn: () => api<Stats>("/api/me/stats") });
  const tiles = [
    { label: "Places Added", value: stats.data?.placesAdded, Icon: MapPin },
    { label: "Routes Optimized", value: stats.data?.routesOptimized, Icon: Route },
    { label: "Trips Planned", value: stats.data?.tripsPlanned, Icon: Luggage },
  ];
  const trips = useTrips();
  const openTrip = useTripDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [currentId, setCurrentId] = useCurrentTripId();
  const [opening, setOpening] = useState<string | null>(null);
  const usage = trips.data?.usage;
  // The list holds the newest 20 (spec 1); "Show all" fetches the rest for Premium users with more.
  const [showAll, setShowAll] = useState(false);
  const allTrips = useAllTrips(showAll);
  const shownTrips = (showAll && allTrips.data?.trips) || trips.data?.trips || [];
  const tripCount = usage?.trips ?? 0;
  const blocked = usage?.tripLimit != null && usage.trips >= usage.tripLimit;
  const [guided, dismissGuidance] = useGuidanceFlag(me ? `createTripGuidance_${me.id}` : null);
  const pulse = !guided && trips.isSuccess && tripCount === 0;

  function create() {
    dismissGuidance();
    if (blocked) {
      toast.error(TRIP_MESSAGES.tripLimitCreate);
      open("premium", "trips");
    } else openTrip({ kind: "create" });
  }

  async function openCard(id: string) {
    setOpening(id);
    try {
      await queryClient.fetchQuery(tripDetailQuery(id));
      setCurrentId(id);
      navigate("/my-trip");
    } catch {
      toast.error(TRIP_MESSAGES.loadFailed);
    } finally {
      setOpening(null);
    }
  }
  return (
    <div className="space-y-6">
      <section>
        <h2 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          Welcome to {PRODUCT_NAME}
          {me?.isPremium ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
              <Crown className="size-3.5" aria-hidden /> Premium
            </span>
          ) : null}
        </h2>
        <p className="text-slate-500 dark:text-slate-400">Plan your perfect journey</p>
      </section>

      <section aria-label="Your stats" className="grid grid-cols-3 gap-3">
        {tiles.map(({ label, value, Icon }) => (
          <div
            key={label}
            className="rounded-2xl bg-white/90 p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800 sm:p-4"
          >
            <Icon className="size-5 text-brand-600" aria-hidden />
            <p className="mt-2 text-2xl font-bold tabular-nums" aria-live="polite">
              {value ?? (
                <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
              )}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
          </div>
        ))}
      </section>

      <section className="grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={() => openTrip({ kind: "join", blocked })}>
          {blocked ? (
            <Crown className="size-4 text-amber-500" aria-label="Premium" />
          ) : (
            <UserPlus className="size-4" aria-hidden />
          )}
          Join Trip
        </Button>
        <Button size="lg" className={pulse ? "animate-guidance" : undefined} onClick={create}>
          {blocked ? (
            <Crown className="size-4 text-amber-300" aria-label="Premium" />
          ) : (
            <Plus className="size-4" aria-hidden />
          )}
          Create Trip
        </Button>
      </section>

      {me && !me.isPremium ? (
        <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 p-5 text-white shadow-lg">
          <Sparkles className="absolute -top-2 -right-2 size-24 opacity-20" aria-hidden />
          <h3 className="text-lg font-bold">Unlock Premium Power!</h3>
          <p className="text-sm opacity-90">Unlimited trips, members, and places</p>
          <div className="mt-3 flex items-center justify-between gap-3">
            <span className="text-2xl font-bold">
              {PREMIUM_PLAN.displayPrice}/{PREMIUM_PLAN.displayInterval}
            </span>
            <Button
              variant="secondary"
              className="font-bold !text-orange-700 dark:!bg-white"
              onClick={() => open("premium")}
            >
              UPGRADE NOW!
            </Button>
          </div>
        </section>
      ) : null}

      <section className="space-y-3">
        <div className="flex items-center gap-2">
          <h3 className="text-lg font-semibold">Your Trips</h3>
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {me?.isPremium ? `${tripCount} trips` : `${tripCount}/${PLAN_LIMITS.free.trips} trips`}
          </span>
        </div>
        {trips.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-7" label="Loading trips" />
          </div>
        ) : trips.isError ? (
          <EmptyState icon={Luggage} title="Could not load your trips" text={TRIP_MESSAGES.loadFailed}>
            <Button variant="secondary" onClick={() => trips.refetch()}>
              Try Again
            </Button>
          </EmptyState>
        ) : trips.data.trips.length === 0 ? (
          <EmptyState
            icon={Luggage}
            title="No trips yet"
            text="Create a trip, or join one with a code from a friend."
          >
            <Button className={pulse ? "animate-guidance" : undefined} onClick={create}>
              Create Your First Trip
            </Button>
          </EmptyState>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {shownTrips.map((t) => (
              <TripCard key={t.id} trip={t} current={t.id === currentId} onOpen={() => openCard(t.id)} />
            ))}
            {!showAll && tripCount > trips.data.trips.length ? (
              <Button variant="secondary" className="md:col-span-2" onClick={() => setShowAll(true)}>
                Show all
              </Button>
            ) : null}
          </div>
        )}
      </section>
      {opening ? (
        <div
          role="status"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/70 backdrop-blur-sm dark:bg-slate-950/70"
        >
          <Spinner className="size-8" />
          <p className="font-medium">Loading</p>
        </div>
      ) : null}
    </div>
  );
}
