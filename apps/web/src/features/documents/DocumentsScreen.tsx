import type { Booking, TripDocument } from "@tabi/contracts";
import { FileText, Lock } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useMe } from "../auth/session";
import { useBookings } from "../bookings/api";
import { PendingScreen } from "../offline/PendingScreen";
import { useTrip } from "../trips/api";
import { useCurrentTripId } from "../trips/currentTrip";
import { NoTripSelected } from "../trips/NoTripSelected";
import { AttachButton } from "./AttachButton";
import { useDocuments } from "./api";
import { DocumentList } from "./DocumentList";

/** /my-trip/documents: the current trip's files, shared and the caller's private ones (issue 30). */
export default function DocumentsScreen() {
  const [tripId] = useCurrentTripId();
  const me = useMe().data;
  if (!tripId || !me) return <NoTripSelected />;
  return <TripDocuments tripId={tripId} meId={me.id} />;
}

/** What a booking is called on a document's row: the hotel, the flight, or its route. */
const bookingLabel = (b: Booking) => b.hotelName || b.flightNumber || b.route || undefined;

function TripDocuments({ tripId, meId }: { tripId: string; meId: string }) {
  const { t } = useTranslation(["documents"]);
  // The trip's details in the cache let the tab join the trip's channel (live changes).
  const trip = useTrip(tripId);
  const list = useDocuments(tripId);
  const bookings = useBookings(tripId).data;
  const [privately, setPrivately] = useState(false);
  const toggleId = useId();

  if (list.isPending || trip.isPending) return <PendingScreen reads={[list, trip]} />;
  if (list.isError || trip.isError)
    return (
      <EmptyState icon={FileText} title={t("documents:loadFailed")}>
        <Button variant="secondary" onClick={() => void Promise.all([list.refetch(), trip.refetch()])}>
          {t("documents:retry")}
        </Button>
      </EmptyState>
    );

  const documents = list.data;
  const onTrip = documents.filter((d) => !d.bookingId);
  const onBookings = documents.filter((d) => d.bookingId);
  const bookingName = (id: string) => {
    const b = bookings?.find((x) => x.id === id);
    return b ? bookingLabel(b) : undefined;
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header className="space-y-3 rounded-3xl bg-white/90 p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
        <div className="min-w-0">
          <h2 className="truncate text-xl font-bold tracking-tight" data-user-content>
            {trip.data?.trip.name}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("documents:intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <AttachButton tripId={tripId} shared={!privately} />
          <label htmlFor={toggleId} className="inline-flex cursor-pointer items-center gap-2 text-sm">
            <input
              id={toggleId}
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={privately}
              onChange={(e) => setPrivately(e.target.checked)}
              aria-describedby={`${toggleId}-hint`}
            />
            <Lock className="size-4 text-slate-500" aria-hidden />
            {t("documents:privateToggle")}
          </label>
        </div>
        <p id={`${toggleId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {t("documents:privateHint")}
        </p>
      </header>

      {documents.length === 0 ? (
        <EmptyState icon={FileText} title={t("documents:emptyTitle")} text={t("documents:emptyText")} />
      ) : (
        <>
          <Section title={t("documents:sections.trip")} documents={onTrip}>
            <DocumentList tripId={tripId} documents={onTrip} meId={meId} />
          </Section>
          <Section title={t("documents:sections.bookings")} documents={onBookings}>
            <DocumentList tripId={tripId} documents={onBookings} meId={meId} bookingName={bookingName} />
          </Section>
        </>
      )}
    </div>
  );
}

function Section({
  title,
  documents,
  children,
}: {
  title: string;
  documents: TripDocument[];
  children: React.ReactNode;
}) {
  const { t } = useTranslation(["documents"]);
  if (documents.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="flex items-baseline gap-2 text-sm font-semibold">
        {title}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {t("documents:count", { count: documents.length })}
        </span>
      </h3>
      {children}
    </section>
  );
}
