import { BOOKING_LIMITS, routeText } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { Field, FormError, Input, inputClass } from "../../ui/Field";
import { type FlightFormValues, type FormErrors, flightWithIcs } from "./bookingForm";
import { FormButtons, LinkAndNotes, PeopleOptions } from "./FormParts";
import { IcsImportButton } from "./IcsImportButton";

/** The 'Add Booking' / 'Edit Booking' tab of the flight dialog (spec 2 s.5 'Flight form'). */
export function FlightForm({
  leg,
  values: v,
  errors,
  say,
  change,
  saving,
  editing,
  onSubmit,
  onCancel,
}: {
  /** The plan's leg: its route text and date, to warn when the booking is another flight. */
  leg: { route: string; date: string } | null;
  values: FlightFormValues;
  errors: FormErrors<FlightFormValues>;
  say(message: string | undefined): string | undefined;
  change(patch: Partial<FlightFormValues>): void;
  saving: boolean;
  editing: boolean;
  onSubmit(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(["bookings"]);
  const code = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z]/g, "")
      .slice(0, 3);
  // Saved flights belong to a leg by route and date: another pair is saved, just not under this leg.
  const route = v.from.length === 3 && v.to.length === 3 ? routeText(v.from, v.to) : null;
  const otherLeg = leg && ((route && route !== leg.route) || (v.date && v.date !== leg.date));
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <IcsImportButton expected="flight" onDraft={(d) => change(flightWithIcs(v, d))} />
      {otherLeg ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          {t("bookings:flight.otherLeg", { route: leg.route, date: formatDate(leg.date) })}
        </p>
      ) : null}
      <Field label={t("bookings:flight.number")} error={say(errors.flightNumber)}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            value={v.flightNumber}
            maxLength={20}
            autoComplete="off"
            placeholder={t("bookings:flight.numberPlaceholder")}
            onChange={(e) => change({ flightNumber: e.target.value })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:flight.from")} error={say(errors.from)}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={errors.from ? true : undefined}
              value={v.from}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => change({ from: code(e.target.value) })}
            />
          )}
        </Field>
        <Field label={t("bookings:flight.to")} error={say(errors.to)}>
          {(id, d) => (
            <Input
              id={id}
              aria-describedby={d}
              aria-invalid={errors.to ? true : undefined}
              value={v.to}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => change({ to: code(e.target.value) })}
            />
          )}
        </Field>
      </div>
      <Field label={t("bookings:flight.date")} error={say(errors.date)}>
        {(id, d) => (
          <Input
            id={id}
            type="date"
            aria-describedby={d}
            aria-invalid={errors.date ? true : undefined}
            value={v.date}
            onChange={(e) => change({ date: e.target.value })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:flight.departureTime")} error={say(errors.departureTime)}>
          {(id, d) => (
            <Input
              id={id}
              type="time"
              required
              aria-describedby={d}
              aria-invalid={errors.departureTime ? true : undefined}
              value={v.departureTime}
              onChange={(e) => change({ departureTime: e.target.value })}
            />
          )}
        </Field>
        <Field label={t("bookings:flight.arrivalTime")} error={say(errors.arrivalTime)}>
          {(id, d) => (
            <Input
              id={id}
              type="time"
              aria-describedby={d}
              value={v.arrivalTime}
              onChange={(e) => change({ arrivalTime: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:flight.passengers")} error={say(errors.passengers)}>
          {(id, d) => (
            <select
              id={id}
              aria-describedby={d}
              className={inputClass}
              value={v.passengers}
              onChange={(e) => change({ passengers: Number(e.target.value) })}
            >
              <PeopleOptions max={BOOKING_LIMITS.passengersMax} />
            </select>
          )}
        </Field>
        <Field label={t("bookings:flight.price")} error={say(errors.price)}>
          {(id, d) => (
            <Input
              id={id}
              inputMode="decimal"
              aria-describedby={d}
              aria-invalid={errors.price ? true : undefined}
              value={v.price}
              maxLength={12}
              onChange={(e) => change({ price: e.target.value })}
            />
          )}
        </Field>
      </div>
      <LinkAndNotes
        link={v.link}
        notes={v.notes}
        linkError={say(errors.link)}
        notesError={say(errors.notes)}
        onLink={(link) => change({ link })}
        onNotes={(notes) => change({ notes })}
      />
      <FormError message={say(errors.form)} />
      <FormButtons saving={saving} editing={editing} onCancel={onCancel} />
    </form>
  );
}
