import { describe, expect, it } from "vitest";
import {
  canAddPlacesAt,
  deadlineState,
  latestDeadline,
  presetDeadline,
  todayIn,
  tripDays,
  zonedToUtc,
} from "./time";

describe("zoned time", () => {
  it("finds the instant of a wall-clock time in a zone", () => {
    expect(zonedToUtc("2026-04-01", "09:00", "Asia/Tokyo").toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(zonedToUtc("2026-07-01", "23:59", "Europe/Paris").toISOString()).toBe("2026-07-01T21:59:00.000Z");
    expect(zonedToUtc("2026-01-15", "08:00", "America/New_York").toISOString()).toBe(
      "2026-01-15T13:00:00.000Z",
    );
  });

  it("handles a daylight-saving change", () => {
    // Europe/Berlin springs forward on 2026-03-29 at 02:00.
    expect(zonedToUtc("2026-03-29", "12:00", "Europe/Berlin").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(zonedToUtc("2026-03-28", "12:00", "Europe/Berlin").toISOString()).toBe("2026-03-28T11:00:00.000Z");
  });

  it("tells today's date in a zone", () => {
    const at = new Date("2026-11-22T20:00:00Z");
    expect(todayIn("Asia/Tokyo", at)).toBe("2026-11-23");
    expect(todayIn("America/Los_Angeles", at)).toBe("2026-11-22");
  });
});

describe("trip dates and deadlines", () => {
  const trip = { startDate: "2026-12-10", endDate: "2026-12-14", timezone: "Asia/Tokyo" };

  it("counts inclusive days", () => {
    expect(tripDays("2026-12-10", "2026-12-14")).toBe(5);
    expect(tripDays("2026-12-10", "2026-12-10")).toBe(1);
    expect(tripDays("2026-12-10", null)).toBe(1);
  });

  it("puts the latest deadline at 23:59 of the last day, trip time", () => {
    expect(latestDeadline(trip).toISOString()).toBe("2026-12-14T14:59:00.000Z");
    expect(latestDeadline({ ...trip, endDate: null }).toISOString()).toBe("2026-12-10T14:59:00.000Z");
  });

  it("computes the presets 24, 72 and 168 hours before the start", () => {
    expect(presetDeadline(trip, 24).toISOString()).toBe("2026-12-08T15:00:00.000Z");
    expect(presetDeadline(trip, 168).toISOString()).toBe("2026-12-02T15:00:00.000Z");
  });

  it("tells none, active and expired", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    expect(deadlineState(null, now)).toBe("none");
    expect(deadlineState("2026-12-01T00:00:01Z", now)).toBe("active");
    expect(deadlineState("2026-11-30T23:59:59Z", now)).toBe("expired");
  });
});

describe("who may add places at a moment", () => {
  const member = { role: "member", canAddPlaces: true };
  it("closes for members the moment the deadline passes, never for admins", () => {
    const deadline = "2026-12-01T00:00:00.000Z";
    expect(canAddPlacesAt(deadline, member, new Date("2026-12-01T00:00:00.000Z"))).toBe(true);
    expect(canAddPlacesAt(deadline, member, new Date("2026-12-01T00:00:00.001Z"))).toBe(false);
    expect(canAddPlacesAt(new Date(deadline), member, new Date("2026-12-02T00:00:00Z"))).toBe(false);
    expect(canAddPlacesAt(deadline, { role: "admin", canAddPlaces: false }, new Date("2027-01-01"))).toBe(
      true,
    );
  });
  it("follows the member's flag, and no deadline means open", () => {
    expect(canAddPlacesAt(null, member)).toBe(true);
    expect(canAddPlacesAt(null, { role: "member", canAddPlaces: false })).toBe(false);
  });
});
