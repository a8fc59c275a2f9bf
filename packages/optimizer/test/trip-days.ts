import type { DayInput } from "../src/types";

/** The days of the small city trips the plan tests build: 09:00-22:00, visits end by 20:00, from and to `base`. */
export const tripDays = (count: number, base = "hotel"): DayInput[] =>
  Array.from({ length: count }, (_, t) => ({
    date: `2026-12-0${t + 1}`,
    start: "09:00",
    end: "22:00",
    visitsEnd: "20:00",
    from: base,
    to: base,
  }));
