import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { formatClock as c } from "../../i18n/format";
import { formatOpeningHours, openingHoursView, splitRules, usualHoursLabel } from "./openingHours";

// Times read the app's way (formatClock): the expectations use the same formatter.
const r = (from: string, to: string) => `${c(from)}-${c(to)}`;

describe("formatOpeningHours", () => {
  it("writes one line per rule with the weekdays spelled out", () => {
    expect(formatOpeningHours("Tu-Su 09:00-17:00; Dec 25 off")).toEqual([
      `Tue-Sun ${r("09:00", "17:00")}`,
      "Dec 25: closed",
    ]);
    expect(formatOpeningHours("Mo-Fr 09:00-17:00; Sa 10:00-14:00")).toEqual([
      `Mon-Fri ${r("09:00", "17:00")}`,
      `Sat ${r("10:00", "14:00")}`,
    ]);
  });

  it("says 'Open 24 hours' for 24/7, also before an exception", () => {
    expect(formatOpeningHours("24/7")).toEqual(["Open 24 hours"]);
    expect(formatOpeningHours("24/7; Jan 1 off")).toEqual(["Open 24 hours", "Jan 1: closed"]);
    expect(formatOpeningHours("Sa,Su 00:00-24:00")).toEqual(["Sat, Sun 24 hours"]);
  });

  it("reads every day, lists, split hours and open ends", () => {
    expect(formatOpeningHours("Mo-Su 08:30-16:30")).toEqual([`Daily ${r("08:30", "16:30")}`]);
    expect(formatOpeningHours("09:00-17:00")).toEqual([`Daily ${r("09:00", "17:00")}`]);
    expect(formatOpeningHours("Mo,We,Fr 09:00-12:00,13:00-17:00")).toEqual([
      `Mon, Wed, Fri ${r("09:00", "12:00")}, ${r("13:00", "17:00")}`,
    ]);
    expect(formatOpeningHours("Fr-Sa 18:00+")).toEqual([`Fri-Sat from ${c("18:00")}`]);
    expect(formatOpeningHours("sunrise-sunset")).toEqual(["Daily sunrise-sunset"]);
  });

  it("reads holidays, the nth weekday, seasons, states and comments", () => {
    expect(formatOpeningHours("Mo-Fr 10:00-18:00; PH off")).toEqual([
      `Mon-Fri ${r("10:00", "18:00")}`,
      "Public holidays: closed",
    ]);
    expect(formatOpeningHours("Su[1] 10:00-12:00; Su[-1] off")).toEqual([
      `1st Sunday ${r("10:00", "12:00")}`,
      "last Sunday: closed",
    ]);
    expect(formatOpeningHours("Apr-Oct: Mo-Su 09:00-18:00; Nov-Mar: Mo-Su 09:00-16:30")).toEqual([
      `Apr-Oct: Daily ${r("09:00", "18:00")}`,
      `Nov-Mar: Daily ${r("09:00", "16:30")}`,
    ]);
    expect(formatOpeningHours("Mo-Fr open")).toEqual(["Mon-Fri: open all day"]);
    expect(formatOpeningHours("Tu-Su 09:00-17:00 open")).toEqual([`Tue-Sun ${r("09:00", "17:00")}`]);
    expect(formatOpeningHours('Mo off "renovation"')).toEqual(["Mon: closed (renovation)"]);
    expect(formatOpeningHours('"by appointment"')).toEqual(["by appointment"]);
    expect(formatOpeningHours("off")).toEqual(["Closed"]);
    expect(formatOpeningHours("Mo unknown")).toEqual(["Mon: hours unknown"]);
  });

  it("passes what it does not know through instead of dropping it", () => {
    expect(formatOpeningHours("week 01-26 Mo 10:00-12:00")).toEqual([
      `week 01-26 Mon ${r("10:00", "12:00")}`,
    ]);
    expect(formatOpeningHours("  ;; ")).toEqual([]);
  });
});

describe("in the app's language", () => {
  beforeAll(() => i18n.changeLanguage("ja"));
  afterAll(() => i18n.changeLanguage("en"));

  it("says weekdays, months, times and states in Japanese", () => {
    expect(formatOpeningHours("Tu-Su 09:00-17:00; Dec 25 off")).toEqual([
      `火〜日 ${c("09:00")}〜${c("17:00")}`,
      "12月25日：休業",
    ]);
    expect(formatOpeningHours("Mo-Su 08:30-16:30; PH off")).toEqual([
      `毎日 ${c("08:30")}〜${c("16:30")}`,
      "祝日：休業",
    ]);
    expect(formatOpeningHours("Mo,We 10:00-12:00; 24/7")).toEqual(["月、水 10:00〜12:00", "24時間営業"]);
    expect(formatOpeningHours("Su[1] 10:00-12:00; Apr-Oct: Mo off")).toEqual([
      "第1日曜日 10:00〜12:00",
      "4月〜10月：月：休業",
    ]);
    expect(usualHoursLabel("temple")).toBe("寺院の一般的な拝観時間");
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
    ).toEqual({ lines: [`Daily ${r("09:00", "16:30")}`], source: "Usual hours for temples" });
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
    expect(usualHoursLabel("departure_point")).toBe("Usual hours for places like this");
  });
});
