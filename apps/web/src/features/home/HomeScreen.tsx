import { PLAN_LIMITS, PREMIUM_PLAN, PRODUCT_NAME } from "@tabi/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Crown, Luggage, MapPin, Plus, Route, Sparkles, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { formatCurrency } from "../../i18n/format";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { dropRedirectedAuthError, redirectedAuthError } from "../auth/authErrors";
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
  const { t } = useTranslation();
  const me = useMe().data;
  const { open } = useDialogs();
  const stats = useQuery({ queryKey: ["me", "stats"], queryFn: () => api<Stats>("/api/me/stats") });
  const tiles = [
    { id: "places", label: t("home:stats.places"), value: stats.data?.placesAdded, Icon: MapPin },
    { id: "routes", label: t("home:stats.routes"), value: stats.data?.routesOptimized, Icon: Route },
    { id: "trips", label: t("home:stats.trips"), value: stats.data?.tripsPlanned, Icon: Luggage },
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
  // A signed-in user back from a failed Google sign-in lands here with ?error= (spec 3 'Auth
  // callback'); the sign-in screen that shows it to others is not theirs, so it is said as a toast.
  useEffect(() => {
    const message = redirectedAuthError(window.location.search);
    if (!message) return;
    toast.error(message, { id: "auth-redirect-error", duration: 10_000 });
    dropRedirectedAuthError();
  }, []);

  function create() {
    dismissGuidance();
    if (blocked) {
      toast.error(t("server:trips.tripLimitCreate"));
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
      toast.error(t("server:trips.loadFailed"));
    } finally {
      setOpening(null);
    }
  }
  return (
    <div className="space-y-6">
      <section>
        <h2 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-2xl font-bold tracking-tight sm:text-3xl">
          {t("home:welcome", { product: PRODUCT_NAME })}
          {me?.isPremium ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold tracking-normal text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
              <Crown className="size-3.5" aria-hidden /> {t("home:premium.badge")}
            </span>
          ) : null}
        </h2>
        <p className="text-slate-500 dark:text-slate-400">{t("home:tagline")}</p>
      </section>

      <section aria-label={t("home:stats.label")} className="grid grid-cols-3 gap-3">
        {tiles.map(({ id, label, value, Icon }) => (
          <div
            key={id}
            className="min-w-0 rounded-2xl bg-white/90 p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800 sm:p-4"
          >
            <Icon className="size-5 text-brand-600" aria-hidden />
            <p className="mt-2 text-2xl font-bold tabular-nums" aria-live="polite">
              {value ?? (
                <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
              )}
            </p>
            <p className="break-words text-xs leading-snug text-slate-500 dark:text-slate-400">{label}</p>
          </div>
        ))}
      </section>

      <section className="grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={() => openTrip({ kind: "join", blocked })}>
          {blocked ? (
            <Crown className="size-4 shrink-0 text-amber-500" aria-label={t("home:premium.badge")} />
          ) : (
            <UserPlus className="size-4 shrink-0" aria-hidden />
          )}
          {t("home:joinTrip")}
        </Button>
        <Button size="lg" className={pulse ? "animate-guidance" : undefined} onClick={create}>
          {blocked ? (
            <Crown className="size-4 shrink-0 text-amber-300" aria-label={t("home:premium.badge")} />
          ) : (
            <Plus className="size-4 shrink-0" aria-hidden />
          )}
          {t("home:createTrip")}
        </Button>
      </section>

      {me && !me.isPremium ? (
        <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 p-5 text-white shadow-lg">
          <Sparkles className="absolute -top-2 -right-2 size-24 opacity-20" aria-hidden />
          <h3 className="relative text-lg font-bold">{t("home:premium.title")}</h3>
          <p className="relative text-sm opacity-90">{t("home:premium.text")}</p>
          <div className="relative mt-3 flex flex-wrap items-center justify-between gap-3">
            <span className="text-2xl font-bold">
              {t("home:premium.price", {
                price: formatCurrency(PREMIUM_PLAN.amount / 100, PREMIUM_PLAN.currency),
              })}
            </span>
            <Button
              variant="secondary"
              className="font-bold !text-orange-700 dark:!bg-white"
              onClick={() => open("premium")}
            >
              {t("home:premium.upgrade")}
            </Button>
          </div>
        </section>
      ) : null}

      <section className="space-y-3">
        <div className="flex items-center gap-2">
          <h3 className="min-w-0 text-lg font-semibold">{t("home:yourTrips")}</h3>
          <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {me?.isPremium
              ? t("home:tripCount", { count: tripCount })
              : t("home:tripUsage", { used: tripCount, limit: PLAN_LIMITS.free.trips })}
          </span>
        </div>
        {trips.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-7" label={t("home:loadingTrips")} />
          </div>
        ) : trips.isError ? (
          <EmptyState icon={Luggage} title={t("home:loadFailed")} text={t("server:trips.loadFailed")}>
            <Button variant="secondary" onClick={() => trips.refetch()}>
              {t("common:action.retry")}
            </Button>
          </EmptyState>
        ) : trips.data.trips.length === 0 ? (
          <EmptyState icon={Luggage} title={t("home:empty.title")} text={t("home:empty.text")}>
            <Button className={pulse ? "animate-guidance" : undefined} onClick={create}>
              {t("home:empty.create")}
            </Button>
          </EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {shownTrips.map((t) => (
              <TripCard key={t.id} trip={t} current={t.id === currentId} onOpen={() => openCard(t.id)} />
            ))}
            {!showAll && tripCount > trips.data.trips.length ? (
              <Button variant="secondary" className="md:col-span-2" onClick={() => setShowAll(true)}>
                {t("home:showAll")}
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
          <p className="font-medium">{t("common:status.loading")}</p>
        </div>
      ) : null}
    </div>
  );
}
