import type { ItineraryDay } from "@tabi/contracts";
import { expect, it } from "vitest";
import { systemTimes } from "./StopDialog";

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
