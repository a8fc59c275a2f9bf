import type { OptimizationResult } from "@tabi/contracts";
import ICAL from "ical.js";
import { expect, it } from "vitest";
import { itineraryIcs } from "./ics";

it("imports into ical.js with every visit at its local time, place and coordinates", () => {
  const result = {
    days: [
      {
        day: 1,
        date: "2026-12-10",
        visits: [
          {
            placeId: "p1",
            name: "Kinkaku-ji",
            start: "09:10",
            end: "10:40",
            latitude: 35.0394,
            longitude: 135.7292,
          },
          {
            placeId: "p2",
            name: 'Fushimi Inari; "Senbon", torii',
            start: "11:30",
            end: "13:30",
            latitude: 34.9671,
            longitude: 135.7727,
          },
        ],
      },
    ],
  } as unknown as OptimizationResult;
  const text = itineraryIcs({ id: "t1", name: "Kyoto autumn", timezone: "Asia/Tokyo" }, result);
  const events = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c));
  expect(events).toHaveLength(2);
  expect(events[0]!.summary).toBe("Kinkaku-ji");
  expect(events[0]!.startDate.toString()).toBe("2026-12-10T09:10:00");
  expect(events[0]!.endDate.toString()).toBe("2026-12-10T10:40:00");
  expect(events[0]!.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Asia/Tokyo");
  expect(events[1]!.summary).toBe('Fushimi Inari; "Senbon", torii');
  expect(events[1]!.location).toBe('Fushimi Inari; "Senbon", torii');
  expect(events[0]!.component.getFirstPropertyValue("geo")).toEqual([35.0394, 135.7292]);
});

it("adds an event for each flight, between the two airports' stops", () => {
  const stop = (placeId: string, name: string, arrive: string, start: string, end: string, mode: string) => ({
    placeId,
    name,
    arrive,
    start,
    end,
    mode,
    latitude: 35,
    longitude: 139,
  });
  const result = {
    days: [
      {
        day: 1,
        date: "2026-12-10",
        visits: [
          stop("airport_HND_departure", "Haneda Airport", "08:28", "08:28", "09:58", "car"),
          stop("airport_ITM_arrival", "Osaka International Airport", "11:03", "11:03", "11:33", "flight"),
        ],
      },
    ],
  } as unknown as OptimizationResult;
  const text = itineraryIcs({ id: "t1", name: "Kyoto", timezone: "Asia/Tokyo" }, result);
  const events = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c));
  expect(events.map((e) => e.summary)).toEqual([
    "Haneda Airport",
    "Flight HND → ITM",
    "Osaka International Airport",
  ]);
  expect(events[1]!.startDate.toString()).toBe("2026-12-10T09:58:00");
  expect(events[1]!.endDate.toString()).toBe("2026-12-10T11:03:00");
  expect(events[1]!.description).toBe(
    "From Haneda Airport to Osaka International Airport, estimated. Day 1 of Kyoto",
  );

  // In the reader's language (issue 13): the words around the names, not the names.
  const ja = new ICAL.Component(
    ICAL.parse(itineraryIcs({ id: "t1", name: "京都", timezone: "Asia/Tokyo" }, result, "ja")),
  )
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c));
  expect(ja.map((e) => e.summary)).toEqual([
    "Haneda Airport",
    "フライト HND → ITM",
    "Osaka International Airport",
  ]);
  expect(ja[1]!.description).toBe(
    "Haneda AirportからOsaka International Airportへ（時刻は目安です）。京都の1日目",
  );
  expect(ja[0]!.description).toBe("京都の1日目");

  // A booked flight: its number, and its times as booked rather than estimated.
  const booked = structuredClone(result);
  Object.assign(booked.days[0]!.visits[1]!, { bookingId: "bk", flightNumber: "NH 24" });
  const [, flight] = new ICAL.Component(
    ICAL.parse(itineraryIcs({ id: "t1", name: "Kyoto", timezone: "Asia/Tokyo" }, booked)),
  )
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c));
  expect(flight!.summary).toBe("NH 24 · Flight HND → ITM");
  expect(flight!.description).toBe(
    "Flight NH 24 from Haneda Airport to Osaka International Airport, as booked. Day 1 of Kyoto",
  );
});

it("puts each visit on its own place's clock and a flight between two clocks at its real length", () => {
  // Issue 25: a trip stored on Seoul's clock, flying Seoul → Bangkok (two hours behind) and visiting there.
  const stop = (
    placeId: string,
    name: string,
    at: [number, number],
    times: [string, string, string],
    mode: string,
  ) => ({
    placeId,
    name,
    arrive: times[0],
    start: times[1],
    end: times[2],
    mode,
    latitude: at[0],
    longitude: at[1],
  });
  const result = {
    days: [
      {
        day: 1,
        date: "2026-12-10",
        visits: [
          stop("airport_ICN_departure", "Incheon", [37.46, 126.44], ["07:30", "07:30", "09:00"], "car"),
          // 09:00 in Seoul is 00:00Z; 12:50 in Bangkok is 05:50Z: a flight of 5 h 50 min.
          stop("airport_BKK_arrival", "Suvarnabhumi", [13.69, 100.75], ["12:50", "12:50", "13:20"], "flight"),
          stop("p1", "Wat Pho", [13.7465, 100.4927], ["14:10", "14:10", "15:40"], "car"),
        ],
      },
    ],
  } as unknown as OptimizationResult;
  const text = itineraryIcs({ id: "t1", name: "Bangkok", timezone: "Asia/Seoul" }, result);
  const events = new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c));
  const tzid = (e: ICAL.Event) => e.component.getFirstProperty("dtstart")?.getParameter("tzid");
  expect(events.map((e) => [e.summary, tzid(e)])).toEqual([
    ["Incheon", "Asia/Seoul"],
    ["Flight ICN → BKK", "Asia/Seoul"],
    ["Suvarnabhumi", "Asia/Bangkok"],
    ["Wat Pho", "Asia/Bangkok"],
  ]);
  const flight = events[1]!;
  expect(flight.startDate.toString()).toBe("2026-12-10T09:00:00");
  // The landing on Seoul's clock: 14:50 (12:50 in Bangkok).
  expect(flight.endDate.toString()).toBe("2026-12-10T14:50:00");
  expect(events[3]!.startDate.toString()).toBe("2026-12-10T14:10:00");
});
