import type { Booking, Expense } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import {
  bodyOf,
  bookingPrice,
  emptyForm,
  evenPercents,
  formFromBooking,
  formOf,
  preview,
  splitAmong,
  withLink,
  withSplitKind,
} from "./form";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";
const form = (patch = {}) => ({ ...emptyForm([A, B, C], A, "JPY", "2026-12-01"), title: "Dinner", ...patch });

describe("the expense form's live preview", () => {
  it("splits equally among everyone by default, paid by me", () => {
    const p = preview(form({ amount: "1000" }));
    expect(p.parts).toEqual([
      { memberId: A, amountMinor: 334 },
      { memberId: B, amountMinor: 333 },
      { memberId: C, amountMinor: 333 },
    ]);
    expect(p.payers).toEqual([{ memberId: A, amountMinor: 1000 }]);
    const body = bodyOf(form({ amount: "1000" }), p, "JPY");
    expect(body).toMatchObject({ amountMinor: 1000, currency: "JPY", split: { kind: "equal" }, link: null });
  });

  it("reads amounts in the currency's decimals and says what is wrong with the amount", () => {
    expect(preview(form({ currency: "EUR", amount: "12.5" })).amountMinor).toBe(1250);
    // Yen has no decimals: "12.5" says so; "-500" asks for more than 0, as "0" does.
    expect(preview(form({ amount: "12.5" })).amountError).toBe("amountNoDecimals");
    expect(preview(form({ amount: "1,234" })).amountError).toBe("amountFormat");
    expect(preview(form({ amount: "-500" })).amountError).toBe("amountRequired");
    expect(preview(form({ currency: "EUR", amount: "1.255" })).amountError).toBe("amountTooManyDecimals");
    expect(preview(form({ amount: "" })).amountError).toBe("amountRequired");
  });

  it("splits by shares and keeps a bad share beside its member", () => {
    const f = form({ amount: "3000", splitKind: "shares" as const });
    f.values.shares = { [A]: "2", [B]: "1", [C]: "0" };
    expect(preview(f).parts?.map((x) => x.amountMinor)).toEqual([2000, 1000, 0]);
    f.values.shares[B] = "-1";
    const p = preview(f);
    expect(p.entryErrors[B]).toBe("negative");
    expect(bodyOf(f, p, "JPY")).toBeNull();
    expect(f.values.shares[B]).toBe("-1");
  });

  it("says percentages must add up to 100 and exact amounts to the total", () => {
    const f = form({ amount: "1000", splitKind: "percent" as const });
    f.values.percent = { [A]: "50", [B]: "30", [C]: "10" };
    expect(preview(f).splitError).toBe("percentNot100");
    const g = form({ amount: "1000", splitKind: "exact" as const });
    g.values.exact = { [A]: "500", [B]: "400", [C]: "" };
    expect(preview(g).splitError).toBe("exactNotTotal");
    g.values.exact[C] = "100";
    expect(preview(g).parts?.map((x) => x.amountMinor)).toEqual([500, 400, 100]);
  });

  it("checks several payers and nobody chosen", () => {
    const f = form({ amount: "1000", payMode: "several" as const });
    f.paid = { [A]: "600", [B]: "300", [C]: "" };
    expect(preview(f).payersError).toBe("payersNotTotal");
    f.paid[C] = "100";
    expect(preview(f).payers?.length).toBe(3);
    const g = form({ amount: "1000", chosen: { [A]: false, [B]: false, [C]: false } });
    expect(preview(g).splitError).toBe("noneChosen");
  });

  it("sends a typed rate and a visit link", () => {
    const f = form({ currency: "USD", amount: "20", rate: "150.5", link: `visit:${B}:2026-12-02` });
    const body = bodyOf(f, preview(f), "JPY");
    expect(body?.rate).toEqual({ value: "150.5", source: "typed" });
    expect(body?.link).toEqual({ kind: "visit", placeId: B, date: "2026-12-02" });
  });

  it("fills the form from a saved expense", () => {
    const expense = {
      id: "e",
      title: "Museum",
      amountMinor: 3000,
      currency: "EUR",
      date: "2026-12-02",
      category: "tickets",
      payers: [{ memberId: B, amountMinor: 3000 }],
      split: {
        kind: "shares",
        entries: [
          { memberId: A, shares: 2 },
          { memberId: B, shares: 1 },
        ],
      },
      home: { rate: "160", rateSource: "typed" },
      link: { kind: "visit", placeId: C, date: null },
      notes: null,
      receipts: [`/api/trips/${A}/uploads/${B}`],
    } as unknown as Expense;
    const f = formOf(expense, [A, B, C], A);
    expect(f).toMatchObject({
      amount: "30.00",
      payerId: B,
      splitKind: "shares",
      rate: "160",
      link: `visit:${C}:`,
      receipts: [`/api/trips/${A}/uploads/${B}`],
    });
    expect(f.chosen).toEqual({ [A]: true, [B]: true, [C]: false });
    expect(preview(f).parts?.map((x) => x.amountMinor)).toEqual([2000, 1000]);
  });

  it("starts percentages even, summing to exactly 100, and keeps typed ones", () => {
    expect(evenPercents([A, B, C])).toEqual({ [A]: "33.34", [B]: "33.33", [C]: "33.33" });
    const f = withSplitKind(form({ amount: "1000" }), "percent");
    expect(preview(f).parts?.map((x) => x.amountMinor)).toEqual([334, 333, 333]);
    f.values.percent[A] = "50";
    expect(withSplitKind(withSplitKind(f, "equal"), "percent").values.percent[A]).toBe("50");
  });
});

const booking = (patch: Partial<Booking>): Booking =>
  ({
    id: "00000000-0000-4000-8000-0000000000bb",
    tripId: A,
    bookingType: "flight",
    price: null,
    currency: null,
    pricePerNight: null,
    checkInDate: null,
    checkOutDate: null,
    departureDate: null,
    hotelName: null,
    route: null,
    flightNumber: null,
    ...patch,
  }) as Booking;

describe("links, receipts and bookings in the expense form", () => {
  it("links a meal and a visit to their day, and sends the link and the receipts", () => {
    const meal = withLink(form({ amount: "1200" }), "meal:2026-12-03:lunch", {
      memberIds: [A, B, C],
      skippersOf: () => [],
      bookings: [],
    });
    expect(meal.date).toBe("2026-12-03");
    const receipts = [`/api/trips/${A}/uploads/${B}`];
    const body = bodyOf({ ...meal, receipts }, preview(meal), "JPY");
    expect(body).toMatchObject({ link: { kind: "meal", date: "2026-12-03", meal: "lunch" }, receipts });
    expect(
      bodyOf(form({ amount: "1", link: "meal:2026-12-03:brunch" }), preview(form({ amount: "1" })), "JPY")
        ?.link,
    ).toBeNull();
  });

  it("splits a visit's expense among those who went, unless the member already chose", () => {
    const ctx = { memberIds: [A, B, C], skippersOf: () => [C], bookings: [] };
    const visit = withLink(form({ amount: "1000" }), `visit:${C}:2026-12-02`, ctx);
    expect(visit.date).toBe("2026-12-02");
    expect(visit.chosen).toEqual({ [A]: true, [B]: true, [C]: false });
    const chosenByHand = form({ chosen: { [A]: true, [B]: false, [C]: true } });
    expect(withLink(chosenByHand, `visit:${C}:2026-12-02`, ctx).chosen).toEqual(chosenByHand.chosen);
    expect(splitAmong([A, B], [A, B])).toEqual({ [A]: true, [B]: true });
  });

  it("takes a booking's price in its currency's decimals; a hotel's nights times its price per night", () => {
    expect(bookingPrice(booking({ price: 412.5, currency: "USD" }))).toEqual({
      amount: "412.50",
      currency: "USD",
    });
    expect(bookingPrice(booking({ bookingType: "train", price: 13320 }))).toEqual({
      amount: "13320",
      currency: "JPY",
    });
    expect(
      bookingPrice(
        booking({
          bookingType: "hotel",
          pricePerNight: 120,
          checkInDate: "2026-12-01",
          checkOutDate: "2026-12-04",
        }),
      ),
    ).toEqual({ amount: "360.00", currency: "USD" });
    expect(bookingPrice(booking({ bookingType: "hotel", pricePerNight: 120 }))).toBeNull();
    expect(bookingPrice(booking({}))).toBeNull();
  });

  it("fills a new expense from a booking: title, amount, currency, category, day and link", () => {
    const hotel = booking({
      bookingType: "hotel",
      hotelName: "Ryokan Sakura",
      price: 54000,
      currency: "JPY",
      checkInDate: "2026-12-01",
      checkOutDate: "2026-12-03",
    });
    const f = formFromBooking(hotel, "Ryokan Sakura", form({ title: "" }));
    expect(f).toMatchObject({
      title: "Ryokan Sakura",
      amount: "54000",
      currency: "JPY",
      category: "lodging",
      date: "2026-12-01",
      link: `booking:${hotel.id}`,
    });
    const flight = formFromBooking(
      booking({ price: 300, currency: "EUR", departureDate: "2026-12-05" }),
      "Flight",
      form({ title: "" }),
    );
    expect(flight).toMatchObject({
      amount: "300.00",
      currency: "EUR",
      category: "transport",
      date: "2026-12-05",
    });
    expect(preview(flight).amountMinor).toBe(30000);
  });
});
