import { describe, expect, it } from "vitest";
import { type GooglePeriod, googlePeriodsToOsm, isOpeningHours, readableHours } from "./opening-hours";

const at = (day: number, hour: number, minute = 0) => ({ day, hour, minute });
const daily = (days: number[], open: [number, number], close: [number, number]): GooglePeriod[] =>
  days.map((d) => ({ open: at(d, ...open), close: at(d, ...close) }));

describe("Google's periods as OSM opening_hours", () => {
  it("writes days with the same hours as one rule, Monday first", () => {
    expect(googlePeriodsToOsm(daily([0, 1, 2, 3, 4, 5, 6], [9, 0], [17, 0]))).toBe("Mo-Su 09:00-17:00");
    expect(
      googlePeriodsToOsm([...daily([2, 3, 4, 5, 6], [9, 30], [17, 0]), ...daily([0], [10, 0], [16, 0])]),
    ).toBe("Tu-Sa 09:30-17:00; Su 10:00-16:00");
    // Closed on Mondays and Wednesdays; a weekend pair is written as two days.
    expect(googlePeriodsToOsm(daily([2, 4, 5, 6, 0], [8, 0], [12, 0]))).toBe("Tu,Th-Su 08:00-12:00");
    expect(googlePeriodsToOsm(daily([6, 0], [10, 0], [14, 0]))).toBe("Sa,Su 10:00-14:00");
  });

  it("keeps a lunch break as two ranges on the same day", () => {
    const periods = [
      ...daily([1, 2, 3, 4, 5], [11, 30], [14, 0]),
      ...daily([1, 2, 3, 4, 5], [17, 30], [22, 0]),
    ];
    expect(googlePeriodsToOsm(periods)).toBe("Mo-Fr 11:30-14:00,17:30-22:00");
  });

  it("writes a night that ends after midnight on the evening it began", () => {
    const bar = [4, 5, 6].map((d) => ({ open: at(d, 18), close: at((d + 1) % 7, 2) }));
    expect(googlePeriodsToOsm(bar)).toBe("Th-Sa 18:00-02:00");
    expect(googlePeriodsToOsm([{ open: at(5, 18), close: at(6, 0) }])).toBe("Fr 18:00-24:00");
  });

  it("splits a period over several days, and knows Google's 'always open'", () => {
    expect(googlePeriodsToOsm([{ open: at(5, 8), close: at(0, 20) }])).toBe(
      "Fr 08:00-24:00; Sa 00:00-24:00; Su 00:00-20:00",
    );
    expect(googlePeriodsToOsm([{ open: at(0, 0) }])).toBe("24/7");
  });

  it("gives nothing for no periods or ones that make no sense", () => {
    expect(googlePeriodsToOsm(undefined)).toBeUndefined();
    expect(googlePeriodsToOsm([])).toBeUndefined();
    expect(googlePeriodsToOsm([{ open: at(9, 9), close: at(9, 17) }])).toBeUndefined();
    expect(googlePeriodsToOsm([{ open: at(1, 9) }, { open: at(2, 9) }])).toBeUndefined();
  });
});

describe("OSM tags", () => {
  it("passes clean hours, cleans what the package can rewrite, and drops the rest", () => {
    expect(isOpeningHours("Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off")).toBe(true);
    expect(isOpeningHours("Apr-Oct Mo-Su 08:30-17:00; Nov-Mar Mo-Su 08:30-16:30")).toBe(true);
    expect(isOpeningHours("ask inside")).toBe(false);
    expect(readableHours(" 24/7 ")).toBe("24/7");
    expect(readableHours("Tu-Su 10:00-18:00; Mo off")).toBe("Tu-Su 10:00-18:00; Mo off");
    expect(readableHours("9am to 5pm")).toBe("09:00-17:00");
    expect(readableHours("9am to 5pm, ask inside")).toBeUndefined();
    expect(readableHours("by appointment")).toBeUndefined();
    expect(readableHours("")).toBeUndefined();
    expect(readableHours(42)).toBeUndefined();
  });
});
