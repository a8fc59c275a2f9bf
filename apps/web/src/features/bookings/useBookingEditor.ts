import type { Booking, BookingCreateInput } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { serverText } from "../../i18n";
import { ApiError } from "../../lib/api";
import { useDeleteBooking, useSaveBooking } from "./api";
import { type FormErrors, serverFieldError } from "./bookingForm";

export type BookingTab = "search" | "form" | "saved";

/**
 * The shared behaviour of the flight and hotel dialogs (spec 2 s.4 'Booking dialog tabs'): editing a
 * saved booking opens the form with its values; a save moves to the saved tab; Cancel leaves edit mode
 * and resets the form; a failed save keeps everything typed and says why under the field.
 */
export function useBookingEditor<V>({
  tripId,
  defaults,
  valuesOf,
  toInput,
  validate,
  initial,
}: {
  tripId: string;
  /** A saved booking the dialog opens on: its form, in edit mode. */
  initial?: Booking | null;
  defaults(): V;
  valuesOf(b: Booking): V;
  toInput(v: V): BookingCreateInput;
  validate(v: V): FormErrors<V>;
}) {
  const { t } = useTranslation(["bookings"]);
  const save = useSaveBooking(tripId);
  const del = useDeleteBooking(tripId);
  const [tab, setTab] = useState<BookingTab>(initial ? "form" : "search");
  const [editing, setEditing] = useState<Booking | null>(initial ?? null);
  const [values, setValues] = useState<V>(() => (initial ? valuesOf(initial) : defaults()));
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [deletingId, setDeletingId] = useState<string | null>(null);

  /** Changes some fields and clears their messages (and the form's). */
  function change(patch: Partial<V>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e, form: undefined };
      for (const k of Object.keys(patch)) delete next[k as keyof V];
      return next;
    });
  }

  function reset() {
    setEditing(null);
    setValues(defaults());
    setErrors({});
  }

  function startEdit(b: Booking) {
    setEditing(b);
    setValues(valuesOf(b));
    setErrors({});
    setTab("form");
  }

  async function submit() {
    if (save.isPending) return; // a second Enter while the first save is on its way
    const found = validate(values);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    const { bookingType: _type, ...changes } = toInput(values);
    try {
      await save.mutateAsync(editing ? { id: editing.id, body: changes } : { body: toInput(values) });
      toast.success(t(editing ? "bookings:message.updated" : "bookings:message.saved"));
      reset();
      setTab("saved");
    } catch (err) {
      toast.error(t("bookings:message.saveFailed"));
      setErrors(failureErrors(err, (key) => t(key)) as FormErrors<V>);
    }
  }

  async function remove(b: Booking) {
    setDeletingId(b.id);
    try {
      await del.mutateAsync(b.id);
      toast.success(t("bookings:message.deleted"));
      if (editing?.id === b.id) reset();
    } catch {
      toast.error(t("bookings:message.deleteFailed"));
    } finally {
      setDeletingId(null);
    }
  }

  /** A field's message: a catalogue key, or the server's own words as they came. */
  const say = (message: string | undefined) =>
    message ? (message.startsWith("bookings:") ? t(message) : message) : undefined;

  return {
    say,
    tab,
    setTab,
    editing,
    values,
    change,
    errors,
    saving: save.isPending,
    submit,
    cancel: reset,
    startEdit,
    remove,
    deletingId,
  };
}

/** A refused save: the server's 400 under its field when it names one, else under the form. */
function failureErrors(err: unknown, t: (key: string) => string): { [field: string]: string } {
  if (err instanceof ApiError && err.status === 401) return { form: "bookings:message.loginRequired" };
  if (err instanceof ApiError && err.status === 400) {
    const known = serverFieldError(err.message, t);
    if (known) return { [known.field]: known.key };
    // The server's own words (it answers in the app's language): shown as they are.
    return { form: serverText(err.message) || "bookings:message.saveFailed" };
  }
  return { form: "bookings:message.saveFailed" };
}
