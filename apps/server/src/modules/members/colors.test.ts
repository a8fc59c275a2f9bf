import { expect, it } from "vitest";
import { lowestFreeColor } from "./colors";

it("gives the lowest free index and reuses released ones", () => {
  expect(lowestFreeColor([])).toBe(1);
  expect(lowestFreeColor([1, 2, 3])).toBe(4);
  expect(lowestFreeColor([1, 3, 4])).toBe(2);
});

it("refuses a 21st member with the spec's message", () => {
  const all = Array.from({ length: 20 }, (_, i) => i + 1);
  expect(() => lowestFreeColor(all)).toThrow("No available colors (maximum 20 members per trip)");
});
