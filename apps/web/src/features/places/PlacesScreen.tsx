import { deadlineState, type Place, type PlaceStatus, starsToWish } from "@tabi/contracts";
import { LayoutGrid, List, MapPin, Sparkles, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { serverText } from "../../i18n";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { FullPageSpinner } from "../../ui/Spinner";
import { useMe } from "../auth/session";
import { useGuidanceFlag } from "../home/guidance";
import { useActiveResult } from "../itinerary/api";
import { FloatingActions } from "../itinerary/FloatingActions";
import { planInfoByPlace } from "../itinerary/planInfo";
import { tripExportUrl } from "../transfer/api";
import { ExportMapsMenu, ImportPlacesButton } from "../transfer/TransferButtons";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { deadlineText } from "../trips/format";
import { useCanAddPlacesNow } from "../trips/useDeadline";
import { useDeletePlace, usePlaces, useRemoveWish, useSetWish } from "./api";
import { EditPlaceDialog } from "./EditPlaceDialog";
import { type PlaceActions, PlaceCard } from "./PlaceCard";
import { PlaceRow } from "./PlaceRow";
import { STATUS_KEY, sortPlaces } from "./status";

type Tab = "trip" | "mine";
type Filter = "all" | PlaceStatus;
const FILTERS: Filter[] = ["all", "scheduled", "unscheduled", "pending"];
const FILTER_KEY = { all: "places:filter.all", ...STATUS_KEY } as const satisfies Record<Filter, string>;

export default function PlacesScreen() {
  const { t } = useTranslation();
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  const trip = useTrip(tripId);
  const canAdd = useCanAddPlacesNow(trip.data?.trip);
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
      <EmptyState icon={MapPin} title={t("server:messages.noTripTitle")} text={t("server:places.noTripText")}>
        <Link
          to="/"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("places:list.backHome")}
        </Link>
      </EmptyState>
    );
  if (trip.isPending || list.isPending) return <FullPageSpinner />;
  if (trip.isError || list.isError)
    return (
      <EmptyState
        icon={MapPin}
        title={t("server:messages.genericErrorTitle")}
        text={t("places:list.loadFailed")}
      >
        <Button variant="secondary" onClick={() => list.refetch()}>
          {t("common:action.retry")}
        </Button>
      </EmptyState>
    );

  const tr = trip.data.trip;
  const deadlineExpired = deadlineState(tr.addPlaceDeadline) === "expired";
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
        toast.success(t("places:list.wanted", { name: p.name }));
      } catch (err) {
        toast.error(serverText((err as Error).message));
      }
    },
    onUnwant: async (p) => {
      try {
        await unwant.mutateAsync(p.id);
      } catch (err) {
        toast.error(serverText((err as Error).message));
      }
    },
  };

  return (
    <div className="space-y-4">
      {tr.addPlaceDeadline ? (
        <p
          role="status"
          className={cn(
            "rounded-xl px-3 py-2 text-sm font-medium",
            deadlineExpired
              ? "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300"
              : "bg-amber-50 text-amber-800 dark:bg-amber-950/40 dark:text-amber-200",
          )}
        >
          {t(deadlineExpired ? "places:list.deadlineExpired" : "places:list.deadline", {
            deadline: deadlineText(tr.addPlaceDeadline, tr.timezone),
          })}
        </p>
      ) : null}

      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="break-words text-xl font-bold tracking-tight">{tr.name}</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t(tab === "trip" ? "places:list.allTeam" : "places:list.mine")} ·{" "}
            {tab === "trip" ? list.data.places.length : mine.length}
            {list.data.usage.limit !== null
              ? ` · ${t("places:list.usage", { mine: list.data.usage.mine, limit: list.data.usage.limit })}`
              : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canAdd ? <ImportPlacesButton tripId={tripId} /> : null}
          {list.data.places.length ? <ExportMapsMenu urlOf={(f) => tripExportUrl(tripId, f)} /> : null}
          <div
            className="flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
            role="group"
            aria-label={t("places:list.view")}
          >
            {(["grid", "list"] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                aria-label={t(v === "grid" ? "places:list.gridView" : "places:list.listView")}
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
        </div>
      </header>

      <SegmentedTabs
        label={t("places:list.whose")}
        value={tab}
        onChange={setTab}
        options={[
          { value: "trip", label: t("places:list.tabTrip") },
          { value: "mine", label: t("places:list.tabMine") },
        ]}
      />

      <div className="flex gap-2 overflow-x-auto pb-1" role="group" aria-label={t("places:list.filterBy")}>
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
            {t(FILTER_KEY[f])}
          </button>
        ))}
      </div>

      {showGuidance ? (
        <div
          role="note"
          className="flex items-start gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 dark:bg-brand-900/30 dark:text-brand-100"
        >
          <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="flex-1">{t("places:list.guidance")}</p>
          <button
            type="button"
            aria-label={t("places:list.dismiss")}
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
          title={t(
            tab === "trip" && filter === "all" ? "places:list.emptyTripTitle" : "places:list.emptyTitle",
          )}
          text={t(
            tab === "trip" && filter === "all"
              ? "places:list.emptyTripText"
              : filter !== "all"
                ? "places:list.emptyFilterText"
                : "places:list.emptyMineText",
          )}
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
              {t("places:list.addFirst")}
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

      <p className="pt-2 text-center text-xs text-slate-500 dark:text-slate-400">{t("places:list.rules")}</p>

      {/* Admins may always optimise, whatever their own flag says (server rule), as on the trip screen. */}
      <FloatingActions tripId={tripId} trip={tr} canOptimize={tr.my.canOptimize || tr.my.role === "admin"} />

      {editing ? <EditPlaceDialog place={editing} tripId={tripId} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("places:list.deleteTitle", { name: deleting?.name ?? "" })}
        text={
          deleting && deleting.wishes.length > 1 && !tr.my.role.includes("admin")
            ? t("places:list.deleteShared")
            : undefined
        }
        confirmLabel={t("common:action.delete")}
        busy={del.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await del.mutateAsync(deleting.id);
            setDeleting(null);
            toast.success(t("places:list.deleted"));
          } catch {
            toast.error(t("server:places.deleteFailed"));
          }
        }}
      />
    </div>
  );
}
