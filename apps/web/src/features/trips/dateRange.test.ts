import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { nextRange, toIsoDate } from "./dateRange";
import { dateRange, relativeAge, shortPlace } from "./format";

const d = (s: string) => new Date(`${s}T12:00:00`);

describe("date picking (spec 1)", () => {
  it("first click sets the start, the second the end", () => {
    const a = nextRange({}, d("2026-12-10"));
    expect(a.complete).toBe(false);
    const b = nextRange(a.range, d("2026-12-14"));
    expect(b.complete).toBe(true);
    expect(toIsoDate(b.range.from!)).toBe("2026-12-10");
    expect(toIsoDate(b.range.to!)).toBe("2026-12-14");
  });

  it("swaps an end earlier than the start", () => {
    const r = nextRange({ from: d("2026-12-10") }, d("2026-12-05"));
    expect([toIsoDate(r.range.from!), toIsoDate(r.range.to!)]).toEqual(["2026-12-05", "2026-12-10"]);
  });

  it("restarts when both are set; the same day twice is a one-day trip", () => {
    expect(
      nextRange({ from: d("2026-12-10"), to: d("2026-12-12") }, d("2026-12-20")).range.to,
    ).toBeUndefined();
    const same = nextRange({ from: d("2026-12-10") }, d("2026-12-10"));
    expect(same.complete).toBe(true);
  });
});

describe("trip formatting", () => {
  it("formats date ranges", () => {
    expect(dateRange("2026-12-10", "2026-12-14")).toBe("Dec 10 – 14, 2026");
    expect(dateRange("2026-12-30", "2027-01-02")).toBe("Dec 30, 2026 – Jan 2, 2027");
    expect(dateRange("2026-11-28", "2026-12-02")).toBe("Nov 28 – Dec 2, 2026");
    expect(dateRange("2026-12-10", null)).toBe("Dec 10, 2026");
  });

  it("tells relative ages with the spec's labels", () => {
    const now = new Date(2026, 10, 22, 12);
    expect(relativeAge(new Date(2026, 10, 22, 8).toISOString(), now)).toBe("Today");
    expect(relativeAge(new Date(2026, 10, 21, 23).toISOString(), now)).toBe("Yesterday");
    expect(relativeAge(new Date(2026, 10, 17).toISOString(), now)).toBe("5 days ago");
    expect(relativeAge(new Date(2026, 10, 8).toISOString(), now)).toBe("2 weeks ago");
    expect(relativeAge(new Date(2026, 7, 1).toISOString(), now)).toBe("3 months ago");
  });

  it("follows the chosen language", async () => {
    const now = new Date(2026, 10, 22, 12);
    await i18n.changeLanguage("ja");
    try {
      // ICU versions differ ("2026/12/10～2026/12/14", "2026年12月10日～14日"): Japanese, not English.
      expect(dateRange("2026-12-10", "2026-12-14")).toMatch(/^2026\D+12\D+10\D.*14/);
      expect(relativeAge(new Date(2026, 10, 22, 8).toISOString(), now)).toBe("今日");
      expect(relativeAge(new Date(2026, 10, 8).toISOString(), now)).toMatch(/^2\s?週間前$/);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("keeps the first two comma parts of a place", () => {
    expect(shortPlace("Kyoto, Kyoto Prefecture, Japan")).toBe("Kyoto, Kyoto Prefecture");
    expect(shortPlace("Osaka, Osaka, Japan")).toBe("Osaka, Japan");
  });
});
