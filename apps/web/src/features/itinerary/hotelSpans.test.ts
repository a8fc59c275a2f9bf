import { describe, expect, it } from "vitest";
import { hotelSpans, yOf } from "./CalendarView";

const visit = (start: string, end: string) => ({ start, end });

describe("hotelSpans", () => {
  it("is 22:00-08:00 for a day inside those hours", () => {
    const d = { depart: "09:00", back: "19:30", visits: [visit("09:30", "11:00"), visit("16:00", "19:00")] };
    expect(hotelSpans(d)).toEqual({ morningHeight: yOf("08:00"), eveningTop: yOf("22:00") });
  });

  it("starts after a day that comes back past 22:00, so it covers no visit", () => {
    const d = { depart: "09:00", back: "23:10", visits: [visit("20:30", "22:40")] };
    const { eveningTop } = hotelSpans(d);
    expect(eveningTop).toBeGreaterThan(yOf("22:40"));
    expect(eveningTop).toBeGreaterThanOrEqual(yOf("23:10") + 22); // below the 'back at the hotel' block
  });

  it("ends before a day that leaves before 08:00", () => {
    const { morningHeight } = hotelSpans({
      depart: "07:00",
      back: "18:00",
      visits: [visit("07:20", "09:00")],
    });
    expect(morningHeight).toBeLessThanOrEqual(yOf("07:00") - 22);
  });

  it("keeps a block to tap after a day that comes back in the small hours", () => {
    const { eveningTop } = hotelSpans({ depart: "09:00", back: "05:50", visits: [] });
    expect(eveningTop).toBeLessThan(yOf("05:59"));
  });
});
