import type { ItineraryDay } from "@tabi/contracts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { durationText, lockOf, notesOf, systemTimes } from "./StopDialog";
import { VisitActions } from "./VisitActions";

const point = (name: string) => ({ name, latitude: 35, longitude: 135 });
const day = (n: number, start: string, end: string, visits: { name: string; start: string; end: string }[]) =>
  ({
    day: n,
    date: `2026-12-1${n}`,
    depart: "08:00",
    back: "21:30",
    start: point(start),
    end: point(end),
    visits,
  }) as unknown as ItineraryDay;

it("lists a system place's departure, arrival and scheduled times", () => {
  const days = [
    day(1, "Tokyo Station", "Base", [{ name: "Haneda Airport", start: "08:28", end: "09:58" }]),
    day(2, "Base", "Tokyo Station", [{ name: "Haneda Airport", start: "21:01", end: "21:31" }]),
  ];
  expect(systemTimes("Tokyo Station", days)).toEqual([
    { label: "Departure Time", times: ["Day 1 08:00"] },
    { label: "Arrival Time", times: ["Day 2 21:30"] },
  ]);
  expect(systemTimes("Haneda Airport", days)).toEqual([
    { label: "Schedule", times: ["12/11 08:28–09:58", "12/12 21:01–21:31"] },
  ]);
});

it("gives the popup's Duration from the scheduled stays, else the planned stay", () => {
  expect(durationText([{ start: "09:00", end: "10:30" }])).toBe("1 h 30 min");
  expect(
    durationText([
      { start: "09:00", end: "09:45" },
      { start: "13:00", end: "15:00" },
    ]),
  ).toBe("45 min, 2 h");
  expect(durationText([], { stayMinutes: 120 })).toBe("2 h");
});

it("renders nothing, not a crash, when the visit was just removed (a day's last visit)", () => {
  const empty = day(1, "Base", "Base", []);
  const html = renderToStaticMarkup(
    createElement(VisitActions, { days: [empty], day: empty, index: 0, busy: false, onEdit() {} }),
  );
  expect(html).toBe("");
});

it("offers the three locks, the visit's own pressed, and sends the lock edit", () => {
  const d = {
    ...day(2, "Base", "Base", [{ name: "Kinkaku-ji", start: "09:00", end: "10:00" }]),
  } as ItineraryDay;
  (d.visits[0] as { placeId: string }).placeId = "p1";
  const render = (locked?: "day" | "time") => {
    const visit = { ...d.visits[0]!, ...(locked ? { locked } : {}) };
    const withLock = { ...d, visits: [visit] };
    return renderToStaticMarkup(
      createElement(VisitActions, { days: [withLock], day: withLock, index: 0, busy: false, onEdit() {} }),
    );
  };
  const pressed = (html: string) =>
    [...html.matchAll(/<button[^>]*aria-pressed="true"[^>]*>.*?<\/svg>\s*([^<]+)</g)].map((m) =>
      m[1]!.trim(),
    );
  const free = render();
  expect(free).toContain("Lock to this day");
  expect(free).toContain("Lock day and time");
  expect(pressed(free)).toEqual([]);
  expect(free).toMatch(/<button[^>]*aria-disabled="true"[^>]*>(?:(?!<\/button>).)*Unlock/);
  expect(pressed(render("day"))).toEqual(["Lock to this day"]);
  expect(render("day")).toContain("Locked to this day: optimising again keeps it there.");
  expect(pressed(render("time"))).toEqual(["Lock day and time"]);
});

it("shows the strongest lock and each note once", () => {
  expect(lockOf([{}, { locked: "day" }])).toBe("day");
  expect(lockOf([{ locked: "day" }, { locked: "time" }])).toBe("time");
  expect(lockOf([{}])).toBeUndefined();
  expect(notesOf([{ note: "No morning slot was free" }, { note: "No morning slot was free " }, {}])).toEqual([
    "No morning slot was free",
  ]);
});

it("shows a note the server sent with its key in the app's language, by the key", () => {
  // A stored reason the contracts word: found by its key, else by its English words.
  expect(notesOf([{ note: "stored in English", noteKey: "unscheduled.no_time" }])).toEqual([
    "No time left in the days",
  ]);
  expect(notesOf([{ note: "No time left in the days", noteKey: "no.such.key" }])).toEqual([
    "No time left in the days",
  ]);
});
