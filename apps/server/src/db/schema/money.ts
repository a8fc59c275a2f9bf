import { sql } from "drizzle-orm";
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { bookings } from "./itinerary";
import { places } from "./places";
import { trips } from "./trips";

/**
 * Group money (issue 29). Amounts are integers in the currency's minor unit (DESIGN.md, "Money"). An
 * expense keeps the rate it was converted with, so history does not move when rates do; balances are
 * in the trip's home currency (`homeAmountMinor`). A settlement is an expense of its own kind: its
 * one payer gave money to its one sharer.
 */
export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    tripId: uuid("trip_id")
      .notNull()
      .references(() => trips.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["expense", "settlement"] })
      .notNull()
      .default("expense"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    homeAmountMinor: bigint("home_amount_minor", { mode: "number" }).notNull(),
    homeCurrency: text("home_currency").notNull(),
    /** 1 unit of `currency` = rate units of `homeCurrency` (decimal text); null in the home currency. */
    rate: text("rate"),
    rateDate: date("rate_date"),
    rateSource: text("rate_source", { enum: ["ecb", "table", "typed"] }),
    spentOn: date("spent_on").notNull(),
    category: text("category").notNull(),
    splitKind: text("split_kind", { enum: ["equal", "shares", "percent", "exact"] }).notNull(),
    /** What it pays for in the plan: a booking, a visit (place, and its day) or a meal (day, kind). */
    linkKind: text("link_kind", { enum: ["booking", "visit", "meal"] }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    placeId: uuid("place_id").references(() => places.id, { onDelete: "set null" }),
    linkDate: date("link_date"),
    meal: text("meal"),
    receipts: jsonb("receipts").$type<string[]>().notNull().default([]),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("expenses_trip_idx").on(t.tripId, t.spentOn),
    check("expenses_amount_positive", sql`${t.amountMinor} > 0 and ${t.homeAmountMinor} >= 0`),
  ],
);

/** Who paid how much of an expense (in its own currency and in the home currency). */
export const expensePayers = pgTable(
  "expense_payers",
  {
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id, { onDelete: "cascade" }),
    // No foreign key: a member who deletes their account leaves the others' balances as they were
    // (the balances show "a former member"; their name and e-mail go with the account).
    userId: uuid("user_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    homeAmountMinor: bigint("home_amount_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.userId] }), index("expense_payers_user_idx").on(t.userId)],
);

/** Each member's part of an expense: what they typed (a weight, a percentage, an amount) and the result. */
export const expenseShares = pgTable(
  "expense_shares",
  {
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id, { onDelete: "cascade" }),
    // No foreign key: a member who deletes their account leaves the others' balances as they were
    // (the balances show "a former member"; their name and e-mail go with the account).
    userId: uuid("user_id").notNull(),
    /** As typed: shares, a percentage or an amount in minor units; null for an equal split. */
    input: text("input"),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    homeAmountMinor: bigint("home_amount_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.userId] }), index("expense_shares_user_idx").on(t.userId)],
);
