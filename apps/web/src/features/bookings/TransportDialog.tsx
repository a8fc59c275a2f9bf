import { type Booking, isTransportBooking, routeText } from "@tabi/contracts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { WithNamespaces } from "../../i18n/WithNamespaces";
import { Dialog } from "../../ui/Dialog";
import { SegmentedTabs } from "../../ui/SegmentedTabs";
import { Spinner } from "../../ui/Spinner";
import { useBookings, useDeleteBooking, useSaveBooking } from "./api";
import { SavedBookingList } from "./SavedBookingList";
import { TransportForm } from "./TransportForm";
import { TransportSearch } from "./TransportSearch";
import {
  draftFromBooking,
  draftToBooking,
  draftToUpdate,
  emptyDraft,
  legBookings,
  type TransportDraft,
  targetOfBooking,
  targetOfLeg,
} from "./transportDraft";
import type { BookingDialogProps, BookingLeg } from "./types";

type Tab = "search" | "form" | "saved";

/**
 * The transport booking dialog of a leg (spec 2 s.2, s.4 'Booking dialog tabs'): 'Walking & Taxi' for
 * a walking leg, else 'Transportation'; tabs search, Add/Edit Booking and 'Saved (count)'. Without a
 * leg (opened from the trip's bookings) it lists every transport booking and edits them in place.
 */
export function TransportDialog({
  tripId,
  open,
  onOpenChange,
  memberCount,
  leg,
  booking,
}: BookingDialogProps & { leg: BookingLeg | null }) {
  const { t, ready } = useTranslation(["travel", "bookings"]);
  const walking = leg?.mode === "walking";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={ready ? (walking ? t("travel:title.walking") : t("travel:title.other")) : ""}
      description={leg ? routeText(leg.from.name, leg.to.name) : undefined}
      className="sm:max-w-xl"
    >
      <WithNamespaces ns={["travel", "bookings"]}>
        <TransportTabs tripId={tripId} memberCount={memberCount} leg={leg} booking={booking ?? null} />
      </WithNamespaces>
    </Dialog>
  );
}

function TransportTabs({
  tripId,
  memberCount,
  leg,
  booking,
}: {
  tripId: string;
  memberCount: number;
  leg: BookingLeg | null;
  /** A saved booking to open in its form. */
  booking: Booking | null;
}) {
  const { t } = useTranslation(["travel", "bookings"]);
  const bookings = useBookings(tripId);
  const save = useSaveBooking(tripId);
  const remove = useDeleteBooking(tripId);
  const [tab, setTab] = useState<Tab>(booking ? "form" : leg ? "search" : "saved");
  const [editing, setEditing] = useState<Booking | null>(booking);
  // A new key gives a fresh form: after a save, on Cancel, and when an edit starts.
  const [formKey, setFormKey] = useState(0);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  // Spec s.8: a failed load shows an empty list.
  const saved = useMemo(() => {
    const all = bookings.data ?? [];
    return leg ? legBookings(all, leg) : all.filter((b) => isTransportBooking(b.bookingType));
  }, [bookings.data, leg]);

  const resetForm = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const startEdit = (b: Booking) => {
    setEditing(b);
    setFormKey((k) => k + 1);
    setTab("form");
  };

  async function submit(draft: TransportDraft) {
    try {
      if (editing)
        await save.mutateAsync({ id: editing.id, body: draftToUpdate(draft, targetOfBooking(editing)) });
      else if (leg) await save.mutateAsync({ body: draftToBooking(draft, targetOfLeg(leg)) });
      else return;
    } catch (err) {
      toast.error(t("bookings:message.saveFailed"));
      throw err; // the form says why and keeps what was typed
    }
    toast.success(editing ? t("bookings:message.updated") : t("bookings:message.saved"));
    resetForm();
    setTab("saved");
  }

  async function del(b: Booking) {
    setDeletingId(b.id);
    try {
      await remove.mutateAsync(b.id);
      toast.success(t("bookings:message.deleted"));
      if (editing?.id === b.id) resetForm();
    } catch {
      toast.error(t("bookings:message.deleteFailed"));
    } finally {
      setDeletingId(null);
    }
  }

  const canForm = Boolean(leg || editing);
  const tabs = [
    ...(leg
      ? [
          {
            value: "search" as const,
            label: leg.mode === "walking" ? t("travel:tab.walking") : t("travel:tab.search"),
          },
        ]
      : []),
    ...(canForm
      ? [{ value: "form" as const, label: editing ? t("bookings:tab.edit") : t("bookings:tab.add") }]
      : []),
    { value: "saved" as const, label: t("bookings:tab.saved", { count: saved.length }) },
  ];
  const shown: Tab = tab === "form" && !canForm ? "saved" : tab;
  const target = editing ? targetOfBooking(editing) : leg ? targetOfLeg(leg) : null;

  return (
    <div className="space-y-4">
      {tabs.length > 1 ? (
        <SegmentedTabs label={t("travel:tab.label")} value={shown} options={tabs} onChange={setTab} />
      ) : null}
      {shown === "search" && leg ? <TransportSearch tripId={tripId} leg={leg} /> : null}
      {shown === "form" && target ? (
        <TransportForm
          key={formKey}
          initial={editing ? draftFromBooking(editing, memberCount) : emptyDraft(leg, memberCount)}
          target={target}
          editing={Boolean(editing)}
          onSubmit={submit}
          onCancel={resetForm}
        />
      ) : null}
      {shown === "saved" ? (
        bookings.isPending ? (
          <Spinner className="mx-auto my-6" />
        ) : (
          <SavedBookingList
            bookings={saved}
            empty={leg ? t("bookings:message.noLegBookings") : t("travel:saved.emptyAll")}
            onEdit={startEdit}
            onDelete={del}
            busyId={deletingId}
          />
        )
      ) : null}
    </div>
  );
}
