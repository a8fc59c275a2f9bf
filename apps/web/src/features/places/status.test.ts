import type { Place } from "@tabi/contracts";
import { expect, it } from "vitest";
import { sortPlaces, statusLabel, stayHours } from "./status";

const p = (name: string, status: Place["status"], scheduledDate: string | null = null) =>
  ({ name, status, scheduledDate }) as Place;

it("sorts scheduled, pending, unscheduled, then by name", () => {
  const sorted = sortPlaces([
    p("b", "unscheduled"),
    p("z", "scheduled"),
    p("a", "pending"),
    p("a", "scheduled"),
    p("c", "unscheduled"),
  ]);
  expect(sorted.map((x) => `${x.status}:${x.name}`)).toEqual([
    "scheduled:a",
    "scheduled:z",
    "pending:a",
    "unscheduled:b",
    "unscheduled:c",
  ]);
});

it("labels a status with the scheduled date when there is one", () => {
  expect(statusLabel(p("x", "scheduled", "2026-12-24"))).toBe("Dec 24");
  expect(statusLabel(p("x", "scheduled"))).toBe("Scheduled");
  expect(statusLabel(p("x", "pending"))).toBe("Pending");
  expect(statusLabel(p("x", "unscheduled"))).toBe("Unscheduled");
});

it("says a stay in hours as it is, not rounded to half hours (45 min is not '1h')", () => {
  expect(stayHours(120)).toBe(2);
  expect(stayHours(90)).toBe(1.5);
  expect(stayHours(45)).toBe(0.75);
  expect(stayHours(15)).toBe(0.25);
  expect(stayHours(20)).toBe(0.33);
});
