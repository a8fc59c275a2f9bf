import { describe, expect, it } from "vitest";
import en from "../i18n/en.json";
import ja from "../i18n/ja.json";
import ko from "../i18n/ko.json";
import zh from "../i18n/zh.json";
import { MONEY_MESSAGES as M, SPLIT_ERROR_MESSAGE } from "./messages";
import { expenseInputSchema, settlementInputSchema } from "./schemas";
import { SPLIT_ERROR_CODES } from "./split";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";
const TRIP = "44444444-4444-4444-8444-444444444444";
const UPLOAD = "55555555-5555-4555-8555-555555555555";

const dinner = {
  title: "  Ramen in Shinjuku ",
  amountMinor: 4500,
  currency: "JPY",
  date: "2026-11-27",
  category: "food",
  payers: [{ memberId: A, amountMinor: 4500 }],
  split: {
    kind: "shares",
    entries: [
      { memberId: A, shares: 1 },
      { memberId: B, shares: 2 },
    ],
  },
  link: { kind: "meal", date: "2026-11-27", meal: "dinner" },
  receipts: [`/api/trips/${TRIP}/uploads/${UPLOAD}`],
};
/** The messages and paths of a failed parse. */
const issues = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("expenseInputSchema", () => {
  it("takes a valid expense, trimming the title and storing a canonical rate", () => {
    const r = expenseInputSchema.parse({
      ...dinner,
      rate: { value: "0,00610", source: "ecb", date: "2026-11-26" },
    });
    expect(r.title).toBe("Ramen in Shinjuku");
    expect(r.rate).toEqual({ value: "0.0061", source: "ecb", date: "2026-11-26" });
    const minimal = expenseInputSchema.parse({
      ...dinner,
      category: undefined,
      receipts: undefined,
      link: undefined,
    });
    expect(minimal.category).toBe("other");
    expect(minimal.receipts).toEqual([]);
  });

  it("says each problem with its own message, at the entry at fault", () => {
    expect(issues(expenseInputSchema.safeParse({ ...dinner, title: " " }))).toEqual([
      ["title", M.titleRequired],
    ]);
    expect(issues(expenseInputSchema.safeParse({ ...dinner, currency: "YEN" }))).toEqual([
      ["currency", M.currencyInvalid],
    ]);
    expect(issues(expenseInputSchema.safeParse({ ...dinner, amountMinor: 0 }))).toContainEqual([
      "amountMinor",
      M.amountRequired,
    ]);
    expect(
      issues(expenseInputSchema.safeParse({ ...dinner, payers: [{ memberId: A, amountMinor: 4000 }] })),
    ).toEqual([["payers", M.payersNotTotal]]);
    expect(
      issues(
        expenseInputSchema.safeParse({
          ...dinner,
          split: {
            kind: "percent",
            entries: [
              { memberId: A, percent: 50 },
              { memberId: B, percent: 40 },
            ],
          },
        }),
      ),
    ).toEqual([["split", M.percentNot100]]);
    expect(
      issues(
        expenseInputSchema.safeParse({
          ...dinner,
          split: { kind: "equal", entries: [{ memberId: C }, { memberId: C }] },
        }),
      ),
    ).toEqual([["split.entries.0", M.duplicateMember]]);
    expect(
      issues(expenseInputSchema.safeParse({ ...dinner, split: { kind: "equal", entries: [] } })),
    ).toEqual([["split", M.noneChosen]]);
    expect(issues(expenseInputSchema.safeParse({ ...dinner, rate: { value: "-1" } }))).toEqual([
      ["rate.value", M.rateInvalid],
    ]);
    expect(
      issues(expenseInputSchema.safeParse({ ...dinner, receipts: ["http://x.test/a.jpg"] })),
    ).toHaveLength(1);
    expect(issues(expenseInputSchema.safeParse({ ...dinner, date: "2026-02-30" }))).toHaveLength(1);
  });
});

describe("settlementInputSchema", () => {
  it("takes a payment between two members, not to oneself", () => {
    const s = { fromId: A, toId: B, amountMinor: 1500, date: "2026-11-28" };
    expect(settlementInputSchema.parse(s)).toEqual(s);
    expect(issues(settlementInputSchema.safeParse({ ...s, toId: A }))).toEqual([["toId", M.settleSelf]]);
    expect(issues(settlementInputSchema.safeParse({ ...s, amountMinor: 1.5 }))).toEqual([
      ["amountMinor", M.notInteger],
    ]);
  });
});

describe("the money texts", () => {
  it("are the catalogues' English, in every language, with a text for every split error", () => {
    expect(en.money).toEqual(M);
    for (const other of [ja, ko, zh]) expect(Object.keys(other.money)).toEqual(Object.keys(M));
    for (const code of SPLIT_ERROR_CODES) expect(M[SPLIT_ERROR_MESSAGE[code]]).toBeTruthy();
    expect(new Set(Object.values(M)).size).toBe(Object.keys(M).length);
  });
});
