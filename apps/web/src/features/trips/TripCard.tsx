import { TRIP_MESSAGES, type Trip } from "@tabi/contracts";
import { CalendarDays, MapPin, Pencil, Settings, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useDeleteTrip } from "./api";
import { DeadlineLine } from "./DeadlineBadge";
import { dateRange, relativeAge, shortPlace } from "./format";
import { useTripDialogs } from "./TripDialogsProvider";

export function TripCard({ trip, current, onOpen }: { trip: Trip; current: boolean; onOpen(): void }) {
  const open = useTripDialogs();
  const del = useDeleteTrip();
  const [confirming, setConfirming] = useState(false);
  const to =
    trip.destination === "same as departure location"
      ? "Round trip"
      : trip.destination
        ? shortPlace(trip.destination)
        : "—";
  return (
    <article
      className={`group relative rounded-3xl bg-white/90 p-4 shadow-sm ring-1 transition hover:shadow-md dark:bg-slate-900/80 ${current ? "ring-2 ring-brand-500" : "ring-slate-200 dark:ring-slate-800"}`}
    >
      <button
        type="button"
        onClick={onOpen}
        className="block w-full text-left focus-visible:outline-none"
        aria-label={`Open ${trip.name}`}
      >
        <div className="flex items-start justify-between gap-2 pr-24">
          <h4 className="text-base font-semibold leading-snug">{trip.name}</h4>
        </div>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
          {trip.description || `Trip starting from ${shortPlace(trip.departureLocation)}`}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs text-slate-600 dark:text-slate-300">
          <div className="flex min-w-0 items-center gap-1.5">
            <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />
            <dt className="sr-only">From</dt>
            <dd className="truncate">From {shortPlace(trip.departureLocation)}</dd>
          </div>
          {to ? (
            <div className="flex min-w-0 items-center gap-1.5">
              <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />
              <dt className="sr-only">To</dt>
              <dd className="truncate">To {to}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-1.5">
            <CalendarDays className="size-3.5 text-slate-400" aria-hidden />
            <dt className="sr-only">Dates</dt>
            <dd>{dateRange(trip.startDate, trip.endDate)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Users className="size-3.5 text-slate-400" aria-hidden />
            <dt className="sr-only">Members</dt>
            <dd>
              {trip.memberCount} {trip.memberCount === 1 ? "member" : "members"}
            </dd>
          </div>
        </dl>
        <div className="mt-3 space-y-1">
          <DeadlineLine deadline={trip.addPlaceDeadline} />
          <p className="text-xs text-slate-400">Created {relativeAge(trip.createdAt).toLowerCase()}</p>
        </div>
      </button>
      <div className="absolute top-3 right-3 flex gap-0.5">
        {trip.my.role === "admin" ? (
          <>
            <Button
              size="sm"
              variant="ghost"
              className="!px-2"
              aria-label={`Edit ${trip.name}`}
              onClick={() => open({ kind: "edit", trip })}
            >
              <Pencil className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="!px-2"
              aria-label={`Settings of ${trip.name}`}
              onClick={() => open({ kind: "settings", tripId: trip.id, tab: "details" })}
            >
              <Settings className="size-4" />
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            className="!px-2"
            aria-label={`Settings of ${trip.name}`}
            onClick={() => open({ kind: "settings", tripId: trip.id, tab: "permissions" })}
          >
            <Settings className="size-4" />
          </Button>
        )}
        {trip.my.isOwner ? (
          <Button
            size="sm"
            variant="ghost"
            className="!px-2 text-red-600"
            aria-label={`Delete ${trip.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={TRIP_MESSAGES.deleteConfirm}
        text={`“${trip.name}” and everything in it will be deleted for every member.`}
        confirmLabel="Delete Trip"
        busy={del.isPending}
        onConfirm={async () => {
          try {
            await del.mutateAsync(trip.id);
            setConfirming(false);
            toast.success("Trip deleted");
          } catch {
            toast.error(TRIP_MESSAGES.deleteFailed);
          }
        }}
      />
    </article>
  );
}
