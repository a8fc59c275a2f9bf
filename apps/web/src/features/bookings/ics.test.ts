import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type IcsError, parseIcs } from "./ics";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");

describe("parseIcs", () => {
  it("reads a flight with each end in its own time zone as local times", async () => {
    const d = await parseIcs(fixture("flight-seoul-tokyo.ics"));
    expect(d).toMatchObject({
      kind: "flight",
      flightNumber: "KE703",
      from: "ICN",
      to: "NRT",
      date: "2026-12-10",
      departureTime: "09:30", // Seoul's clock, not UTC (00:30)
      arrivalTime: "11:55", // Tokyo's clock
      link: "https://www.koreanair.com/booking/ABC123",
    });
    expect(d.notes).toBe("Booking reference ABC123\nSeat 32A");
    expect(d.utcTimes).toBeUndefined();
  });

  it("reads an all-day stay as a hotel, check-out on the end date, hours from the words", async () => {
    const d = await parseIcs(fixture("hotel-all-day.ics"));
    expect(d).toMatchObject({
      kind: "hotel",
      hotelName: "Hotel Gracery Shinjuku",
      address: "1-19-1 Kabukicho, Shinjuku City, Tokyo",
      checkInDate: "2026-12-10",
      checkOutDate: "2026-12-13",
      checkInTime: "14:00",
    });
    expect(d.checkOutTime).toBeUndefined();
  });

  it("keeps UTC times of a file without a zone and says they need checking", async () => {
    const d = await parseIcs(fixture("flight-utc.ics"));
    expect(d).toMatchObject({
      kind: "flight",
      flightNumber: "NH0856",
      date: "2026-12-12",
      departureTime: "01:30",
      arrivalTime: "04:05",
      utcTimes: true,
    });
  });

  it("reads UTC times in the calendar's own zone when it names one", async () => {
    const d = await parseIcs(fixture("train-calendar-zone.ics"));
    expect(d).toMatchObject({
      kind: "transport",
      date: "2026-12-14",
      departureTime: "09:00",
      arrivalTime: "11:15",
    });
    expect(d.utcTimes).toBeUndefined();
  });

  it("finds a route written 'from ICN to NRT' and a flight number in the description", async () => {
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "BEGIN:VEVENT",
      // A TZID without its VTIMEZONE block (many mailers leave it out): still the local clock.
      "DTSTART;TZID=Asia/Seoul:20261210T093000",
      "SUMMARY:Trip to Tokyo from ICN to NRT",
      "DESCRIPTION:Your flight JL 92 is confirmed",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    expect(await parseIcs(text)).toMatchObject({
      kind: "flight",
      from: "ICN",
      to: "NRT",
      flightNumber: "JL92",
      departureTime: "09:30",
    });
  });

  it("refuses garbage, a calendar without events and a huge file with a clear code", async () => {
    const code = (text: string) =>
      parseIcs(text).then(
        () => "parsed",
        (e: IcsError) => e.code,
      );
    expect(await code("hello, this is not a calendar")).toBe("unreadable");
    expect(await code("BEGIN:VCALENDAR\r\n\u0000garbage without colon\r\nEND:VCALENDAR")).toBe("unreadable");
    expect(await code("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR")).toBe("noEvent");
    expect(await code(`BEGIN:VCALENDAR\r\n${"X".repeat(600_000)}`)).toBe("tooLarge");
  });
});
