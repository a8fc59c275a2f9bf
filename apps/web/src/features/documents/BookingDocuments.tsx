import { useTranslation } from "react-i18next";
import { useMe } from "../auth/session";
import { AttachButton } from "./AttachButton";
import { useDocuments } from "./api";
import { DocumentList } from "./DocumentList";

/**
 * A booking's files on its card (a ticket, a confirmation) and "Attach file". Files attached here are
 * shared with the members; one can be made private from its menu. They go with the booking.
 */
export function BookingDocuments({ tripId, bookingId }: { tripId: string; bookingId: string }) {
  // Loads its own catalogue, so any booking dialog can show it.
  const { t, ready } = useTranslation(["documents"]);
  const me = useMe().data;
  const list = useDocuments(tripId);
  if (!ready) return null;
  const mine = (list.data ?? []).filter((d) => d.bookingId === bookingId);
  return (
    <div className="-mt-1 basis-full space-y-1 pl-11" data-testid={`booking-documents-${bookingId}`}>
      {list.isError ? (
        <p className="text-xs text-red-600 dark:text-red-400">{t("documents:loadFailed")}</p>
      ) : mine.length ? (
        <DocumentList tripId={tripId} documents={mine} meId={me?.id} compact />
      ) : null}
      <AttachButton tripId={tripId} bookingId={bookingId} shared variant="ghost" size="sm" />
    </div>
  );
}
