import { SAME_AS_DEPARTURE, type Trip } from "@tabi/contracts";
import { CalendarDays, MapPin, MessageCircle, Pencil, Settings, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { i18n } from "../../i18n";
import { formatNumber } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useUnread } from "../chat/api";
import { useDeleteTrip } from "./api";
import { DeadlineLine } from "./DeadlineBadge";
import { dateRange, relativeAge, shortPlace } from "./format";
import { useTripDialogs } from "./TripDialogsProvider";

export function TripCard({ trip, current, onOpen }: { trip: Trip; current: boolean; onOpen(): void }) {
  const { t } = useTranslation();
  const open = useTripDialogs();
  const del = useDeleteTrip();
  const [confirming, setConfirming] = useState(false);
  const unread = useUnread().data?.trips[trip.id] ?? 0;
  // A round trip says where it ends ("Back to Kyoto Station"), not "To Round trip".
  const toLine =
    trip.destination === SAME_AS_DEPARTURE
      ? t("trips:card.backTo", { place: shortPlace(trip.departureLocation) })
      : trip.destination
        ? t("trips:card.toPlace", { place: shortPlace(trip.destination) })
        : null;
  const item = "flex min-w-0 items-center gap-1.5";
  return (
    <article
      className={`group relative rounded-3xl bg-white/90 p-4 shadow-sm ring-1 transition hover:shadow-md dark:bg-slate-900/80 ${current ? "ring-2 ring-brand-500" : "ring-slate-200 dark:ring-slate-800"}`}
    >
      {/* The card opens with one button, the trip's name, stretched over the whole card; the rest is
          read as text ("From Kyoto", "To Osaka"), each fact once, not hidden inside the button. */}
      <div className="flex items-start justify-between gap-2 pr-24">
        <h4 className="min-w-0 text-base font-semibold leading-snug [overflow-wrap:anywhere]">
          <button
            type="button"
            onClick={onOpen}
            className="text-left after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500"
            aria-label={t("trips:card.open", { name: trip.name })}
          >
            {trip.name}
          </button>
        </h4>
        {unread > 0 ? (
          <span
            className="mt-0.5 inline-flex shrink-0 items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
            title={t("trips:card.unread", { count: unread })}
          >
            <MessageCircle className="size-3.5" aria-hidden />
            <span aria-hidden>{formatNumber(unread)}</span>
            <span className="sr-only">{t("trips:card.unread", { count: unread })}</span>
          </span>
        ) : null}
      </div>
      <p className="mt-0.5 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
        {trip.description || t("trips:card.startingFrom", { place: shortPlace(trip.departureLocation) })}
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs text-slate-600 dark:text-slate-300">
        <li className={item}>
          <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">
            {t("trips:card.fromPlace", { place: shortPlace(trip.departureLocation) })}
          </span>
        </li>
        <li className={item}>
          <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          {toLine ? (
            <span className="truncate">{toLine}</span>
          ) : (
            <>
              <span className="truncate" aria-hidden>
                {t("trips:card.toPlace", { place: "—" })}
              </span>
              <span className="sr-only">{t("trips:card.toNone")}</span>
            </>
          )}
        </li>
        <li className={item}>
          <CalendarDays className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="min-w-0">{dateRange(trip.startDate, trip.endDate)}</span>
        </li>
        <li className={item}>
          <Users className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{t("trips:members.count", { count: trip.memberCount })}</span>
        </li>
      </ul>
      <div className="mt-3 space-y-1">
        <DeadlineLine deadline={trip.addPlaceDeadline} timeZone={trip.timezone} />
        <p className="text-xs text-slate-400">
          {t("trips:card.created", { age: relativeAge(trip.createdAt).toLocaleLowerCase(i18n.language) })}
        </p>
      </div>
      <div className="absolute top-3 right-3 z-10 flex gap-0.5">
        {trip.my.role === "admin" ? (
          <>
            <Button
              size="sm"
              variant="ghost"
              className="!px-2"
              aria-label={t("trips:card.edit", { name: trip.name })}
              onClick={() => open({ kind: "edit", trip })}
            >
              <Pencil className="size-4" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="!px-2"
              aria-label={t("trips:card.settings", { name: trip.name })}
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
            aria-label={t("trips:card.settings", { name: trip.name })}
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
            aria-label={t("trips:card.delete", { name: trip.name })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="size-4" />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("server:trips.deleteConfirm")}
        text={t("trips:card.deleteText", { name: trip.name })}
        confirmLabel={t("trips:card.deleteConfirm")}
        busy={del.isPending}
        onConfirm={async () => {
          try {
            await del.mutateAsync(trip.id);
            setConfirming(false);
            toast.success(t("trips:card.deleted"));
          } catch {
            toast.error(t("server:trips.deleteFailed"));
          }
        }}
      />
    </article>
  );
}
