import { latestDeadline } from "@tabi/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n";
import { deadlineText, fromZonedInputValue, zonedInputValue } from "./format";

// A Kyoto trip's last day ends at 23:59 in Kyoto (14:59 UTC): every member reads that, named, wherever
// their own clock is (issue 25: seen from UTC it read "2:59 PM" without a zone).
const kyoto = { startDate: "2026-11-28", endDate: "2026-12-01", timezone: "Asia/Tokyo" };
const last = latestDeadline(kyoto).toISOString();

describe("a trip's deadline, on the trip's clock with its zone named", () => {
  afterEach(() => i18n.changeLanguage("en"));

  it("says the trip's time and names the zone in English", () => {
    expect(last).toBe("2026-12-01T14:59:00.000Z");
    expect(deadlineText(last, "Asia/Tokyo")).toBe("Dec 1, 2026, 11:59 PM (Japan Standard Time)");
    // Paris: the same instant is 3:59 PM there, in Central European (standard) time.
    expect(deadlineText(last, "Europe/Paris")).toMatch(
      /^Dec 1, 2026, 3:59 PM \(Central European (Standard )?Time\)$/,
    );
  });

  it("never reads a zone as a bare offset where the zone has a name", () => {
    expect(deadlineText(last, "UTC")).toBe("Dec 1, 2026, 2:59 PM (Coordinated Universal Time)");
    expect(deadlineText(last, "America/Los_Angeles")).toBe("Dec 1, 2026, 6:59 AM (Pacific Time)");
  });

  it("says it in each language's own way", async () => {
    await i18n.changeLanguage("ja");
    expect(deadlineText(last, "Asia/Tokyo")).toBe("2026/12/01 23:59 日本標準時");
    await i18n.changeLanguage("ko");
    expect(deadlineText(last, "Asia/Tokyo")).toBe("2026. 12. 1. 오후 11:59 일본 표준시");
    await i18n.changeLanguage("zh");
    expect(deadlineText(last, "Asia/Tokyo")).toBe("2026年12月1日 23:59 日本标准时间");
  });

  it("falls back to the viewer's clock for an unknown zone, naming the id", () => {
    const text = deadlineText(last, "Mars/Olympus_Mons");
    expect(text).toMatch(/^Dec [12], 2026, \d{1,2}:59 [AP]M \(Mars\/Olympus_Mons\)$/);
  });
});

describe("the deadline field, on the trip's wall clock", () => {
  it("writes and reads a datetime-local value in the trip's zone", () => {
    expect(zonedInputValue(new Date(last), "Asia/Tokyo")).toBe("2026-12-01T23:59");
    expect(zonedInputValue(new Date(last), "America/Los_Angeles")).toBe("2026-12-01T06:59");
    expect(fromZonedInputValue("2026-12-01T23:59", "Asia/Tokyo").toISOString()).toBe(last);
    // Across a daylight-saving change: 2026-03-29 02:30 does not exist in Paris; 03:30 is 01:30 UTC.
    expect(fromZonedInputValue("2026-03-29T03:30", "Europe/Paris").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
  });
});
