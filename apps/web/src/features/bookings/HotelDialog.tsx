import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { WithNamespaces } from "../../i18n/WithNamespaces";
import { Dialog } from "../../ui/Dialog";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { Spinner } from "../../ui/Spinner";
import { useBookings } from "./api";
import { hotelDefaults, hotelErrors, hotelInput, hotelsOfNight, hotelValuesOf } from "./bookingForm";
import { LoadFailed } from "./FormParts";
import { HotelForm } from "./HotelForm";
import { HotelSearchPanel } from "./HotelSearchPanel";
import { SavedBookingList } from "./SavedBookingList";
import type { BookingDialogProps, BookingNight } from "./types";
import { type BookingTab, useBookingEditor } from "./useBookingEditor";

/**
 * The hotel booking dialog of a night (spec 2 s.2, s.4): 'Search Hotels', 'Add Booking' / 'Edit
 * Booking', 'Saved (n)'. Brings its own catalogue, so the screen mounting it need not know it.
 */
export function HotelDialog(props: BookingDialogProps & { night: BookingNight | null }) {
  const { t, ready } = useTranslation(["bookings"]);
  const { night } = props;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={ready ? t("bookings:hotel.title") : <Spinner />}
      description={ready && night ? `${night.city} · ${formatDate(night.date)}` : undefined}
    >
      <WithNamespaces ns={["bookings"]}>
        <HotelDialogBody {...props} />
      </WithNamespaces>
    </Dialog>
  );
}

function HotelDialogBody({
  tripId,
  night,
  memberCount,
  booking,
}: BookingDialogProps & { night: BookingNight | null }) {
  const { t } = useTranslation(["bookings"]);
  const bookings = useBookings(tripId);
  const saved = night
    ? hotelsOfNight(bookings.data ?? [], night)
    : (bookings.data ?? []).filter((b) => b.bookingType === "hotel");
  const editor = useBookingEditor({
    tripId,
    defaults: () => hotelDefaults(night, memberCount),
    valuesOf: hotelValuesOf,
    toInput: hotelInput,
    validate: hotelErrors,
    initial: booking,
  });
  const tabs: { value: BookingTab; label: string }[] = [
    { value: "search", label: t("bookings:tab.searchHotels") },
    { value: "form", label: t(editor.editing ? "bookings:tab.edit" : "bookings:tab.add") },
    { value: "saved", label: t("bookings:tab.saved", { count: saved.length }) },
  ];

  return (
    <div className="space-y-4">
      <SegmentedTabs
        label={t("bookings:hotel.title")}
        value={editor.tab}
        options={tabs}
        onChange={editor.setTab}
      />
      {editor.tab === "search" ? (
        <HotelSearchPanel
          night={night}
          memberCount={memberCount}
          onAdd={(choice) => {
            if (!editor.editing) editor.change(choice);
            editor.setTab("form");
          }}
        />
      ) : editor.tab === "form" ? (
        <HotelForm
          night={night}
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
          empty={t("bookings:message.noLegBookings")}
          onEdit={editor.startEdit}
          onDelete={(b) => void editor.remove(b)}
          busyId={editor.deletingId}
        />
      )}
    </div>
  );
}
