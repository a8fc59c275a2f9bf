import { MESSAGES, PLACE_MESSAGES, type Place, type PlaceStatus, starsToWish } from "@tabi/contracts";
import { LayoutGrid, List, MapPin, Plus, Sparkles, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useGuidanceFlag } from "../home/guidance";
import { useActiveResult } from "../itinerary/api";
import { OptimizeFab } from "../itinerary/OptimizeFab";
import { planInfoByPlace } from "../itinerary/planInfo";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { deadlineText } from "../trips/format";
import { useDeletePlace, usePlaces, useRemoveWish, useSetWish } from "./api";
import { EditPlaceDialog } from "./EditPlaceDialog";
import { type PlaceActions, PlaceCard } from "./PlaceCard";
import { PlaceRow } from "./PlaceRow";
import { sortPlaces } from "./status";

type Tab = "trip" | "mine";
type Filter = "all" | PlaceStatus;
const FILTERS: Filter[] = ["all", "scheduled", "unscheduled", "pending"];
const FILTER_LABEL: Record<Filter, string> = {
  all: "All",
  scheduled: "Scheduled",
  unscheduled: "Unscheduled",
  pending: "Pending",
};

export default function PlacesScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  const trip = useTrip(tripId);
  const list = usePlaces(tripId);
  // Why a place was left out, or a note on its visit: from the plan the trip screen has already read.
  const activePlan = useActiveResult(tripId).data;
  const planInfo = useMemo(() => planInfoByPlace(activePlan), [activePlan]);
  const [tab, setTab] = useState<Tab>("trip");
  const [filter, setFilter] = useState<Filter>("all");
  const [view, setView] = useState<"grid" | "list">("grid");
  const [editing, setEditing] = useState<Place | null>(null);
  const [deleting, setDeleting] = useState<Place | null>(null);
  const del = useDeletePlace(tripId ?? "");
  const want = useSetWish(tripId ?? "");
  const unwant = useRemoveWish(tripId ?? "");
  const [guided, dismissGuidance] = useGuidanceFlag(
    me && tripId ? `firstTimeGuidance_${me.id}_${tripId}` : null,
  );

  if (!tripId)
    return (
      <EmptyState icon={MapPin} title={MESSAGES.noTripTitle} text={PLACE_MESSAGES.noTripText}>
        <Link
          to="/"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          Back to Home
        </Link>
      </EmptyState>
    );
  if (trip.isPending || list.isPending) return <FullPageSpinner />;
  if (trip.isError || list.isError)
    return (
      <EmptyState icon={MapPin} title={MESSAGES.genericErrorTitle} text="Failed to fetch places">
        <Button variant="secondary" onClick={() => list.refetch()}>
          Try Again
        </Button>
      </EmptyState>
    );

  const t = trip.data.trip;
  const deadlineExpired = t.addPlaceDeadline ? Date.parse(t.addPlaceDeadline) < Date.now() : false;
  const canAdd = t.my.canAddPlacesNow;
  const mine = list.data.places.filter((p) => p.myWish !== null);
  const shown = sortPlaces(
    (tab === "trip" ? list.data.places : mine).filter((p) => filter === "all" || p.status === filter),
  );
  const showGuidance = tab === "mine" && mine.length === 0 && !guided;

  const actions: PlaceActions = {
    onEdit: setEditing,
    onDelete: setDeleting,
    onWant: async (p) => {
      try {
        await want.mutateAsync({ id: p.id, wishLevel: starsToWish(3) });
        toast.success(`${p.name} is on your list too`);
      } catch (err) {
        toast.error((err as Error).message);
      }
    },
    onUnwant: async (p) => {
      try {
        await unwant.mutateAsync(p.id);
      } catch (err) {
        toast.error((err as Error).message);
      }
    },
  };

  return (
    <div className="space-y-4">
      {t.addPlaceDeadline ? (
        <p
          role="status"
          className={cn(
            "rounded-xl px-3 py-2 text-sm font-medium",
            deadlineExpired
              ? "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300"
              : "bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-200",
          )}
        >
          {deadlineExpired ? "Add place deadline expired: " : "Add place deadline: "}
          {deadlineText(t.addPlaceDeadline)}
        </p>
      ) : null}

      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold tracking-tight">{t.name}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {tab === "trip" ? "All team places" : "My places"} ·{" "}
            {tab === "trip" ? list.data.places.length : mine.length}
            {list.data.usage.limit !== null
              ? ` · ${list.data.usage.mine}/${list.data.usage.limit} of yours`
              : ""}
          </p>
        </div>
        <div className="flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800" role="group" aria-label="View">
          {(["grid", "list"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              aria-label={v === "grid" ? "Grid view" : "List view"}
              onClick={() => setView(v)}
              className={cn(
                "rounded-lg p-1.5",
                view === v ? "bg-white shadow-sm dark:bg-slate-700" : "text-slate-500",
              )}
            >
              {v === "grid" ? <LayoutGrid className="size-4" /> : <List className="size-4" />}
            </button>
          ))}
        </div>
      </header>

      <SegmentedTabs
        label="Whose places"
        value={tab}
        onChange={setTab}
        options={[
          { value: "trip", label: "Trip Places" },
          { value: "mine", label: "My Places" },
        ]}
      />

      <div className="flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={cn(
              "shrink-0 rounded-full px-3 py-1 text-sm ring-1",
              filter === f
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-slate-700 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700",
            )}
          >
            {FILTER_LABEL[f]}
          </button>
        ))}
      </div>

      {showGuidance ? (
        <div
          role="note"
          className="flex items-start gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-brand-100"
        >
          <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="flex-1">
            Add the places you wish to visit: give each a priority and how long you want to stay. Everyone's
            wishes are balanced fairly in the plan.
          </p>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={dismissGuidance}
            className="rounded-full p-1 hover:bg-brand-100 dark:hover:bg-brand-900"
          >
            <X className="size-4" />
          </button>
        </div>
      ) : null}

      {shown.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title={tab === "trip" && filter === "all" ? "No trip places found" : "No places found"}
          text={
            tab === "trip" && filter === "all"
              ? "No places have been added to this trip yet"
              : filter !== "all"
                ? "No places have this status. Try another filter."
                : "Places you add or want appear here."
          }
        >
          {canAdd && filter === "all" ? (
            <Link
              to="/add-place"
              onClick={dismissGuidance}
              className={cn(
                "rounded-xl bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800",
                !guided && mine.length === 0 && "animate-guidance",
              )}
            >
              Add Your First Place
            </Link>
          ) : null}
        </EmptyState>
      ) : view === "grid" ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((p) => (
            <PlaceCard key={p.id} place={p} tab={tab} actions={actions} plan={planInfo.get(p.id)} />
          ))}
        </div>
      ) : (
        <ul className="space-y-2">
          {shown.map((p) => (
            <PlaceRow key={p.id} place={p} tab={tab} actions={actions} plan={planInfo.get(p.id)} />
          ))}
        </ul>
      )}

      <p className="pt-2 text-center text-xs text-slate-500 dark:text-slate-400">
        Only the member who added a place, or a trip admin, can change or delete it. Everyone sets their own
        wish.
      </p>

      {canAdd ? (
        <Link
          to="/add-place"
          onClick={dismissGuidance}
          className={cn(
            "fixed right-4 bottom-20 z-30 inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-3 font-medium text-white shadow-lg hover:bg-brand-800",
            !guided && mine.length === 0 && "animate-guidance",
          )}
        >
          <Plus className="size-5" aria-hidden /> Add Places
        </Link>
      ) : null}

      <OptimizeFab tripId={tripId} canOptimize={t.my.canOptimize} />

      {editing ? <EditPlaceDialog place={editing} tripId={tripId} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Are you sure you want to delete "${deleting?.name ?? ""}"?`}
        text={
          deleting && deleting.wishes.length > 1 && !t.my.role.includes("admin")
            ? "Others want it too: it stays on their lists."
            : undefined
        }
        confirmLabel="Delete"
        busy={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            setDeleting(null);
            toast.success("Place deleted");
          } catch {
            toast.error(PLACE_MESSAGES.deleteFailed);
          }
        }}
      />
    </div>
  );
}
