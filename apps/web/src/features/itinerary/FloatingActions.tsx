import type { Trip } from "@tabi/contracts";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useMe } from "../auth/session";
import { useGuidanceFlag } from "../home/guidance";
import { usePlaces } from "../places/api";
import { useCanAddPlacesNow } from "../trips/useDeadline";
import { OptimizeFab } from "./OptimizeFab";

/**
 * The floating buttons of /my-trip and /my-trip/my-places (spec 1 'Layout shell'): Optimize (hidden
 * while the calendar is shown, and for members who may not optimise) above 'Add Places' (shown only
 * while the member may add places: it goes at the deadline, on screen, without a reload). They stack
 * above the bottom navigation at the right; a spacer as tall as the stack ends the page, so its last
 * lines can be scrolled out from under them.
 */
export function FloatingActions({
  tripId,
  trip,
  canOptimize,
  hideOptimize = false,
}: {
  tripId: string;
  /** The trip as last read (its deadline and the caller's standing); absent while loading. */
  trip: Pick<Trip, "addPlaceDeadline" | "my"> | null | undefined;
  canOptimize: boolean;
  hideOptimize?: boolean;
}) {
  const { t } = useTranslation();
  const me = useMe().data;
  const canAdd = useCanAddPlacesNow(trip);
  const places = usePlaces(tripId).data?.places;
  // The same first-time guidance as the places list: the button pulses until the member has a place.
  const [guided, dismissGuidance] = useGuidanceFlag(me ? `firstTimeGuidance_${me.id}_${tripId}` : null);
  const hasOwn = Boolean(places?.some((p) => p.myWish !== null));
  const optimize = canOptimize && !hideOptimize;
  const count = Number(optimize) + Number(canAdd);
  if (!count) return null;
  return (
    <>
      <div aria-hidden data-fab-spacer className={count === 2 ? "h-28" : "h-14"} />
      <div className="pointer-events-none fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 flex max-w-[calc(100vw-2rem)] flex-col items-end gap-3 sm:right-6">
        {optimize ? <OptimizeFab tripId={tripId} className="pointer-events-auto" /> : null}
        {canAdd ? (
          <Link
            to="/add-place"
            onClick={dismissGuidance}
            data-fab="add-places"
            className={cn(
              "pointer-events-auto inline-flex max-w-full items-center gap-2 rounded-full bg-brand-700 px-5 py-3 font-medium text-white shadow-lg ring-1 ring-black/5 hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-offset-2 dark:ring-white/10 dark:focus-visible:ring-offset-slate-950",
              !guided && places !== undefined && !hasOwn && "animate-guidance",
            )}
          >
            <Plus className="size-5 shrink-0" aria-hidden />
            <span className="truncate">{t("places:list.addPlaces")}</span>
          </Link>
        ) : null}
      </div>
    </>
  );
}
