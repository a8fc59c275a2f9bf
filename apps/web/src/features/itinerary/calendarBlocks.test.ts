import type { ItineraryDay } from "@tabi/contracts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { VisitBlock } from "./CalendarBlocks";

const block = (extra: Partial<ItineraryDay["visits"][number]>, system = false) =>
  renderToStaticMarkup(
    createElement(VisitBlock, {
      day: 1,
      index: 0,
      visit: { placeId: "p1", name: "Kinkaku-ji", start: "09:00", end: "10:30", ...extra } as never,
      top: 0,
      height: 90,
      color: "#e11d48",
      system,
      disabled: false,
      onOpen() {},
    }),
  );

it("shows a lock with words for screen readers in the block's name", () => {
  const day = block({ locked: "day" });
  expect(day).toContain('data-locked="day"');
  expect(day).toMatch(/class="sr-only"> Locked to this day</);
  expect(block({ locked: "time" })).toMatch(/class="sr-only"> Locked to this day and time</);
  expect(block({})).not.toContain("Locked");
});

it("marks a visit that has a note, the note as its tooltip", () => {
  const html = block({ note: "No night slot was free" });
  expect(html).toContain('title="No night slot was free"');
  expect(html).toContain("Has a note on its time");
  expect(block({})).not.toContain("data-note");
  // System stops (airports) never carry these marks.
  expect(block({ locked: "day", note: "x" }, true)).not.toContain("Locked");
});
