import { PRODUCT_NAME, type SharedPlace } from "@tabi/contracts";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileX, Printer } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { serverText } from "../../i18n";
import { formatClock, formatDate, formatDateRange, formatNumber } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useMe } from "../auth/session";
import { formatTimeRange, visitNote } from "../itinerary/edits";
import { stayText } from "../places/status";
import { type DayEntry, dayTimeline } from "./dayMap";
import { PrintDayMap } from "./PrintDayMap";
import { sharedViewQuery } from "./publicApi";
import { SharedPassword } from "./SharedPassword";
import { categoryLabel, priorityStars } from "./SharedPlaces";
import { dayDate, mealLabel, travelLabel } from "./SharedPlan";
import { SharedLoading, SharedNotFound, useDocumentTitle } from "./SharedStatus";
import type { SharedOk } from "./SharedTripView";

/**
 * The printable itinerary (/shared/{token}/print, outside the app's shell): a clean document for the
 * browser's "Save as PDF": the trip, each day with times, places, addresses, notes and a small map.
 */
export default function PrintTripPage() {
  return (
    <div className="min-h-dvh bg-slate-100 px-3 py-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100 print:bg-white print:p-0">
      {/* Paper: A4 with room for the browser's own header and footer. */}
      <style>{"@page { size: A4; margin: 14mm 12mm; }"}</style>
      <PrintContent />
    </div>
  );
}

function PrintContent() {
  const { t } = useTranslation();
  const { shareToken = "" } = useParams();
  const me = useMe();
  const view = useQuery({ ...sharedViewQuery(shareToken, me.data?.id ?? null), enabled: !me.isPending });
  const ok = view.data?.status === "ok" ? view.data : null;
  useDocumentTitle(ok?.trip.name);

  if (me.isPending || view.isPending) return <SharedLoading text={t("sharing:loading")} />;
  if (view.isError) return <SharedNotFound error={view.error} />;
  if (!ok) return <SharedPassword token={shareToken} />;
  if (!ok.permissions.canExport)
    return (
      <div className="mx-auto max-w-lg py-6">
        <EmptyState icon={FileX} title={ok.trip.name} text={t("server:sharing.noExport")}>
          <BackLink token={shareToken} />
        </EmptyState>
      </div>
    );
  return (
    <>
      <div className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-between gap-2 print:hidden">
        <BackLink token={shareToken} />
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t("sharing:print.button")}
        </Button>
      </div>
      <PrintDocument view={ok} />
    </>
  );
}

function BackLink({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/shared/${encodeURIComponent(token)}`}
      className="inline-flex items-center gap-1.5 rounded-xl px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-white/70 dark:text-brand-100 dark:hover:bg-slate-800"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t("sharing:print.back")}
    </Link>
  );
}

function PrintDocument({ view }: { view: SharedOk }) {
  const { t } = useTranslation();
  const { trip } = view;
  const places = view.permissions.canViewPlaces ? (trip.places ?? []) : [];
  const days = view.permissions.canViewPlaces ? (trip.days ?? []) : [];
  const placeIds = useMemo(() => new Set(places.map((p) => p.id)), [places]);
  const byId = useMemo(() => new Map(places.map((p) => [p.id, p])), [places]);

  return (
    <article
      // The numbered dots keep their colours on paper.
      style={{ printColorAdjust: "exact", WebkitPrintColorAdjust: "exact" }}
      className="mx-auto max-w-[210mm] rounded-2xl bg-white p-6 text-slate-900 shadow-lg ring-1 ring-slate-200 sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="border-b-2 border-brand-700 pb-4">
        <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">{PRODUCT_NAME}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-words">{trip.name}</h1>
        {trip.description ? (
          <p className="mt-2 whitespace-pre-line text-slate-700">{trip.description}</p>
        ) : null}
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1.5">
            <dt className="font-medium">{t("sharing:print.dates")}</dt>
            <dd>{formatDateRange(trip.startDate, trip.endDate)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium">{t("sharing:print.places")}</dt>
            <dd>{formatNumber(trip.placeCount)}</dd>
          </div>
          {trip.departureLocation ? (
            <div className="flex min-w-0 gap-1.5">
              <dt className="font-medium">{t("sharing:print.from")}</dt>
              <dd className="min-w-0 break-words">{trip.departureLocation}</dd>
            </div>
          ) : null}
        </dl>
        {days.length ? (
          <p className="mt-2 text-xs text-slate-500">
            {t("sharing:plan.timezone", { timezone: trip.timezone.replaceAll("_", " ") })}
          </p>
        ) : null}
      </header>

      {days.map((d) => (
        <section
          key={d.day}
          aria-labelledby={`print-day-${d.day}`}
          className="break-inside-avoid border-b border-slate-200 py-5 last:border-b-0"
        >
          <h2 id={`print-day-${d.day}`} className="mb-3 flex flex-wrap items-baseline gap-x-2">
            <span className="text-xl font-bold">{t("plan:days.day", { day: d.day })}</span>
            <span className="text-slate-600">{dayDate(d.date)}</span>
          </h2>
          <div className="flex flex-col gap-4 sm:flex-row print:flex-row">
            <ol className="min-w-0 flex-1 space-y-2">
              {dayTimeline(d, placeIds).map((e) => (
                <PrintRow
                  key={
                    e.kind === "visit"
                      ? `v:${e.visit.placeId}`
                      : e.kind === "meal"
                        ? `m:${e.meal.kind}`
                        : e.kind
                  }
                  entry={e}
                  place={e.kind === "visit" ? byId.get(e.visit.placeId) : undefined}
                />
              ))}
            </ol>
            <div className="shrink-0 sm:w-[240px] print:w-[240px]">
              <PrintDayMap day={d} placeIds={placeIds} />
            </div>
          </div>
        </section>
      ))}

      {places.length ? (
        <section aria-labelledby="print-places" className="pt-5">
          <h2 id="print-places" className="mb-3 text-xl font-bold">
            {t("sharing:page.places")}
          </h2>
          <ol className="space-y-2">
            {places.map((p, i) => (
              <li key={p.id} className="flex break-inside-avoid gap-3 text-sm">
                <span className="w-6 shrink-0 text-right font-semibold text-slate-500 tabular-nums">
                  {formatNumber(i + 1)}.
                </span>
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="font-semibold">{p.name}</span>
                    {p.localName && p.localName !== p.name ? (
                      <span className="text-slate-500"> {p.localName}</span>
                    ) : null}
                  </p>
                  <p className="text-slate-600">
                    {[
                      categoryLabel(p.category),
                      t("sharing:page.stay", { duration: stayText(p.stayMinutes) }),
                    ].join(" · ")}{" "}
                    <StarsText value={priorityStars(p.priority)} />
                  </p>
                  {p.address ? <p className="break-words text-slate-600">{p.address}</p> : null}
                  {p.notes ? <p className="whitespace-pre-line text-slate-800 italic">{p.notes}</p> : null}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <footer className="mt-6 border-t border-slate-200 pt-3 text-xs text-slate-500">
        {t("sharing:print.footer", {
          product: PRODUCT_NAME,
          date: formatDate(new Date(), { dateStyle: "medium" }),
        })}
      </footer>
    </article>
  );
}

/** Stars as text, so they print without images: "★★★☆☆". */
function StarsText({ value }: { value: number }) {
  const { t } = useTranslation();
  const full = Math.round(value);
  return (
    <span
      role="img"
      aria-label={t("sharing:page.priority", { value: formatNumber(value) })}
      className="tracking-tight whitespace-nowrap text-amber-500"
    >
      {"★".repeat(full)}
      <span className="text-slate-300">{"★".repeat(5 - full)}</span>
    </span>
  );
}

function PrintRow({ entry: e, place }: { entry: DayEntry; place?: SharedPlace }) {
  const { t } = useTranslation();
  const time = "w-24 shrink-0 text-sm tabular-nums text-slate-600";
  if (e.kind === "start" || e.kind === "end") {
    const name = serverText(e.name, e.nameKey);
    return (
      <li className="flex gap-3 text-sm text-slate-600">
        <span className={time}>{formatClock(e.time)}</span>
        <span className="min-w-0">
          {e.kind === "start" ? t("calendar:system.start", { name }) : t("calendar:system.end", { name })}
          {e.kind === "end" ? (
            <span className="text-slate-500"> ({travelLabel(e.travelMinutes, e.mode)})</span>
          ) : null}
        </span>
      </li>
    );
  }
  if (e.kind === "meal")
    return (
      <li className="flex gap-3 text-sm text-amber-800">
        <span className={time}>{formatTimeRange(e.meal.start, e.meal.end)}</span>
        <span>{mealLabel(e.meal.kind)}</span>
      </li>
    );
  const v = e.visit;
  const note = visitNote(v);
  return (
    <li className="flex break-inside-avoid gap-3">
      <span className={`${time} pt-0.5`}>{formatTimeRange(v.start, v.end)}</span>
      <span
        aria-hidden
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-bold text-white ${e.system ? "bg-slate-900" : "bg-brand-700"}`}
      >
        {e.order === null ? "" : formatNumber(e.order)}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold break-words">{e.system ? serverText(v.name) : v.name}</p>
        <p className="text-slate-600">
          {[
            e.system ? null : categoryLabel(place?.category ?? v.category),
            v.travelMinutes > 0 ? travelLabel(v.travelMinutes, v.mode) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {place?.address ? <p className="break-words text-slate-600">{place.address}</p> : null}
        {place?.notes ? <p className="whitespace-pre-line text-slate-800 italic">{place.notes}</p> : null}
        {note ? <p className="text-amber-700">{note}</p> : null}
      </div>
    </li>
  );
}
