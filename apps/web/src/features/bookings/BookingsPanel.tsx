import { type Booking, type ItineraryDay, isTransportBooking, type Trip } from "@tabi/contracts";
import { BedDouble, Plane, TrainFront } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { useBookings, useDeleteBooking } from "./api";
import type { OpenBooking } from "./BookingDialogHost";
import { legOfBooking, nightOfBooking, tripFirstNight, tripFlightLeg } from "./planBookings";
import { SavedBookingList } from "./SavedBookingList";

/** Bookings by kind: flights, hotels, and every transport mode together. */
export function groupBookings(bookings: readonly Booking[]) {
  return {
    flights: bookings.filter((b) => b.bookingType === "flight"),
    hotels: bookings.filter((b) => b.bookingType === "hotel"),
    transport: bookings.filter((b) => isTransportBooking(b.bookingType)),
  };
}

const NO_TRIP = {
  departureLocation: "",
  departureLatitude: null,
  departureLongitude: null,
  destination: null,
  destinationLatitude: null,
  destinationLongitude: null,
  startDate: "",
};

/**
 * Every booking of the trip, by kind, with 'Add flight' and 'Add hotel' (issue 17 item 4); reachable
 * before there is a plan. Editing opens the booking's own dialog on its leg or night.
 */
export function BookingsPanel({
  tripId,
  days,
  trip,
  onClose,
  onOpenBooking,
}: {
  tripId: string;
  days: ItineraryDay[];
  trip: Trip | null;
  onClose(): void;
  onOpenBooking(open: OpenBooking): void;
}) {
  const { t, ready } = useTranslation(["meals", "bookings"]);
  const list = useBookings(tripId);
  const del = useDeleteBooking(tripId);
  const [deleting, setDeleting] = useState<string | null>(null);
  const facts = trip ?? NO_TRIP;
  const groups = groupBookings(list.data ?? []);

  function edit(b: Booking) {
    // The booking's own dialog, on its leg or night, with its form open.
    if (b.bookingType === "hotel")
      onOpenBooking({ kind: "hotel", night: nightOfBooking(b, days, facts), booking: b });
    else
      onOpenBooking({
        kind: b.bookingType === "flight" ? "flight" : "transport",
        leg: legOfBooking(b, days, facts),
        booking: b,
      });
  }
  async function remove(b: Booking) {
    setDeleting(b.id);
    try {
      await del.mutateAsync(b.id);
      toast.success(t("meals:panel.deleted"));
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? err.message
          : t("meals:panel.deleteFailed"),
      );
    } finally {
      setDeleting(null);
    }
  }

  const sections = [
    { key: "flights", icon: Plane, title: t("meals:panel.flights"), items: groups.flights },
    { key: "hotels", icon: BedDouble, title: t("meals:panel.hotels"), items: groups.hotels },
    { key: "transport", icon: TrainFront, title: t("meals:panel.transport"), items: groups.transport },
  ] as const;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={ready ? t("meals:panel.title") : ""}
      description={ready ? t("meals:panel.description") : undefined}
    >
      {!ready || list.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : (
        <div className="space-y-5">
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              onClick={() => onOpenBooking({ kind: "flight", leg: tripFlightLeg(days, facts) })}
            >
              <Plane className="size-4" aria-hidden /> {t("meals:panel.addFlight")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => onOpenBooking({ kind: "hotel", night: tripFirstNight(days, facts) })}
            >
              <BedDouble className="size-4" aria-hidden /> {t("meals:panel.addHotel")}
            </Button>
          </div>
          {list.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t("meals:panel.loadFailed")}
            </p>
          ) : (list.data ?? []).length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
              {t("meals:panel.empty")}
            </p>
          ) : (
            sections
              .filter((s) => s.items.length > 0)
              .map((s) => (
                <section key={s.key} aria-label={s.title} className="space-y-2">
                  <h3 className="flex items-center gap-2 text-sm font-semibold">
                    <s.icon className="size-4" aria-hidden /> {s.title}
                    <span className="text-slate-500 dark:text-slate-400">({s.items.length})</span>
                  </h3>
                  <SavedBookingList
                    bookings={[...s.items]}
                    empty=""
                    busyId={deleting}
                    onEdit={edit}
                    onDelete={remove}
                  />
                </section>
              ))
          )}
        </div>
      )}
    </Dialog>
  );
}
