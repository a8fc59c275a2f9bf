import type { ItineraryDay, OptimizationResult, Place, PlaceList } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import type { OutboxItem } from "../../lib/offline/outbox";
import { applyPendingPlaces, PLACE_KINDS } from "./places";
import { applyPendingEdits, expectationsOf, PLAN_EDIT, stillApplies } from "./plan";

const ben = { userId: "ben", name: "Ben", color: "#16a34a" };
const aiko = { userId: "aiko", name: "Aiko", color: "#0284c7" };
const place = (id: string, extra: Partial<Place> = {}) =>
  ({
    id,
    tripId: "t1",
    name: id,
    notes: null,
    stayMinutes: 120,
    preferredTimeOfDay: null,
    openingHours: { value: "Mo-Su 09:00-17:00", source: "category" },
    wishes: [{ ...ben, wishLevel: 6 }],
    myWish: null,
    ...extra,
  }) as Place;
const list = (...places: Place[]) =>
  ({ places, usage: { mine: 0, limit: 10 }, optimized: true }) as PlaceList;
let n = 0;
const change = (kind: string, placeId: string, body?: unknown): OutboxItem => ({
  id: String(++n),
  kind,
  tripId: "t1",
  method: "PUT",
  path: "/",
  body,
  label: placeId,
  meta: { placeId, me: aiko },
  at: n,
});

describe("places changed offline", () => {
  it("show the caller's wish, then its removal, in order, on that place only", () => {
    const before = list(place("a"), place("b"));
    const wanted = applyPendingPlaces(before, [change(PLACE_KINDS.wishSet, "a", { wishLevel: 8 })]);
    expect(wanted.places[0]).toMatchObject({
      myWish: 8,
      wishes: [{ name: "Ben" }, { name: "Aiko", wishLevel: 8 }],
    });
    expect(wanted.places[1]).toBe(before.places[1]);
    const again = applyPendingPlaces(wanted, [change(PLACE_KINDS.wishSet, "a", { wishLevel: 8 })]);
    expect(again.places[0]!.wishes).toHaveLength(2); // the same change twice shows once
    const takenBack = applyPendingPlaces(before, [
      change(PLACE_KINDS.wishSet, "a", { wishLevel: 8 }),
      change(PLACE_KINDS.wishRemove, "a"),
    ]);
    expect(takenBack.places[0]).toMatchObject({ myWish: null, wishes: [{ name: "Ben" }] });
  });

  it("show a note, a time of day, hours and a priority typed offline", () => {
    const [p] = applyPendingPlaces(list(place("a", { myWish: 6, wishes: [{ ...aiko, wishLevel: 6 }] })), [
      change(PLACE_KINDS.update, "a", {
        notes: "Bring cash",
        preferredTimeOfDay: "morning",
        openingHours: "Mo-Fr 10:00-18:00",
        wishLevel: 9,
      }),
    ]).places;
    expect(p).toMatchObject({
      notes: "Bring cash",
      preferredTimeOfDay: "morning",
      openingHours: { value: "Mo-Fr 10:00-18:00", source: "place" },
      myWish: 9,
      wishes: [{ name: "Aiko", wishLevel: 9 }],
    });
  });
});

const visit = (placeId: string, start: string, end: string) => ({
  placeId,
  name: placeId,
  arrive: start,
  start,
  end,
  travelMinutes: 0,
  mode: "walk",
  latitude: 0,
  longitude: 0,
  category: "museum",
});
const day = (n: number, ...visits: ReturnType<typeof visit>[]) =>
  ({ day: n, visits }) as unknown as ItineraryDay;
const result = (id: string, days: ItineraryDay[]) => ({ id, tripId: "t1", days }) as OptimizationResult;
const edit = (body: unknown): OutboxItem => ({ ...change(PLAN_EDIT, "-", body), meta: undefined });

describe("calendar edits made offline", () => {
  const plan = result("r1", [day(1, visit("a", "09:00", "10:00"), visit("b", "10:00", "11:00")), day(2)]);

  it("show on the plan in order (a reorder is not idempotent: applied once per waiting edit)", () => {
    const shown = applyPendingEdits(plan, [edit({ type: "reorder", day: 1, from: 0, to: 1 })]);
    expect(shown.days[0]!.visits.map((v) => v.placeId)).toEqual(["b", "a"]);
    const moved = applyPendingEdits(plan, [
      edit({ type: "reorder", day: 1, from: 0, to: 1 }),
      edit({ type: "move", fromDay: 1, index: 1, toDay: 2, toIndex: 0 }),
    ]);
    expect(moved.days.map((d) => d.visits.map((v) => v.placeId))).toEqual([["b"], ["a"]]);
    expect(
      applyPendingEdits({ ...plan, tripId: "other" }, [edit({ type: "remove", day: 1, placeId: "a" })]),
    ).toEqual({ ...plan, tripId: "other" });
  });

  it("are checked against the plan on the server before they are sent", () => {
    const reorder = { type: "reorder", day: 1, from: 0, to: 1 } as const;
    const meta = { resultId: "r1", expect: expectationsOf(reorder, plan.days) };
    expect(meta.expect).toEqual([{ day: 1, index: 0, placeId: "a" }]);
    expect(stillApplies(meta, plan)).toBe(true);
    // Someone else moved the visit meanwhile, or a new plan was made, or there is none any more.
    const changed = result("r1", [
      day(1, visit("b", "09:00", "10:00"), visit("a", "10:00", "11:00")),
      day(2),
    ]);
    expect(stillApplies(meta, changed)).toBe(false);
    expect(stillApplies(meta, { ...plan, id: "r2" })).toBe(false);
    expect(stillApplies(meta, null)).toBe(false);
    const remove = {
      resultId: "r1",
      expect: expectationsOf({ type: "remove", day: 1, placeId: "b" }, plan.days),
    };
    expect(stillApplies(remove, changed)).toBe(true);
    expect(stillApplies(remove, result("r1", [day(1, visit("a", "09:00", "10:00")), day(2)]))).toBe(false);
  });
});
