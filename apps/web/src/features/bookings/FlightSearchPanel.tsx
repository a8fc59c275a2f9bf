import { type AirportNear, BOOKING_LIMITS } from "@tabi/contracts";
import { Plane, Ruler } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { cn } from "../../lib/cn";
import { Field, Input, inputClass } from "../../ui/Field";
import { Spinner } from "../../ui/Spinner";
import { useLegFacts } from "./api";
import { defaultPeople } from "./bookingForm";
import { PeopleOptions, SearchLinks } from "./FormParts";
import { flightSearchLinks } from "./searchLinks";
import type { BookingLeg } from "./types";

export interface FlightSearchChoice {
  from: string;
  to: string;
  date: string;
  passengers: number;
}

/**
 * 'Search Flights' (spec 2 s.2), honestly: the leg's real facts (distance, estimated flight time, the
 * airports near each end) and links that open real search sites filled in. No fares of our own.
 */
export function FlightSearchPanel({
  tripId,
  leg,
  memberCount,
  onAdd,
}: {
  tripId: string;
  leg: BookingLeg | null;
  memberCount: number;
  onAdd(choice: FlightSearchChoice): void;
}) {
  const { t } = useTranslation(["bookings"]);
  const facts = useLegFacts(tripId, leg?.from ?? null, leg?.to ?? null);
  const fromOptions = airports(leg?.from, facts.data?.fromAirports);
  const toOptions = airports(leg?.to, facts.data?.toAirports);
  // Typed or chosen codes; until then the leg's own airports, else the nearest ones.
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [date, setDate] = useState(leg?.date ?? "");
  const [passengers, setPassengers] = useState(defaultPeople(memberCount));
  const fromCode = from ?? fromOptions[0]?.iata ?? "";
  const toCode = to ?? toOptions[0]?.iata ?? "";
  const ready = /^[A-Z]{3}$/.test(fromCode) && /^[A-Z]{3}$/.test(toCode) && Boolean(date);

  return (
    <div className="space-y-4">
      {leg ? (
        <section
          aria-label={t("bookings:search.legFacts")}
          className="space-y-1 rounded-2xl border border-slate-200 p-3 text-sm dark:border-slate-700"
        >
          <p className="font-medium">
            {leg.from.name} → {leg.to.name}
          </p>
          {facts.isPending ? (
            <Spinner className="size-4" />
          ) : facts.data ? (
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 dark:text-slate-300">
              <span className="inline-flex items-center gap-1.5">
                <Ruler className="size-4" aria-hidden />
                {t("bookings:search.distance", { km: formatNumber(Math.round(facts.data.distanceKm)) })}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <Plane className="size-4" aria-hidden />
                {facts.data.flight
                  ? t("bookings:search.flightTime", { duration: duration(t, facts.data.flight.minutes) })
                  : t("bookings:search.tooShort")}
              </span>
            </div>
          ) : (
            <p className="text-slate-500 dark:text-slate-400">{t("bookings:search.factsFailed")}</p>
          )}
        </section>
      ) : null}
      <AirportPicker
        label={t("bookings:search.fromAirport")}
        code={fromCode}
        options={fromOptions}
        onChange={setFrom}
      />
      <AirportPicker
        label={t("bookings:search.toAirport")}
        code={toCode}
        options={toOptions}
        onChange={setTo}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("bookings:flight.date")}>
          {(id) => <Input id={id} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label={t("bookings:flight.passengers")}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={passengers}
              onChange={(e) => setPassengers(Number(e.target.value))}
            >
              <PeopleOptions max={BOOKING_LIMITS.passengersMax} />
            </select>
          )}
        </Field>
      </div>
      <SearchLinks
        links={ready ? flightSearchLinks({ from: fromCode, to: toCode, date, adults: passengers }) : []}
        missing={ready ? null : t("bookings:search.needAirports")}
        onAdd={() => onAdd({ from: fromCode, to: toCode, date, passengers })}
      />
    </div>
  );
}

type Option = Pick<AirportNear, "iata" | "name"> & { km?: number };

/** The leg end's own airport first, then the airports near it (nearest first), each code once. */
function airports(end: BookingLeg["from"] | undefined, near: AirportNear[] | undefined): Option[] {
  const out: Option[] = [];
  if (end?.iata && /^[A-Z]{3}$/.test(end.iata)) out.push({ iata: end.iata, name: end.name });
  for (const a of near ?? []) if (!out.some((o) => o.iata === a.iata)) out.push(a);
  return out;
}

function duration(t: (key: string, o?: Record<string, unknown>) => string, minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h
    ? t("bookings:search.hoursMinutes", { h: formatNumber(h), m: formatNumber(m) })
    : t("bookings:search.minutes", { m: formatNumber(m) });
}

/** A code field with the nearby airports as chips to choose from. */
function AirportPicker({
  label,
  code,
  options,
  onChange,
}: {
  label: string;
  code: string;
  options: Option[];
  onChange(code: string): void;
}) {
  const { t } = useTranslation(["bookings"]);
  return (
    <Field label={label} hint={t("bookings:search.codeHint")}>
      {(id, d) => (
        <div className="space-y-2">
          <Input
            id={id}
            aria-describedby={d}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="max-w-32 font-mono tracking-wider uppercase"
            onChange={(e) =>
              onChange(
                e.target.value
                  .toUpperCase()
                  .replace(/[^A-Z]/g, "")
                  .slice(0, 3),
              )
            }
          />
          {options.length ? (
            <div className="flex flex-wrap gap-2">
              {options.map((a) => (
                <button
                  key={a.iata}
                  type="button"
                  aria-pressed={a.iata === code}
                  title={a.name}
                  onClick={() => onChange(a.iata)}
                  className={cn(
                    "rounded-full px-3 py-1.5 text-left text-sm ring-1",
                    a.iata === code
                      ? "bg-brand-700 text-white ring-brand-700"
                      : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
                  )}
                >
                  <span className="font-mono font-semibold">{a.iata}</span>
                  <span className="ml-1.5 opacity-80">
                    {a.km != null
                      ? t("bookings:search.airportAway", { name: a.name, km: formatNumber(Math.round(a.km)) })
                      : a.name}
                  </span>
                </button>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
