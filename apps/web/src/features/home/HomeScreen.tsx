import { PLAN_LIMITS, PREMIUM_PLAN, PRODUCT_NAME } from "@tabi/contracts";
import { useQuery } from "@tanstack/react-query";
import { Crown, Luggage, MapPin, Route, Sparkles } from "lucide-react";
import { api } from "../../lib/api";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useMe } from "../auth/session";
import { useDialogs } from "../info/dialogs";

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
  const tripCount = stats.data?.tripsPlanned ?? 0;
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
        <EmptyState icon={Luggage} title="No trips yet" text="Trips you create or join will appear here." />
      </section>
    </div>
  );
}
