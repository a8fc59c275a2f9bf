import { CATEGORY_LABELS, type ItineraryDay, type Place, wishToStars } from "@tabi/contracts";
import { Lock } from "lucide-react";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Stars } from "../../ui/Stars";
import { OpeningHoursList } from "../places/OpeningHoursList";
import { LOCK_LABELS } from "./planInfo";

const monthDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "numeric", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

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
  visits: { day: ItineraryDay; start: string; end: string; locked?: "day" | "time"; note?: string }[];
  system: boolean;
  days: ItineraryDay[];
  onClose(): void;
  children?: React.ReactNode;
}) {
  const avg = place?.wishes.length
    ? place.wishes.reduce((s, w) => s + w.wishLevel, 0) / place.wishes.length
    : null;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={name}
      description={
        system
          ? days.some((d) => d.visits.some((v) => v.name === name && v.category === "airport"))
            ? "Airport"
            : "Start or end of a day"
          : (CATEGORY_LABELS[place?.category ?? ""] ?? place?.category)
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
              <dt className="text-slate-500 dark:text-slate-400">Added by</dt>
              <dd>{place ? place.wishes.map((w) => w.name).join(", ") || "Unknown Member" : "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Schedule</dt>
              <dd>
                {visits.map((v) => `${monthDay(v.day.date)} ${v.start}–${v.end}`).join(", ") ||
                  "Not scheduled"}
              </dd>
              {lockOf(visits) ? (
                <dd className="mt-0.5 flex items-center gap-1 text-slate-600 dark:text-slate-300">
                  <Lock className="size-3.5" aria-hidden /> {LOCK_LABELS[lockOf(visits)!]}
                </dd>
              ) : null}
            </div>
            {notesOf(visits).length ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Why this time</dt>
                {notesOf(visits).map((note) => (
                  <dd key={note} className="text-amber-800 dark:text-amber-200">
                    {note}
                  </dd>
                ))}
              </div>
            ) : null}
            {place?.openingHours?.value ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Opening hours</dt>
                <dd>
                  <OpeningHoursList place={place} />
                </dd>
              </div>
            ) : null}
            {durationText(visits, place) ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Duration</dt>
                <dd>{durationText(visits, place)}</dd>
              </div>
            ) : null}
            {avg !== null ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Priority</dt>
                <dd className="flex items-center gap-2">
                  {wishToStars(avg).toFixed(1).replace(/\.0$/, "")}/5 <Stars value={wishToStars(avg)} />
                </dd>
              </div>
            ) : null}
            {place?.notes ? (
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Notes</dt>
                <dd>{place.notes}</dd>
              </div>
            ) : null}
          </>
        )}
      </dl>
      {children}
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
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

/** The visits' notes, each once. */
export const notesOf = (visits: { note?: string }[]) => [
  ...new Set(visits.map((v) => v.note?.trim()).filter((n): n is string => Boolean(n))),
];

const minutesBetween = (start: string, end: string) =>
  Math.round((Date.parse(`2000-01-01T${end}`) - Date.parse(`2000-01-01T${start}`)) / 60000);

/** "1 h 30 min" style; under an hour just "45 min". */
export function formatMinutes(total: number) {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h ? (m ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}

/** The popup's Duration line (spec 2): each scheduled stay, else the place's planned stay. */
export function durationText(visits: { start: string; end: string }[], place?: Pick<Place, "stayMinutes">) {
  const stays = visits.map((v) => minutesBetween(v.start, v.end)).filter((m) => m > 0);
  if (stays.length) return stays.map(formatMinutes).join(", ");
  return place?.stayMinutes ? formatMinutes(place.stayMinutes) : "";
}

/** A system place's times in the plan (spec 2: Departure, Arrival or Schedule time for system places). */
export function systemTimes(name: string, days: ItineraryDay[]) {
  const rows = { "Departure Time": [] as string[], "Arrival Time": [] as string[], Schedule: [] as string[] };
  for (const d of days) {
    if (d.start.name === name) rows["Departure Time"].push(`Day ${d.day} ${d.depart}`);
    for (const v of d.visits)
      if (v.name === name) rows.Schedule.push(`${monthDay(d.date)} ${v.start}–${v.end}`);
    if (d.end.name === name) rows["Arrival Time"].push(`Day ${d.day} ${d.back}`);
  }
  return Object.entries(rows)
    .filter(([, times]) => times.length > 0)
    .map(([label, times]) => ({ label, times }));
}
