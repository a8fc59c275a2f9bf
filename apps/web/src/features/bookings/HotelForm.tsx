import { BOOKING_LIMITS } from "@tabi/contracts";
import { MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Field, FormError, Input, inputClass } from "../../ui/Field";
import { Spinner } from "../../ui/Spinner";
import { StarInput } from "../../ui/Stars";
import { PlaceSearchBox } from "../place-search/PlaceSearchBox";
import { type FormErrors, type HotelFormValues, hotelWithIcs } from "./bookingForm";
import { FormButtons, LinkAndNotes, PeopleOptions } from "./FormParts";
import { IcsImportButton } from "./IcsImportButton";
import type { BookingNight } from "./types";

const PinDropMap = lazy(() => import("../map/PinDropMap"));
/** Where the pin map opens when neither the hotel nor the night has a place yet (as Add Place does). */
const TOKYO = { lat: 35.6812, lng: 139.7671 };

/** The 'Add Booking' / 'Edit Booking' tab of the hotel dialog (spec 2 s.5 'Hotel form'). */
export function HotelForm({
  night,
  values: v,
  errors,
  say,
  change,
  saving,
  editing,
  onSubmit,
  onCancel,
}: {
  night: BookingNight | null;
  values: HotelFormValues;
  errors: FormErrors<HotelFormValues>;
  say(message: string | undefined): string | undefined;
  change(patch: Partial<HotelFormValues>): void;
  saving: boolean;
  editing: boolean;
  onSubmit(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(["bookings"]);
  const [pinMode, setPinMode] = useState(false);
  const timesMissing = !v.checkInTime || !v.checkOutTime;
  const timesError = say(errors.checkInTime ?? errors.checkOutTime);
  const locationLabel =
    v.location &&
    (v.address ||
      v.hotelName ||
      `${formatNumber(v.location.lat, { maximumFractionDigits: 5 })}, ${formatNumber(v.location.lng, { maximumFractionDigits: 5 })}`);

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!timesMissing) onSubmit();
      }}
    >
      <IcsImportButton expected="hotel" onDraft={(d) => change(hotelWithIcs(v, d))} />
      <Field label={t("bookings:hotel.name")} error={say(errors.hotelName)}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            value={v.hotelName}
            maxLength={200}
            onChange={(e) => change({ hotelName: e.target.value })}
          />
        )}
      </Field>
      <Field label={t("bookings:hotel.address")} error={say(errors.address)}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            value={v.address}
            maxLength={300}
            onChange={(e) => change({ address: e.target.value })}
          />
        )}
      </Field>
      <Field label={t("bookings:hotel.location")} hint={t("bookings:hotel.locationHint")}>
        {(id, d) => (
          <div className="space-y-2">
            <PlaceSearchBox
              id={id}
              describedBy={d}
              allowFreeText={false}
              near={night?.near ?? null}
              placeholder={t("bookings:hotel.locationPlaceholder")}
              value={
                v.location && locationLabel
                  ? { label: locationLabel, lat: v.location.lat, lng: v.location.lng }
                  : null
              }
              onChange={(p) => {
                if (!p || p.lat == null || p.lng == null) return change({ location: null });
                change({
                  location: { lat: p.lat, lng: p.lng },
                  // The chosen place names the hotel and its address unless they were typed already.
                  hotelName: v.hotelName || p.result?.name || p.label,
                  address: v.address || p.result?.address || "",
                });
              }}
            />
            <Button variant="ghost" size="sm" onClick={() => setPinMode((on) => !on)}>
              <MapPin className="size-4" aria-hidden />
              {t(pinMode ? "bookings:hotel.hidePin" : "bookings:hotel.dropPin")}
            </Button>
            {pinMode ? (
              <Suspense fallback={<Spinner />}>
                <PinDropMap
                  center={v.location ?? night?.near ?? TOKYO}
                  value={v.location}
                  onChange={(p) => change({ location: p })}
                />
              </Suspense>
            ) : null}
          </div>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:hotel.checkInDate")} error={say(errors.checkInDate)}>
          {(id, d) => (
            <Input
              id={id}
              type="date"
              aria-describedby={d}
              value={v.checkInDate}
              onChange={(e) => change({ checkInDate: e.target.value })}
            />
          )}
        </Field>
        <Field label={t("bookings:hotel.checkOutDate")} error={say(errors.checkOutDate)}>
          {(id, d) => (
            <Input
              id={id}
              type="date"
              aria-describedby={d}
              aria-invalid={errors.checkOutDate ? true : undefined}
              min={v.checkInDate || undefined}
              value={v.checkOutDate}
              onChange={(e) => change({ checkOutDate: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="space-y-1.5">
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("bookings:hotel.checkInTime")}>
            {(id) => (
              <Input
                id={id}
                type="time"
                required
                aria-invalid={timesError && !v.checkInTime ? true : undefined}
                value={v.checkInTime}
                onChange={(e) => change({ checkInTime: e.target.value, checkOutTime: v.checkOutTime })}
              />
            )}
          </Field>
          <Field label={t("bookings:hotel.checkOutTime")}>
            {(id) => (
              <Input
                id={id}
                type="time"
                required
                aria-invalid={timesError && !v.checkOutTime ? true : undefined}
                value={v.checkOutTime}
                onChange={(e) => change({ checkOutTime: e.target.value, checkInTime: v.checkInTime })}
              />
            )}
          </Field>
        </div>
        {/* Said as soon as a time is missing: Save stays off until both are there. */}
        <FormError message={timesMissing ? t("bookings:message.hotelTimesRequired") : timesError} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:hotel.guests")} error={say(errors.guests)}>
          {(id, d) => (
            <select
              id={id}
              aria-describedby={d}
              className={inputClass}
              value={v.guests}
              onChange={(e) => change({ guests: Number(e.target.value) })}
            >
              <PeopleOptions max={BOOKING_LIMITS.guestsMax} />
            </select>
          )}
        </Field>
        <Field label={t("bookings:hotel.pricePerNight")} error={say(errors.pricePerNight)}>
          {(id, d) => (
            <Input
              id={id}
              inputMode="decimal"
              aria-describedby={d}
              aria-invalid={errors.pricePerNight ? true : undefined}
              value={v.pricePerNight}
              maxLength={12}
              onChange={(e) => change({ pricePerNight: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t("bookings:hotel.rating")}</p>
        <StarInput
          label={t("bookings:hotel.rating")}
          value={v.rating}
          onChange={(rating) => change({ rating })}
        />
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
      <FormButtons saving={saving} editing={editing} disabled={timesMissing} onCancel={onCancel} />
    </form>
  );
}
