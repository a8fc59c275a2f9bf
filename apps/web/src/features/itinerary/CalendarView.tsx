import type { ItineraryDay } from "@tabi/contracts";
import { Bed, Utensils } from "lucide-react";
import { cn } from "../../lib/cn";

// Spec 2 'Calendar': hours 6-23 at 60 px per hour, then the night 00:00-06:00 in 3-hour slots of
// 60 px; blocks at least 40 px; a hotel block 22:00-08:00 between days.
const HOUR_PX = 60;
const DAY_PX = 18 * HOUR_PX;
const NIGHT_PX = 2 * HOUR_PX;
export const CALENDAR_HEIGHT = DAY_PX + NIGHT_PX;

export function yOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  if (h >= 6) return (h - 6) * HOUR_PX + m;
  return DAY_PX + ((h * 60 + m) / 180) * HOUR_PX;
}

const HOURS = Array.from({ length: 18 }, (_, i) => i + 6);
const dayTitle = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

export function CalendarView({
  days,
  colorOf,
  onVisit,
}: {
  days: ItineraryDay[];
  colorOf(placeId: string): string;
  onVisit(day: ItineraryDay, index: number): void;
}) {
  return (
    <div className="overflow-x-auto rounded-3xl bg-white/90 ring-1 ring-slate-200 dark:bg-slate-900/80 dark:ring-slate-800">
      <div className="flex min-w-max">
        <div className="sticky left-0 z-10 w-12 shrink-0 bg-white/95 pt-12 dark:bg-slate-900/95" aria-hidden>
          <div className="relative" style={{ height: CALENDAR_HEIGHT }}>
            {HOURS.map((h) => (
              <span
                key={h}
                className="absolute right-1 -translate-y-1/2 text-[10px] text-slate-400"
                style={{ top: (h - 6) * HOUR_PX }}
              >
                {String(h).padStart(2, "0")}:00
              </span>
            ))}
            {[0, 3].map((h) => (
              <span
                key={`n${h}`}
                className="absolute right-1 -translate-y-1/2 text-[10px] text-slate-400"
                style={{ top: DAY_PX + (h / 3) * HOUR_PX }}
              >
                {String(h).padStart(2, "0")}:00
              </span>
            ))}
          </div>
        </div>
        {days.map((d, di) => (
          <section
            key={d.date}
            aria-label={`Day ${d.day}`}
            className="w-44 shrink-0 border-l border-slate-100 sm:w-52 dark:border-slate-800"
          >
            <header className="flex h-12 flex-col justify-center px-2">
              <h3 className="text-sm font-semibold">Day {d.day}</h3>
              <p className="text-xs text-slate-500">{dayTitle(d.date)}</p>
            </header>
            <div className="relative" style={{ height: CALENDAR_HEIGHT }}>
              {HOURS.map((h) => (
                <div
                  key={h}
                  className="absolute inset-x-0 border-t border-slate-100 dark:border-slate-800"
                  style={{ top: (h - 6) * HOUR_PX }}
                />
              ))}
              <div
                className="absolute inset-x-0 bg-slate-50 dark:bg-slate-950/40"
                style={{ top: DAY_PX, height: NIGHT_PX }}
              />
              {di > 0 ? <Hotel top={0} height={yOf("08:00")} /> : null}
              {di < days.length - 1 ? (
                <Hotel top={yOf("22:00")} height={CALENDAR_HEIGHT - yOf("22:00")} />
              ) : null}
              {d.meals.map((m) => (
                <div
                  key={m.kind}
                  className="absolute inset-x-1 flex items-center gap-1 rounded-lg bg-amber-50 px-2 text-[11px] text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-900"
                  style={{ top: yOf(m.start), height: Math.max(20, yOf(m.end) - yOf(m.start)) }}
                >
                  <Utensils className="size-3" aria-hidden /> {m.kind[0]!.toUpperCase() + m.kind.slice(1)}
                </div>
              ))}
              {d.visits.map((v, i) => {
                const top = yOf(v.start);
                const height = Math.max(40, yOf(v.end) - top);
                return (
                  <button
                    type="button"
                    key={v.placeId}
                    onClick={() => onVisit(d, i)}
                    className={cn(
                      "absolute inset-x-1 overflow-hidden rounded-xl px-2 py-1 text-left text-white shadow-sm ring-1 ring-black/5 hover:brightness-110",
                    )}
                    style={{ top, height, background: colorOf(v.placeId) }}
                  >
                    <span className="block truncate text-xs font-semibold drop-shadow-sm">{v.name}</span>
                    <span className="block text-[10px] opacity-90">
                      {v.start}–{v.end}
                    </span>
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

function Hotel({ top, height }: { top: number; height: number }) {
  return (
    <div
      className="absolute inset-x-1 flex items-start gap-1 rounded-xl bg-indigo-50 px-2 py-1 text-[11px] text-indigo-900 ring-1 ring-indigo-100 dark:bg-indigo-950/50 dark:text-indigo-100 dark:ring-indigo-900"
      style={{ top, height }}
    >
      <Bed className="size-3" aria-hidden /> Hotel
    </div>
  );
}
