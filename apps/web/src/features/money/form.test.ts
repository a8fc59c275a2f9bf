import type { Expense } from "@tabi/contracts";
import { describe, expect, it } from "vitest";
import { bodyOf, emptyForm, evenPercents, formOf, preview, withSplitKind } from "./form";

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
    expect(preview(form({ amount: "12.5" })).amountError).toBe("amountFormat");
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
    } as unknown as Expense;
    const f = formOf(expense, [A, B, C], A);
    expect(f).toMatchObject({
      amount: "30.00",
      payerId: B,
      splitKind: "shares",
      rate: "160",
      link: `visit:${C}:`,
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
