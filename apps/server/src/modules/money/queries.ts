import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/connect";
import { bookings, expensePayers, expenseShares, expenses, places, trips } from "../../db/schema";

export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseValues = Omit<typeof expenses.$inferInsert, "id" | "tripId" | "createdAt" | "updatedAt">;
export interface PartRow {
  userId: string;
  amountMinor: number;
  homeAmountMinor: number;
  input?: string | null;
}

/** A trip's expenses and settlements, oldest day first, with who paid and who shares. */
export async function readMoney(db: Executor, tripId: string) {
  const rows = await db
    .select()
    .from(expenses)
    .where(eq(expenses.tripId, tripId))
    .orderBy(asc(expenses.spentOn), asc(expenses.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [payers, shares] = await Promise.all([
    db.select().from(expensePayers).where(inArray(expensePayers.expenseId, ids)),
    db.select().from(expenseShares).where(inArray(expenseShares.expenseId, ids)),
  ]);
  const byExpense = <T extends { expenseId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const x of list) map.set(x.expenseId, [...(map.get(x.expenseId) ?? []), x]);
    return map;
  };
  const payersOf = byExpense(payers);
  const sharesOf = byExpense(shares);
  return rows.map((row) => ({ row, payers: payersOf.get(row.id) ?? [], shares: sharesOf.get(row.id) ?? [] }));
}
export type MoneyEntry = Awaited<ReturnType<typeof readMoney>>[number];

export async function readEntry(db: Executor, tripId: string, id: string): Promise<MoneyEntry | undefined> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.tripId, tripId), eq(expenses.id, id)));
  if (!row) return undefined;
  const [payers, shares] = await Promise.all([
    db.select().from(expensePayers).where(eq(expensePayers.expenseId, id)),
    db.select().from(expenseShares).where(eq(expenseShares.expenseId, id)),
  ]);
  return { row, payers, shares };
}

/** Writes an expense (new, or replacing one of the trip's) with its payers and shares, in one transaction. */
export async function writeEntry(
  db: Executor,
  tripId: string,
  id: string | undefined,
  values: ExpenseValues,
  payers: PartRow[],
  shares: PartRow[],
): Promise<string | undefined> {
  return (db as Db).transaction(async (tx) => {
    let expenseId = id;
    if (expenseId) {
      const [updated] = await tx
        .update(expenses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(expenses.tripId, tripId), eq(expenses.id, expenseId)))
        .returning({ id: expenses.id });
      if (!updated) return undefined;
      await tx.delete(expensePayers).where(eq(expensePayers.expenseId, expenseId));
      await tx.delete(expenseShares).where(eq(expenseShares.expenseId, expenseId));
    } else {
      const [inserted] = await tx
        .insert(expenses)
        .values({ ...values, tripId })
        .returning({ id: expenses.id });
      expenseId = inserted!.id;
    }
    await tx.insert(expensePayers).values(payers.map((p) => ({ ...p, input: undefined, expenseId })));
    await tx.insert(expenseShares).values(shares.map((s) => ({ ...s, input: s.input ?? null, expenseId })));
    return expenseId;
  });
}

export async function deleteEntry(db: Executor, tripId: string, id: string, kind: "expense" | "settlement") {
  const [row] = await db
    .delete(expenses)
    .where(and(eq(expenses.tripId, tripId), eq(expenses.id, id), eq(expenses.kind, kind)))
    .returning({ id: expenses.id });
  return Boolean(row);
}

export async function countEntries(db: Executor, tripId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(eq(expenses.tripId, tripId));
  return Number(row?.n ?? 0);
}

/**
 * The trip's chosen home currency, and the country most of its places are in (the default when none
 * is chosen): one statement, as every money request asks.
 */
export async function readCurrencyBasis(db: Executor, tripId: string) {
  const [row] = await db
    .select({
      chosen: trips.homeCurrency,
      // Written out: drizzle leaves columns unqualified in a one-table select, and "id" in the
      // subquery would then be the place's.
      country: sql<string | null>`(select p.country_code from places p
        where p.trip_id = "trips"."id" and p.country_code is not null
        group by p.country_code order by count(*) desc, p.country_code limit 1)`,
    })
    .from(trips)
    .where(eq(trips.id, tripId));
  return { chosen: row?.chosen ?? null, country: row?.country ?? null };
}

/** Who recorded an entry and its kind: what deciding who may change it needs. */
export async function readEntryHead(db: Executor, tripId: string, id: string) {
  const [row] = await db
    .select({ id: expenses.id, kind: expenses.kind, createdBy: expenses.createdBy })
    .from(expenses)
    .where(and(eq(expenses.tripId, tripId), eq(expenses.id, id)));
  return row;
}

export async function setHomeCurrency(db: Executor, tripId: string, currency: string) {
  await db.update(trips).set({ homeCurrency: currency }).where(eq(trips.id, tripId));
}

export async function bookingInTrip(db: Executor, tripId: string, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.tripId, tripId), eq(bookings.id, bookingId)));
  return Boolean(row);
}

export async function placeInTrip(db: Executor, tripId: string, placeId: string) {
  const [row] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.tripId, tripId), eq(places.id, placeId)));
  return Boolean(row);
}
