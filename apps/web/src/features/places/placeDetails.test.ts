import type { Place } from "@tabi/contracts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { formatClock as c } from "../../i18n/format";
import { PlaceCard } from "./PlaceCard";
import { PlaceRow } from "./PlaceRow";

const place = (extra: Partial<Place>) =>
  ({
    id: "p1",
    name: "Kinkaku-ji",
    address: "Kyoto",
    category: "temple",
    photos: [],
    stayMinutes: 90,
    preferredTimeOfDay: null,
    openingHours: { value: "Tu-Su 09:00-17:00; Dec 25 off", source: "place" },
    notes: null,
    addedBy: { userId: "u1", name: "Aiko", color: "#e11d48" },
    wishes: [{ userId: "u1", name: "Aiko", color: "#e11d48", wishLevel: 8 }],
    myWish: 8,
    status: "scheduled",
    scheduledDate: "2026-12-11",
    priceLevel: null,
    canEdit: true,
    canDelete: true,
    ...extra,
  }) as Place;
const actions = { onEdit() {}, onDelete() {}, onWant() {}, onUnwant() {} };
const text = (html: string) => html.replace(/<[^>]+>/g, "\n").replace(/\n+/g, "\n");

it("shows the place's own hours one rule per line on the card and the row", () => {
  for (const view of [PlaceCard, PlaceRow]) {
    const html = renderToStaticMarkup(createElement(view, { place: place({}), tab: "trip", actions }));
    expect(text(html)).toContain(`\nTue-Sun ${c("09:00")}-${c("17:00")}\nDec 25: closed\n`);
    expect(html).not.toContain("Usual hours");
  }
});

it("says when the hours are the category's, and why a place was left out", () => {
  const left = place({
    status: "unscheduled",
    scheduledDate: null,
    openingHours: { value: "Mo-Su 08:30-17:00", source: "category" },
  });
  const plan = { reason: "Too far from the rest of the trip" };
  const card = text(
    renderToStaticMarkup(createElement(PlaceCard, { place: left, tab: "trip", actions, plan })),
  );
  expect(card).toContain(`\nDaily ${c("08:30")}-${c("17:00")}\nUsual hours for temples\n`);
  expect(card).toContain("\nNot planned\nToo far from the rest of the trip\n");
  const row = text(
    renderToStaticMarkup(createElement(PlaceRow, { place: left, tab: "trip", actions, plan })),
  );
  expect(row).toContain("Not planned: Too far from the rest of the trip");
  // A scheduled place has no such line, even with a stale reason at hand.
  const kept = renderToStaticMarkup(
    createElement(PlaceRow, { place: place({}), tab: "trip", actions, plan }),
  );
  expect(kept).not.toContain("Not planned");
});

it("shows a visit's note on the card and the row", () => {
  const plan = { note: "Wished for the morning: every morning was full." };
  for (const view of [PlaceCard, PlaceRow])
    expect(
      renderToStaticMarkup(createElement(view, { place: place({}), tab: "trip", actions, plan })),
    ).toContain("Wished for the morning: every morning was full.");
});
