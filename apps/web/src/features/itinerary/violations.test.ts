import { expect, it } from "vitest";
import { describeViolation, describeViolations } from "./violations";

const names = new Map([["p_kinkaku", "Kinkaku-ji"]]);
const nameOf = (id: string) => names.get(id);

it("keeps a message that already names the place", () => {
  const message = "Kinkaku-ji closes at 17:00: the visit now ends at 17:40";
  expect(describeViolation({ kind: "closed", placeId: "p_kinkaku", message }, nameOf)).toBe(message);
});

it("never shows a place id: quoted or bare, it becomes the name", () => {
  expect(
    describeViolation(
      {
        kind: "closed",
        placeId: "p_kinkaku",
        message: '"p_kinkaku" 18:00-19:00 is outside its opening hours',
      },
      nameOf,
    ),
  ).toBe("Kinkaku-ji 18:00-19:00 is outside its opening hours");
  expect(
    describeViolation({ kind: "closed", placeId: "p_kinkaku", message: "p_kinkaku is closed then" }, nameOf),
  ).toBe("Kinkaku-ji is closed then");
});

it("starts with a capital and drops repeats and empty messages", () => {
  expect(
    describeViolations(
      [
        { kind: "meal", message: "lunch starts at 15:10, after its window" },
        { kind: "meal", message: "lunch starts at 15:10, after its window" },
        { kind: "day_end", message: " " },
      ],
      nameOf,
    ),
  ).toEqual(["Lunch starts at 15:10, after its window"]);
});
