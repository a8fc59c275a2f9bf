import { describe, expect, it } from "vitest";
import { formatOpeningHours, openingHoursView, splitRules, usualHoursLabel } from "./openingHours";

describe("formatOpeningHours", () => {
  it("writes one line per rule with the weekdays spelled out", () => {
    expect(formatOpeningHours("Tu-Su 09:00-17:00; Dec 25 off")).toEqual([
      "Tue-Sun 09:00-17:00",
      "Dec 25: closed",
    ]);
    expect(formatOpeningHours("Mo-Fr 09:00-17:00; Sa 10:00-14:00")).toEqual([
      "Mon-Fri 09:00-17:00",
      "Sat 10:00-14:00",
    ]);
  });

  it("says 'Open 24 hours' for 24/7, also before an exception", () => {
    expect(formatOpeningHours("24/7")).toEqual(["Open 24 hours"]);
    expect(formatOpeningHours("24/7; Jan 1 off")).toEqual(["Open 24 hours", "Jan 1: closed"]);
    expect(formatOpeningHours("Sa,Su 00:00-24:00")).toEqual(["Sat, Sun 24 hours"]);
  });

  it("reads every day, lists, split hours and open ends", () => {
    expect(formatOpeningHours("Mo-Su 08:30-16:30")).toEqual(["Daily 08:30-16:30"]);
    expect(formatOpeningHours("09:00-17:00")).toEqual(["Daily 09:00-17:00"]);
    expect(formatOpeningHours("Mo,We,Fr 09:00-12:00,13:00-17:00")).toEqual([
      "Mon, Wed, Fri 09:00-12:00, 13:00-17:00",
    ]);
    expect(formatOpeningHours("Fr-Sa 18:00+")).toEqual(["Fri-Sat from 18:00"]);
    expect(formatOpeningHours("sunrise-sunset")).toEqual(["Daily sunrise-sunset"]);
  });

  it("reads holidays, the nth weekday, seasons, states and comments", () => {
    expect(formatOpeningHours("Mo-Fr 10:00-18:00; PH off")).toEqual([
      "Mon-Fri 10:00-18:00",
      "Public holidays: closed",
    ]);
    expect(formatOpeningHours("Su[1] 10:00-12:00; Su[-1] off")).toEqual([
      "1st Sun 10:00-12:00",
      "last Sun: closed",
    ]);
    expect(formatOpeningHours("Apr-Oct: Mo-Su 09:00-18:00; Nov-Mar: Mo-Su 09:00-16:30")).toEqual([
      "Apr-Oct: Mon-Sun 09:00-18:00",
      "Nov-Mar: Mon-Sun 09:00-16:30",
    ]);
    expect(formatOpeningHours("Mo-Fr open")).toEqual(["Mon-Fri: open all day"]);
    expect(formatOpeningHours("Tu-Su 09:00-17:00 open")).toEqual(["Tue-Sun 09:00-17:00"]);
    expect(formatOpeningHours('Mo off "renovation"')).toEqual(["Mon: closed (renovation)"]);
    expect(formatOpeningHours('"by appointment"')).toEqual(["by appointment"]);
    expect(formatOpeningHours("off")).toEqual(["Closed"]);
  });

  it("passes what it does not know through instead of dropping it", () => {
    expect(formatOpeningHours("week 01-26 Mo 10:00-12:00")).toEqual(["week 01-26 Mon 10:00-12:00"]);
    expect(formatOpeningHours("  ;; ")).toEqual([]);
  });
});

describe("splitRules", () => {
  it("splits on ';', '||' and a comma between whole rules, never inside a list", () => {
    expect(splitRules("Mo-Fr 09:00-17:00, Sa 10:00-14:00")).toEqual(["Mo-Fr 09:00-17:00", "Sa 10:00-14:00"]);
    expect(splitRules('Mo-Fr 09:00-17:00 || "by appointment"')).toEqual([
      "Mo-Fr 09:00-17:00",
      '"by appointment"',
    ]);
    expect(splitRules("Dec 25,26 off")).toEqual(["Dec 25,26 off"]);
    expect(splitRules("Mo 09:00-12:00,13:00-17:00")).toEqual(["Mo 09:00-12:00,13:00-17:00"]);
  });
});

describe("openingHoursView", () => {
  it("names the category when the hours are its usual ones, not the place's own", () => {
    expect(
      openingHoursView({
        category: "temple",
        openingHours: { value: "Mo-Su 09:00-16:30", source: "category" },
      }),
    ).toEqual({ lines: ["Daily 09:00-16:30"], source: "Usual hours for temples" });
    expect(
      openingHoursView({ category: "temple", openingHours: { value: "24/7", source: "place" } }),
    ).toEqual({ lines: ["Open 24 hours"], source: null });
  });

  it("shows nothing for a place without hours (saved before they existed)", () => {
    expect(
      openingHoursView({ category: "park", openingHours: { value: " ", source: "category" } }),
    ).toBeNull();
    expect(openingHoursView({ category: "park" } as never)).toBeNull();
  });

  it("says the category as a plural", () => {
    expect(usualHoursLabel("museum")).toBe("Usual hours for museums");
    expect(usualHoursLabel("amusement_park")).toBe("Usual hours for amusement parks");
    expect(usualHoursLabel("restaurant")).toBe("Usual hours for restaurants");
    expect(usualHoursLabel("shopping")).toBe("Usual hours for shops");
  });
});
