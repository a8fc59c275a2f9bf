import type { ItineraryDay } from "@tabi/contracts";
import { expect, it } from "vitest";
import { inverseOf } from "./edits";

const day = {
  day: 1,
  visits: [
    { placeId: "a", start: "09:00", end: "10:30" },
    { placeId: "b", start: "11:00", end: "12:00" },
  ],
} as unknown as ItineraryDay;

it("undoes each kind of edit", () => {
  expect(inverseOf({ type: "reorder", day: 1, from: 0, to: 1 }, [day])).toEqual({
    type: "reorder",
    day: 1,
    from: 1,
    to: 0,
  });
  expect(inverseOf({ type: "move", fromDay: 1, index: 0, toDay: 2, toIndex: 3 }, [day])).toEqual({
    type: "move",
    fromDay: 2,
    index: 3,
    toDay: 1,
    toIndex: 0,
  });
  expect(inverseOf({ type: "resize", day: 1, placeId: "a", stayMinutes: 30 }, [day])).toEqual({
    type: "resize",
    day: 1,
    placeId: "a",
    stayMinutes: 90,
  });
  expect(inverseOf({ type: "remove", day: 1, placeId: "b" }, [day])).toEqual({
    type: "insert",
    day: 1,
    placeId: "b",
    index: 1,
    stayMinutes: 60,
  });
  expect(inverseOf({ type: "insert", day: 1, placeId: "c", index: 0 }, [day])).toEqual({
    type: "remove",
    day: 1,
    placeId: "c",
  });
});
