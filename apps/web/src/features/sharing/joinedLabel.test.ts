import { describe, expect, it } from "vitest";
import { joinedAge, joinedLabel } from "./joinedLabel";

// Local times, so the calendar days are the viewer's whatever zone the test runs in.
const now = new Date(2026, 5, 20, 9, 30);
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).toISOString();

describe("joinedAge", () => {
  it("says today for the same calendar day, and for a join the clock puts in the future", () => {
    expect(joinedAge(at(2026, 5, 20, 0), now)).toEqual({ unit: "today" });
    expect(joinedAge(at(2026, 5, 20, 23), now)).toEqual({ unit: "today" });
    expect(joinedAge(at(2026, 5, 22), now)).toEqual({ unit: "today" });
  });

  it("counts calendar days under a week, not 24-hour spans", () => {
    // Yesterday at 23:00 is one day ago at 09:30, though fewer than 24 hours have passed.
    expect(joinedAge(at(2026, 5, 19, 23), now)).toEqual({ unit: "days", count: 1 });
    expect(joinedAge(at(2026, 5, 14), now)).toEqual({ unit: "days", count: 6 });
  });

  it("counts whole weeks from 7 to 29 days", () => {
    expect(joinedAge(at(2026, 5, 13), now)).toEqual({ unit: "weeks", count: 1 });
    expect(joinedAge(at(2026, 5, 7), now)).toEqual({ unit: "weeks", count: 1 });
    expect(joinedAge(at(2026, 5, 6), now)).toEqual({ unit: "weeks", count: 2 });
    expect(joinedAge(at(2026, 4, 22), now)).toEqual({ unit: "weeks", count: 4 });
  });

  it("gives the date from 30 days on", () => {
    expect(joinedAge(at(2026, 4, 21), now)).toEqual({ unit: "date" });
    expect(joinedAge(at(2025, 11, 1), now)).toEqual({ unit: "date" });
  });

  it("treats an unreadable time as today rather than failing", () => {
    expect(joinedAge("not a date", now)).toEqual({ unit: "today" });
  });
});

describe("joinedLabel", () => {
  it("says the spec's English words", () => {
    expect(joinedLabel(at(2026, 5, 20), now)).toBe("today");
    expect(joinedLabel(at(2026, 5, 17), now)).toBe("3 days ago");
    expect(joinedLabel(at(2026, 5, 19), now)).toBe("1 day ago");
    expect(joinedLabel(at(2026, 5, 6), now)).toBe("2 weeks ago");
    expect(joinedLabel(at(2026, 5, 13), now)).toBe("1 week ago");
  });

  it("falls back to the date in the app's format", () => {
    expect(joinedLabel(at(2026, 2, 3), now)).toBe("Mar 3, 2026");
  });
});
