import { expect, it } from "vitest";
import { i18n } from "../../i18n";
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

it("words a message by its key and values, a place id among them becoming the name", () => {
  i18n.addResource("en", "server", "test.closes", "{{place}} closes at {{time}}");
  expect(
    describeViolation(
      {
        kind: "closed",
        placeId: "p_kinkaku",
        message: "p_kinkaku closes at 17:00",
        messageKey: "test.closes",
        messageParams: { place: "p_kinkaku", time: "17:00" },
      },
      nameOf,
    ),
  ).toBe("Kinkaku-ji closes at 17:00");
  // No such key (an older web app): the English message, ids still replaced.
  expect(
    describeViolation(
      { kind: "closed", placeId: "p_kinkaku", message: "p_kinkaku is closed then", messageKey: "none.here" },
      nameOf,
    ),
  ).toBe("Kinkaku-ji is closed then");
});
