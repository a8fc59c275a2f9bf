import { BOOKING_CURRENCY, type Booking, type BookingType, isTransportBooking } from "@tabi/contracts";
import { BedDouble, ExternalLink, Pencil, Plane, TrainFront, Trash2, Wallet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatClock, formatCurrency, formatDate, formatDateRange } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Spinner } from "../../ui/Spinner";
import { Stars } from "../../ui/Stars";
import { BookingDocuments } from "../documents/BookingDocuments";
import { bookingPrice } from "../money/form";
import { moneyPathFor } from "../money/paths";
import { setCurrentTripId } from "../trips/currentTrip";
import { NEW_TAB } from "./FormParts";

/**
 * The saved bookings of a leg or a night (spec 2 s.4 'Saved' tab), shared by the flight, hotel and
 * transport dialogs. Deleting asks the spec's question here, so every dialog asks it.
 */
export function SavedBookingList({
  bookings,
  empty,
  onEdit,
  onDelete,
  busyId,
}: {
  bookings: Booking[];
  empty: string;
  onEdit(b: Booking): void;
  onDelete(b: Booking): void;
  busyId?: string | null;
}) {
  // Loads its own catalogue too, so any dialog can show it.
  const { t, ready } = useTranslation(["bookings"]);
  const [asking, setAsking] = useState<Booking | null>(null);
  const navigate = useNavigate();
  // "Add as expense" (issue 29): the money screen's dialog, filled in from the booking.
  const addExpense = (b: Booking) => {
    setCurrentTripId(b.tripId);
    void navigate(moneyPathFor(b.id));
  };

  if (!ready) return <Spinner />;
  if (bookings.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        {empty}
      </p>
    );

  return (
    <>
      <ul className="space-y-2" aria-label={t("bookings:list.label")}>
        {bookings.map((b) => (
          <li
            key={b.id}
            className="flex flex-wrap items-start gap-3 rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800/60"
          >
            <KindIcon type={b.bookingType} />
            <div className="min-w-0 flex-1">
              <BookingFacts booking={b} />
              {b.userName ? (
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t("bookings:list.savedBy", { name: b.userName })}
                </p>
              ) : null}
              {bookingPrice(b) ? (
                <Button variant="secondary" size="sm" className="mt-2" onClick={() => addExpense(b)}>
                  <Wallet className="size-4" aria-hidden />
                  {t("bookings:list.addExpense")}
                </Button>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-0.5">
              {b.bookingLink ? (
                <a
                  href={b.bookingLink}
                  {...NEW_TAB}
                  aria-label={t("bookings:list.openLink")}
                  title={t("bookings:list.openLink")}
                  className="rounded-lg p-2 text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-700"
                >
                  <ExternalLink className="size-4" aria-hidden />
                </a>
              ) : null}
              <Button
                variant="ghost"
                size="sm"
                className="px-2"
                aria-label={t("bookings:list.edit")}
                title={t("bookings:list.edit")}
                disabled={busyId === b.id}
                onClick={() => onEdit(b)}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="px-2 text-red-600 dark:text-red-400"
                aria-label={t("bookings:list.delete")}
                title={t("bookings:list.delete")}
                disabled={busyId === b.id}
                onClick={() => setAsking(b)}
              >
                {busyId === b.id ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden />}
              </Button>
            </div>
            {/* The booking's files, under the whole card (a long name has the room). */}
            <BookingDocuments tripId={b.tripId} bookingId={b.id} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => !o && setAsking(null)}
        title={t("bookings:message.confirmDelete")}
        confirmLabel={t("bookings:list.delete")}
        onConfirm={() => {
          if (asking) onDelete(asking);
          setAsking(null);
        }}
      />
    </>
  );
}

/** Each kind's name in the list (a transport booking's mode). */
const TYPE_KEY: Record<BookingType, string> = {
  flight: "bookings:type.flight",
  hotel: "bookings:type.hotel",
  walking: "bookings:type.walking",
  car: "bookings:type.car",
  taxi: "bookings:type.taxi",
  public_transport: "bookings:type.public_transport",
  train: "bookings:type.train",
  bus: "bookings:type.bus",
  ferry: "bookings:type.ferry",
};

function KindIcon({ type }: { type: string }) {
  const Icon = type === "flight" ? Plane : type === "hotel" ? BedDouble : TrainFront;
  return (
    <span className="mt-0.5 rounded-xl bg-brand-50 p-2 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100">
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

const money = (amount: number | null, currency: string | null, fallback: string) =>
  amount == null ? null : formatCurrency(amount, currency ?? fallback);
const clockRange = (from: string | null, to: string | null) =>
  from && to ? `${formatClock(from)} – ${formatClock(to)}` : from ? formatClock(from) : null;

/** The kind's main facts: one bold line, then the details that were filled in. */
function BookingFacts({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(["bookings"]);
  let title: string;
  let facts: (string | null)[];
  if (b.bookingType === "hotel") {
    title = b.hotelName || t("bookings:type.hotel");
    facts = [
      b.checkInDate ? formatDateRange(b.checkInDate, b.checkOutDate) : null,
      b.checkInTime ? t("bookings:list.checkIn", { time: formatClock(b.checkInTime) }) : null,
      b.checkOutTime ? t("bookings:list.checkOut", { time: formatClock(b.checkOutTime) }) : null,
      b.guests != null ? t("bookings:list.guests", { count: b.guests }) : null,
      b.pricePerNight != null
        ? t("bookings:list.perNight", { price: money(b.pricePerNight, b.currency, BOOKING_CURRENCY.hotel) })
        : null,
    ];
  } else {
    const transport = isTransportBooking(b.bookingType);
    const info = b.transportInfo;
    title = [transport ? t(TYPE_KEY[b.bookingType]) : b.flightNumber || t("bookings:type.flight"), b.route]
      .filter(Boolean)
      .join(" · ");
    facts = [
      b.departureDate ? formatDate(b.departureDate) : null,
      clockRange(b.departureTime, b.arrivalTime),
      info?.lineNumber ? t("bookings:list.line", { line: info.lineNumber }) : null,
      info?.platform ? t("bookings:list.platform", { platform: info.platform }) : null,
      b.passengers != null ? t("bookings:list.passengers", { count: b.passengers }) : null,
      money(b.price, b.currency, transport ? BOOKING_CURRENCY.transport : BOOKING_CURRENCY.flight),
    ];
  }
  const shown = facts.filter((f): f is string => Boolean(f));
  return (
    <>
      <p className="truncate font-medium">{title}</p>
      {shown.length ? (
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
          {/* Each fact stays whole on a narrow screen; lines break between them. */}
          {shown.map((fact, i) => (
            <span key={fact}>
              {i ? " · " : ""}
              <span className="whitespace-nowrap">{fact}</span>
            </span>
          ))}
        </p>
      ) : null}
      {b.bookingType === "hotel" && b.address ? (
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{b.address}</p>
      ) : null}
      {b.bookingType === "hotel" && b.rating ? <Stars value={b.rating} className="mt-1" /> : null}
      {b.notes ? (
        <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-slate-500 dark:text-slate-400">
          {b.notes}
        </p>
      ) : null}
    </>
  );
}
