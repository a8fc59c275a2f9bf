import { CATEGORY_LABELS, type ItineraryDay, type Place, wishToStars } from "@tabi/contracts";
import { Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { i18n, serverText } from "../../i18n";
import { formatClock, formatDate, formatNumber } from "../../i18n/format";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Stars } from "../../ui/Stars";
import { OpeningHoursList } from "../places/OpeningHoursList";
import { formatMinutes, formatTimeRange, visitNote } from "./edits";
import { LOCK_LABELS } from "./planInfo";

/** A scheduled stay: "12/11 9:00 AM–10:30 AM" ("12/11 9:00～10:30"). */
const stayText = (date: string, start: string, end: string) =>
  `${formatDate(date, { month: "numeric", day: "numeric" })} ${formatTimeRange(start, end)}`;
/** "A, B" ("A、B"): names, stays and times listed side by side. */
const joined = (items: string[]) => items.join(i18n.t("calendar:list.separator"));

type StopVisit = {
  day: ItineraryDay;
  start: string;
  end: string;
  locked?: "day" | "time";
  note?: string;
  noteKey?: string;
  noteParams?: Record<string, unknown>;
};

/** Place detail dialog (spec 2): from a map marker or a calendar block. */
export function StopDialog({
  name,
  place,
  visits,
  system,
  days,
  onClose,
  children,
}: {
  name: string;
  place?: Place;
  visits: StopVisit[];
  system: boolean;
  days: ItineraryDay[];
  onClose(): void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const avg = place?.wishes.length
    ? place.wishes.reduce((s, w) => s + w.wishLevel, 0) / place.wishes.length
    : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={serverText(name)}
      description={
        system
          ? days.some((d) => d.visits.some((v) => v.name === name && v.category === "airport"))
            ? t("server:category.airport")
            : t("calendar:stop.systemPlace")
          : place?.category
            ? serverText(CATEGORY_LABELS[place.category] ?? place.category)
            : undefined
      }
    >
      <dl className="space-y-3 text-sm">
        {system ? (
          systemTimes(name, days).map((row) => (
            <div key={row.label}>
              <dt className="text-slate-500 dark:text-slate-400">{row.label}</dt>
              <dd>{row.times.join(" · ")}</dd>
            </div>
          ))
        ) : (
          <>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.addedBy")}</dt>
              <dd className="break-words">
                {place ? joined(place.wishes.map((w) => w.name)) || t("calendar:stop.unknownMember") : "—"}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.schedule")}</dt>
              <dd>
                {joined(visits.map((v) => stayText(v.day.date, v.start, v.end))) ||
                  t("calendar:stop.notScheduled")}
              </dd>
              {lockOf(visits) ? (
                <dd className="mt-0.5 flex items-center gap-1 text-slate-600 dark:text-slate-300">
                  <Lock className="size-3.5 shrink-0" aria-hidden /> {LOCK_LABELS[lockOf(visits)!]}
                </dd>
              ) : null}
            </div>
            {notesOf(visits).length ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.whyThisTime")}</dt>
                {notesOf(visits).map((note) => (
                  <dd key={note} className="text-amber-800 dark:text-amber-200">
                    {note}
                  </dd>
                ))}
              </div>
            ) : null}
            {place?.openingHours?.value ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.openingHours")}</dt>
                <dd>
                  <OpeningHoursList place={place} />
                </dd>
              </div>
            ) : null}
            {durationText(visits, place) ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.duration")}</dt>
                <dd>{durationText(visits, place)}</dd>
              </div>
            ) : null}
            {avg !== null ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.priority")}</dt>
                <dd className="flex items-center gap-2">
                  {formatNumber(wishToStars(avg), { maximumFractionDigits: 1 })}/5{" "}
                  <Stars value={wishToStars(avg)} />
                </dd>
              </div>
            ) : null}
            {place?.notes ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">{t("calendar:stop.notes")}</dt>
                <dd className="break-words" data-user-content>
                  {place.notes}
                </dd>
              </div>
            ) : null}
          </>
        )}
      </dl>
      {children}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t("common:action.close")}
        </Button>
      </div>
    </Dialog>
  );
}

/** The strongest lock among the place's visits (a long stay can span days). */
export function lockOf(visits: { locked?: "day" | "time" }[]): "day" | "time" | undefined {
  if (visits.some((v) => v.locked === "time")) return "time";
  return visits.some((v) => v.locked === "day") ? "day" : undefined;
}

/** The visits' notes in the app's language, each once. */
export const notesOf = (visits: Pick<StopVisit, "note" | "noteKey" | "noteParams">[]) => [
  ...new Set(visits.map(visitNote).filter((n): n is string => Boolean(n))),
];

const minutesBetween = (start: string, end: string) =>
  Math.round((Date.parse(`2000-01-01T${end}`) - Date.parse(`2000-01-01T${start}`)) / 60000);

/** The popup's Duration line (spec 2): each scheduled stay, else the place's planned stay. */
export function durationText(visits: { start: string; end: string }[], place?: Pick<Place, "stayMinutes">) {
  const stays = visits.map((v) => minutesBetween(v.start, v.end)).filter((m) => m > 0);
  if (stays.length) return joined(stays.map(formatMinutes));
  return place?.stayMinutes ? formatMinutes(place.stayMinutes) : "";
}

/** A system place's times in the plan (spec 2: Departure, Arrival or Schedule time for system places). */
export function systemTimes(name: string, days: ItineraryDay[]) {
  const rows = {
    "calendar:stop.departureTime": [] as string[],
    "calendar:stop.arrivalTime": [] as string[],
    "calendar:stop.schedule": [] as string[],
  };
  const at = (day: number, time: string) => i18n.t("calendar:stop.dayTime", { day, time: formatClock(time) });
  for (const d of days) {
    if (d.start.name === name) rows["calendar:stop.departureTime"].push(at(d.day, d.depart));
    for (const v of d.visits)
      if (v.name === name) rows["calendar:stop.schedule"].push(stayText(d.date, v.start, v.end));
    if (d.end.name === name) rows["calendar:stop.arrivalTime"].push(at(d.day, d.back));
  }
  return (Object.entries(rows) as [keyof typeof rows, string[]][])
    .filter(([, times]) => times.length > 0)
    .map(([key, times]) => ({ label: i18n.t(key), times }));
}
