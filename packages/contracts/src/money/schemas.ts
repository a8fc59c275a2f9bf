// The money API's bodies (issue 29): expenses, settlements and balances. The input schemas run the same
// checks as the pure functions (splitTotal, checkPayers, parseRate), with the MONEY_MESSAGES texts.
import { z } from "zod";
import { photoUrlSchema } from "../places";
import { MEAL_KINDS } from "../plain/travel";
import { isoDate, multiLineText, singleLineText } from "../text";
import { parseRate, rateToString } from "./convert";
import { CURRENCY_CODES, MAX_AMOUNT_MINOR } from "./currency";
import { MONEY_MESSAGES as M, RATE_ERROR_MESSAGE, SPLIT_ERROR_MESSAGE } from "./messages";
import { checkPayers, SPLIT_KINDS, type SplitError, splitTotal } from "./split";

export const EXPENSE_CATEGORIES = ["lodging", "food", "transport", "tickets", "shopping", "other"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_TITLE_MAX = 120;
export const EXPENSE_NOTES_MAX = 1000;
export const MAX_RECEIPTS_PER_EXPENSE = 5;
/** Payers and split entries of one expense: a trip has at most 20 members (TRIP_MESSAGES.noColors). */
export const MAX_EXPENSE_MEMBERS = 50;
/** Where an expense's rate came from: the ECB's daily reference, the table shipped with the app, typed. */
export const RATE_SOURCES = ["ecb", "table", "typed"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

const memberId = z.uuid();
const currency = z.enum(CURRENCY_CODES as [string, ...string[]], { error: M.currencyInvalid });
/** A positive whole amount in minor units (an expense's total, a settlement). */
const positiveAmount = z
  .number({ error: M.amountRequired })
  .int(M.notInteger)
  .positive(M.amountRequired)
  .max(MAX_AMOUNT_MINOR, M.amountTooLarge);
/** A part of an amount: whole, >= 0 (the sum is checked against the total). */
const partAmount = z
  .number({ error: M.notInteger })
  .int(M.notInteger)
  .min(0, M.negative)
  .max(MAX_AMOUNT_MINOR, M.amountTooLarge);

export const allocationSchema = z.object({ memberId, amountMinor: partAmount });
const entries = <T extends z.ZodRawShape>(shape: T) =>
  z.array(z.object({ memberId, ...shape })).max(MAX_EXPENSE_MEMBERS);

/** How an expense is split (split.ts SplitSpec): `entries` are the chosen members with their value. */
export const splitSpecSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("equal"), entries: entries({}) }),
  z.object({
    kind: z.literal("shares"),
    entries: entries({ shares: z.number().int(M.notInteger).min(0, M.negative).max(1_000_000) }),
  }),
  z.object({
    kind: z.literal("percent"),
    entries: entries({ percent: z.number().min(0, M.negative).max(100) }),
  }),
  z.object({ kind: z.literal("exact"), entries: entries({ amountMinor: partAmount }) }),
]);
export { SPLIT_KINDS };

/** A rate "1 expense currency = value home currency" as decimal text or a number; stored as canonical text. */
export const rateInputSchema = z.object({
  value: z.union([z.string().max(40), z.number()], { error: M.rateInvalid }).transform((v, ctx) => {
    const r = parseRate(v);
    if (r.ok) return rateToString(r.value);
    ctx.addIssue({ code: "custom", message: M[RATE_ERROR_MESSAGE[r.error]] });
    return z.NEVER;
  }),
  source: z.enum(RATE_SOURCES).default("typed"),
  /** The day the rate is from (the ECB's publication day); null for a typed one. */
  date: isoDate.nullish(),
});

/** What an expense points at in the plan (at most one thing). */
export const expenseLinkSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("booking"), bookingId: z.uuid() }),
  /** A planned visit: the place, and the plan day when the place is visited on several. */
  z.object({ kind: z.literal("visit"), placeId: z.uuid(), date: isoDate.nullish() }),
  z.object({ kind: z.literal("meal"), date: isoDate, meal: z.enum(MEAL_KINDS) }),
]);

function splitIssuePath(error: SplitError, list: "payers" | "split", items: { memberId: string }[]) {
  const base = list === "payers" ? ["payers"] : ["split", "entries"];
  const index = error.memberId === undefined ? -1 : items.findIndex((e) => e.memberId === error.memberId);
  return index >= 0 ? [...base, index] : list === "payers" ? base : ["split"];
}

/**
 * POST /api/trips/:tripId/expenses and PUT .../expenses/:expenseId (the whole expense). The server
 * also checks that every payer and split member is in the trip, and that an expense not in the trip's
 * home currency has a rate (it fills one from the provider when none is sent).
 */
export const expenseInputSchema = z
  .object({
    title: singleLineText(M.titleRequired)
      .trim()
      .min(1, M.titleRequired)
      .max(EXPENSE_TITLE_MAX, M.titleTooLong),
    amountMinor: positiveAmount,
    currency,
    date: isoDate,
    category: z.enum(EXPENSE_CATEGORIES, { error: M.categoryInvalid }).default("other"),
    /** Who paid: one member with the whole amount, or several whose amounts sum to it. */
    payers: z.array(allocationSchema).max(MAX_EXPENSE_MEMBERS),
    split: splitSpecSchema,
    link: expenseLinkSchema.nullish(),
    notes: multiLineText().trim().max(EXPENSE_NOTES_MAX, M.notesTooLong).nullish(),
    /** Receipt photos, as a place's photos: the trip's own uploads or https URLs. */
    receipts: z.array(photoUrlSchema).max(MAX_RECEIPTS_PER_EXPENSE, M.tooManyReceipts).default([]),
    rate: rateInputSchema.nullish(),
  })
  .superRefine((e, ctx) => {
    const payers = checkPayers(e.amountMinor, e.payers);
    if (!payers.ok)
      ctx.addIssue({
        code: "custom",
        message: M[SPLIT_ERROR_MESSAGE[payers.error.code]],
        path: splitIssuePath(payers.error, "payers", e.payers),
      });
    const split = splitTotal(e.amountMinor, e.split);
    if (!split.ok)
      ctx.addIssue({
        code: "custom",
        message: M[SPLIT_ERROR_MESSAGE[split.error.code]],
        path: splitIssuePath(split.error, "split", e.split.entries),
      });
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseInputParsed = z.output<typeof expenseInputSchema>;

const person = z.object({ userId: z.string(), name: z.string(), color: z.string() });
const allocationOut = z.object({ memberId: z.string(), amountMinor: z.number().int() });

/** An expense as the API answers it. */
export const expenseSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  title: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  payers: z.array(allocationOut),
  split: splitSpecSchema,
  /** Each member's part in the expense's currency (splitTotal), sorted by member id. */
  shares: z.array(allocationOut),
  /** The same in the trip's home currency, with the rate it was converted at (null: same currency). */
  home: z.object({
    currency: z.string(),
    amountMinor: z.number().int(),
    payers: z.array(allocationOut),
    shares: z.array(allocationOut),
    rate: z.string().nullable(),
    rateSource: z.enum(RATE_SOURCES).nullable(),
    rateDate: z.string().nullable(),
  }),
  link: expenseLinkSchema.nullable(),
  notes: z.string().nullable(),
  receipts: z.array(z.string()),
  /** Who added it (null once they left the trip); they or an admin may edit and delete it. */
  createdBy: person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

/**
 * POST /api/trips/:tripId/settlements: `fromId` paid `toId` an amount in the trip's home currency
 * (all of a suggested transfer, or part of it).
 */
export const settlementInputSchema = z
  .object({
    fromId: memberId,
    toId: memberId,
    amountMinor: positiveAmount,
    date: isoDate,
    note: singleLineText().trim().max(200).nullish(),
  })
  .refine((s) => s.fromId !== s.toId, { message: M.settleSelf, path: ["toId"] });
export type SettlementInput = z.input<typeof settlementInputSchema>;

export const settlementSchema = z.object({
  id: z.string(),
  tripId: z.string(),
  fromId: z.string(),
  toId: z.string(),
  amountMinor: z.number().int(),
  /** Always the trip's home currency. */
  currency: z.string(),
  date: z.string(),
  note: z.string().nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** GET /api/trips/:tripId/balances: settle.ts's numbers, in the home currency's minor units. */
export const balancesSchema = z.object({
  currency: z.string(),
  members: z.array(
    z.object({
      memberId: z.string(),
      /** Null for someone who left the trip but still has expenses in it. */
      member: person.nullable(),
      paid: z.number().int(),
      share: z.number().int(),
      sent: z.number().int(),
      received: z.number().int(),
      balance: z.number().int(),
    }),
  ),
  transfers: z.array(z.object({ fromId: z.string(), toId: z.string(), amountMinor: z.number().int() })),
  /** Every balance is 0 ("All settled up"). */
  settled: z.boolean(),
});
export type Balances = z.infer<typeof balancesSchema>;
