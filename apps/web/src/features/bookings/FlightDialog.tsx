import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { WithNamespaces } from "../../i18n/WithNamespaces";
import { Dialog } from "../../ui/Dialog";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { Spinner } from "../../ui/Spinner";
import { useBookings } from "./api";
import {
  flightDefaults,
  flightErrors,
  flightInput,
  flightsOfLeg,
  flightValuesOf,
  legRoute,
} from "./bookingForm";
import { FlightForm } from "./FlightForm";
import { FlightSearchPanel } from "./FlightSearchPanel";
import { LoadFailed } from "./FormParts";
import { SavedBookingList } from "./SavedBookingList";
import type { BookingDialogProps, BookingLeg } from "./types";
import { type BookingTab, useBookingEditor } from "./useBookingEditor";

/**
 * The flight booking dialog of a leg (spec 2 s.2, s.4): 'Search Flights', 'Add Booking' / 'Edit
 * Booking', 'Saved (n)'. Brings its own catalogue, so the screen mounting it need not know it.
 */
export function FlightDialog(props: BookingDialogProps & { leg: BookingLeg | null }) {
  const { t, ready } = useTranslation(["bookings"]);
  const { leg } = props;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={ready ? t("bookings:flight.title") : <Spinner />}
      description={ready && leg ? `${legRoute(leg)} · ${formatDate(leg.date)}` : undefined}
    >
      <WithNamespaces ns={["bookings"]}>
        <FlightDialogBody {...props} />
      </WithNamespaces>
    </Dialog>
  );
}

function FlightDialogBody({
  tripId,
  leg,
  memberCount,
  booking,
}: BookingDialogProps & { leg: BookingLeg | null }) {
  const { t } = useTranslation(["bookings"]);
  const bookings = useBookings(tripId);
  const saved = leg
    ? flightsOfLeg(bookings.data ?? [], leg)
    : (bookings.data ?? []).filter((b) => b.bookingType === "flight");
  const editor = useBookingEditor({
    tripId,
    defaults: () => flightDefaults(leg, memberCount),
    valuesOf: flightValuesOf,
    toInput: (v) => flightInput(v, leg),
    validate: flightErrors,
    initial: booking,
  });
  const tabs: { value: BookingTab; label: string }[] = [
    { value: "search", label: t("bookings:tab.searchFlights") },
    { value: "form", label: t(editor.editing ? "bookings:tab.edit" : "bookings:tab.add") },
    { value: "saved", label: t("bookings:tab.saved", { count: saved.length }) },
  ];

  return (
    <div className="space-y-4">
      <SegmentedTabs
        label={t("bookings:flight.title")}
        value={editor.tab}
        options={tabs}
        onChange={editor.setTab}
      />
      {editor.tab === "search" ? (
        <FlightSearchPanel
          tripId={tripId}
          leg={leg}
          memberCount={memberCount}
          onAdd={(choice) => {
            if (!editor.editing) editor.change(choice);
            editor.setTab("form");
          }}
        />
      ) : editor.tab === "form" ? (
        <FlightForm
          leg={leg ? { route: legRoute(leg), date: leg.date } : null}
          values={editor.values}
          errors={editor.errors}
          say={editor.say}
          change={editor.change}
          saving={editor.saving}
          editing={Boolean(editor.editing)}
          onSubmit={() => void editor.submit()}
          onCancel={editor.cancel}
        />
      ) : bookings.isPending ? (
        <Spinner />
      ) : bookings.isError ? (
        <LoadFailed onRetry={() => void bookings.refetch()} />
      ) : (
        <SavedBookingList
          bookings={saved}
          empty={t("bookings:message.noFlights")}
          onEdit={editor.startEdit}
          onDelete={(b) => void editor.remove(b)}
          busyId={editor.deletingId}
        />
      )}
    </div>
  );
}
