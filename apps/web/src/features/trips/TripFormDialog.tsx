import { SAME_AS_DEPARTURE, type Trip, tripDays } from "@tabi/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api";
import { Button } from "../../ui/Button";
import { Field, FormError, Input, inputClass, TextArea } from "../../ui/Field";
import { type PickedPlace, PlaceSearchBox } from "../place-search/PlaceSearchBox";
import { useCreateTrip, useUpdateTrip } from "./api";
import { DateRangePicker } from "./DateRangePicker";

export interface TripFormValues {
  name: string;
  departure: PickedPlace | null;
  returnPlace: PickedPlace | null;
  roundTrip: boolean;
  startDate: string | null;
  endDate: string | null;
  description: string;
}

export function valuesFromTrip(trip?: Trip): TripFormValues {
  if (!trip)
    return {
      name: "",
      departure: null,
      returnPlace: null,
      roundTrip: false,
      startDate: null,
      endDate: null,
      description: "",
    };
  const round = trip.destination === SAME_AS_DEPARTURE;
  return {
    name: trip.name,
    departure: { label: trip.departureLocation, lat: trip.departureLatitude, lng: trip.departureLongitude },
    returnPlace:
      trip.destination && !round
        ? { label: trip.destination, lat: trip.destinationLatitude, lng: trip.destinationLongitude }
        : null,
    roundTrip: round,
    startDate: trip.startDate,
    endDate: trip.endDate,
    description: trip.description ?? "",
  };
}

/** The Create/Edit Trip form (spec 1 'Dialogs'); a fresh mount per open resets it. */
export function TripForm({ trip, onDone }: { trip?: Trip; onDone(trip: Trip): void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<TripFormValues>(() => valuesFromTrip(trip));
  const [error, setError] = useState("");
  const create = useCreateTrip();
  const update = useUpdateTrip(trip?.id ?? "");
  const saving = create.isPending || update.isPending;
  // A change clears the message of the last try: it may name what was just filled in.
  const set = <K extends keyof TripFormValues>(k: K, value: TripFormValues[K]) => {
    setError("");
    setV((old) => ({ ...old, [k]: value }));
  };
  const days = v.startDate ? tripDays(v.startDate, v.endDate) : 0;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    if (!v.departure) return setError(t("server:trips.departureRequired"));
    if (!v.startDate) return setError(t("server:trips.datesRequired"));
    const body = {
      name: v.name.trim() || null,
      description: v.description.trim() || null,
      departureLocation: v.departure.label,
      departureLatitude: v.departure.lat,
      departureLongitude: v.departure.lng,
      destination: v.roundTrip ? SAME_AS_DEPARTURE : (v.returnPlace?.label ?? null),
      destinationLatitude: v.roundTrip ? null : (v.returnPlace?.lat ?? null),
      destinationLongitude: v.roundTrip ? null : (v.returnPlace?.lng ?? null),
      startDate: v.startDate,
      endDate: v.endDate ?? v.startDate,
    };
    try {
      const result = trip ? await update.mutateAsync(body) : await create.mutateAsync(body);
      toast.success(trip ? t("trips:form.updated") : t("trips:form.created", { name: result.trip.name }));
      onDone(result.trip);
    } catch (err) {
      const fallback = trip ? t("server:trips.updateFailed") : t("server:trips.createFailed");
      // Plan limits and validation come with the server's own words; offline, why it failed (the
      // banner says changes wait, but a new trip cannot); anything else gets the spec's.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else setError(navigator.onLine ? fallback : t("offline:needsNetwork"));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={t("trips:form.name")} hint={t("trips:form.nameHint")}>
        {(id, d) => (
          <Input
            id={id}
            aria-describedby={d}
            maxLength={120}
            value={v.name}
            onChange={(e) => set("name", e.target.value)}
            placeholder={t("trips:form.namePlaceholder")}
          />
        )}
      </Field>
      {/* A name used as typed has no point: the trip has no start pin, and nothing said so. */}
      <Field
        label={t("trips:form.departure")}
        hint={v.departure && v.departure.lat == null ? t("trips:form.notOnMap") : undefined}
      >
        {(id, d) => (
          <PlaceSearchBox
            id={id}
            describedBy={d}
            value={v.departure}
            onChange={(p) => set("departure", p)}
            placeholder={t("trips:form.departurePlaceholder")}
          />
        )}
      </Field>
      <Field label={t("trips:form.returnPlace")}>
        {(id) => (
          <div className="space-y-2">
            {v.roundTrip ? (
              <p className={`${inputClass} text-slate-500`}>{t("trips:form.sameAsDeparture")}</p>
            ) : (
              <PlaceSearchBox
                id={id}
                value={v.returnPlace}
                onChange={(p) => set("returnPlace", p)}
                placeholder={t("trips:form.returnPlaceholder")}
                near={v.departure?.lat != null ? { lat: v.departure.lat, lng: v.departure.lng! } : null}
              />
            )}
            <label className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                checked={v.roundTrip}
                onChange={(e) => set("roundTrip", e.target.checked)}
              />
              {t("trips:form.roundTrip")}
            </label>
          </div>
        )}
      </Field>
      <Field
        label={t("trips:form.dates")}
        hint={days ? t("trips:form.dayCount", { count: days }) : undefined}
      >
        {(id, d) => (
          <div aria-describedby={d}>
            <DateRangePicker
              id={id}
              start={v.startDate}
              end={v.endDate}
              allowPast={Boolean(trip)}
              onChange={(s, e) => {
                setError("");
                setV((o) => ({ ...o, startDate: s, endDate: e }));
              }}
            />
          </div>
        )}
      </Field>
      <Field label={t("trips:form.description")}>
        {(id) => (
          <TextArea
            id={id}
            value={v.description}
            onChange={(e) => set("description", e.target.value)}
            placeholder={t("trips:form.descriptionPlaceholder")}
          />
        )}
      </Field>
      <FormError message={error} />
      {/* Enabled with fields missing: a tap says which one (a greyed button says nothing). */}
      <Button type="submit" size="lg" className="w-full" disabled={saving}>
        {saving ? t("common:status.saving") : trip ? t("trips:form.saveChanges") : t("trips:form.create")}
      </Button>
    </form>
  );
}
