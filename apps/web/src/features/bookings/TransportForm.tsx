import { BOOKING_LIMITS, TRANSPORT_BOOKING_TYPES } from "@tabi/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { Button } from "../../ui/Button";
import { Field, FormError, Input, inputClass, TextArea } from "../../ui/Field";
import { LinkAndNotes } from "./FormParts";
import {
  type DraftErrors,
  type DraftField,
  type DraftProblem,
  draftErrors,
  type LegTarget,
  type TransportDraft,
  type TransportType,
} from "./transportDraft";

export const MODE_KEY: Record<TransportType, string> = {
  walking: "bookings:type.walking",
  car: "bookings:type.car",
  taxi: "bookings:type.taxi",
  public_transport: "bookings:type.public_transport",
  train: "bookings:type.train",
  bus: "bookings:type.bus",
  ferry: "bookings:type.ferry",
};

const PROBLEM_KEY: Record<DraftProblem, string> = {
  departureTimeRequired: "bookings:message.departureTimeRequired",
  badTime: "bookings:message.badTime",
  badLink: "bookings:message.badLink",
  passengers: "travel:error.passengers",
  price: "travel:error.price",
  tooLong: "travel:error.tooLong",
};

/** Text fields of transport_info, in the order the form shows them. */
const DETAILS = [
  ["lineNumber", "travel:form.lineNumber", 50],
  ["platform", "travel:form.platform", 50],
  ["direction", "travel:form.direction", 200],
  ["departureStation", "travel:form.departureStation", 200],
  ["arrivalStation", "travel:form.arrivalStation", 200],
] as const;

/**
 * The transport form (spec 2 s.5 'Transport form'): mode, departure time (required), arrival time,
 * passengers (at least 1), price in yen (step 0.01), the line's details, link and notes. Checked here
 * with the contracts' rules; what was typed stays when saving fails.
 */
export function TransportForm({
  initial,
  target,
  editing,
  onSubmit,
  onCancel,
}: {
  initial: TransportDraft;
  target: LegTarget;
  editing: boolean;
  onSubmit(draft: TransportDraft): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation(["travel", "bookings"]);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const set = (field: DraftField) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const error = (field: DraftField) => {
    const problem = errors[field];
    return problem ? t(PROBLEM_KEY[problem], { max: BOOKING_LIMITS.transportPassengersMax }) : undefined;
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = draftErrors(draft, target);
    setErrors(found);
    setFormError("");
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(draft);
    } catch (err) {
      // A 400 carries the server's reason, already in the reader's language; a 401 is a lost session.
      setFormError(
        err instanceof ApiError && err.status === 401
          ? t("bookings:message.loginRequired")
          : err instanceof ApiError && err.status === 400 && err.message
            ? err.message
            : t("bookings:message.saveFailed"),
      );
    } finally {
      setBusy(false);
    }
  }

  const described = (d: string | undefined) => (d ? { "aria-describedby": d, "aria-invalid": true } : {});
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4">
      {target.route ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {target.date
            ? t("travel:form.leg", { route: target.route, date: formatDate(target.date) })
            : target.route}
        </p>
      ) : null}
      <Field label={t("travel:form.mode")}>
        {(id) => (
          <select
            id={id}
            name="bookingType"
            className={cn(inputClass, "disabled:opacity-60")}
            value={draft.bookingType}
            disabled={editing}
            onChange={set("bookingType")}
          >
            {TRANSPORT_BOOKING_TYPES.map((m) => (
              <option key={m} value={m}>
                {t(MODE_KEY[m])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="space-y-1.5">
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("travel:form.departureTime")} error={error("departureTime")}>
            {(id, d) => (
              <Input
                id={id}
                name="departureTime"
                type="time"
                required
                value={draft.departureTime}
                onChange={set("departureTime")}
                {...described(errors.departureTime && d)}
              />
            )}
          </Field>
          <Field label={t("travel:form.arrivalTime")} error={error("arrivalTime")}>
            {(id, d) => (
              <Input
                id={id}
                name="arrivalTime"
                type="time"
                value={draft.arrivalTime}
                onChange={set("arrivalTime")}
                {...described(errors.arrivalTime && d)}
              />
            )}
          </Field>
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("travel:form.timeHint")}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("travel:form.passengers")} error={error("passengers")}>
          {(id, d) => (
            <Input
              id={id}
              name="passengers"
              type="number"
              inputMode="numeric"
              min={BOOKING_LIMITS.passengersMin}
              max={BOOKING_LIMITS.transportPassengersMax}
              step={1}
              value={draft.passengers}
              onChange={set("passengers")}
              {...described(errors.passengers && d)}
            />
          )}
        </Field>
        <Field label={t("travel:form.price")} error={error("price")}>
          {(id, d) => (
            <Input
              id={id}
              name="price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder={t("travel:form.optional")}
              value={draft.price}
              onChange={set("price")}
              {...described(errors.price && d)}
            />
          )}
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {DETAILS.map(([field, label, max]) => (
          <Field key={field} label={t(label)} error={error(field)}>
            {(id, d) => (
              <Input
                id={id}
                name={field}
                maxLength={max}
                value={draft[field]}
                onChange={set(field)}
                {...described(errors[field] && d)}
              />
            )}
          </Field>
        ))}
      </div>
      <Field label={t("travel:form.routeDetails")} error={error("routeDetails")}>
        {(id, d) => (
          <TextArea
            id={id}
            name="routeDetails"
            rows={2}
            maxLength={500}
            value={draft.routeDetails}
            onChange={set("routeDetails")}
            {...described(errors.routeDetails && d)}
          />
        )}
      </Field>
      <LinkAndNotes
        link={draft.bookingLink}
        notes={draft.notes}
        linkError={error("bookingLink")}
        notesError={error("notes")}
        onLink={(value) => set("bookingLink")({ target: { value } })}
        onNotes={(value) => set("notes")({ target: { value } })}
      />
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("common:action.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("common:status.saving") : editing ? t("bookings:form.update") : t("bookings:form.save")}
        </Button>
      </div>
    </form>
  );
}
