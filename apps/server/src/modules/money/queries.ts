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

/**
 * What the balances need, summed by the database (issue 29: the balances read is as frequent as the
 * screen): each person's paid and share over the trip's expenses in the home currency, and the
 * settlements as they are (few).
 */
export async function readBalanceInputs(db: Executor, tripId: string) {
  const [parts, settlements] = await Promise.all([
    db.execute<{ user_id: string; paid: string | number; share: string | number }>(sql`
      select user_id, sum(paid) as paid, sum(share) as share from (
        select p.user_id, p.home_amount_minor as paid, 0 as share
          from ${expensePayers} p join ${expenses} e on e.id = p.expense_id
          where e.trip_id = ${tripId} and e.kind = 'expense'
        union all
        select s.user_id, 0, s.home_amount_minor
          from ${expenseShares} s join ${expenses} e on e.id = s.expense_id
          where e.trip_id = ${tripId} and e.kind = 'expense'
      ) t group by user_id order by user_id`),
    db.execute<{ from_id: string; to_id: string; amount: string | number }>(sql`
      select p.user_id as from_id, s.user_id as to_id, e.home_amount_minor as amount
        from ${expenses} e
        join ${expensePayers} p on p.expense_id = e.id
        join ${expenseShares} s on s.expense_id = e.id
        where e.trip_id = ${tripId} and e.kind = 'settlement'`),
  ]);
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  return {
    paid: rows<{ user_id: string; paid: string | number }>(parts).map((r) => ({
      memberId: r.user_id,
      amountMinor: Number(r.paid),
    })),
    share: rows<{ user_id: string; share: string | number }>(parts).map((r) => ({
      memberId: r.user_id,
      amountMinor: Number(r.share),
    })),
    settlements: rows<{ from_id: string; to_id: string; amount: string | number }>(settlements).map((r) => ({
      fromId: r.from_id,
      toId: r.to_id,
      amountMinor: Number(r.amount),
    })),
  };
}

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

/**
 * A new entry with its payers and shares in one statement (one round trip, atomic as any statement),
 * and only while the trip has fewer than `max` entries; undefined when it has that many.
 */
export async function insertEntry(
  db: Executor,
  tripId: string,
  values: ExpenseValues,
  payers: PartRow[],
  shares: PartRow[],
  max: number,
): Promise<string | undefined> {
  const v = values;
  const parts = (list: PartRow[]) =>
    JSON.stringify(
      list.map((p) => ({
        user_id: p.userId,
        amount_minor: p.amountMinor,
        home_amount_minor: p.homeAmountMinor,
        input: p.input ?? null,
      })),
    );
  const result = await db.execute<{ id: string }>(sql`
    with e as (
      insert into ${expenses} (trip_id, kind, created_by, title, amount_minor, currency, home_amount_minor,
        home_currency, rate, rate_date, rate_source, spent_on, category, split_kind, link_kind, booking_id,
        place_id, link_date, meal, receipts, notes)
      select ${tripId}, ${v.kind ?? "expense"}, ${v.createdBy ?? null}, ${v.title}, ${v.amountMinor}, ${v.currency},
        ${v.homeAmountMinor}, ${v.homeCurrency}, ${v.rate ?? null}, ${v.rateDate ?? null}, ${v.rateSource ?? null},
        ${v.spentOn}, ${v.category}, ${v.splitKind}, ${v.linkKind ?? null}, ${v.bookingId ?? null},
        ${v.placeId ?? null}, ${v.linkDate ?? null}, ${v.meal ?? null}, ${JSON.stringify(v.receipts ?? [])}::jsonb,
        ${v.notes ?? null}
      where (select count(*) from ${expenses} where trip_id = ${tripId}) < ${max}
      returning id
    ), p as (
      insert into ${expensePayers} (expense_id, user_id, amount_minor, home_amount_minor)
      select e.id, x.user_id, x.amount_minor, x.home_amount_minor
        from e, jsonb_to_recordset(${parts(payers)}::jsonb) as x(user_id uuid, amount_minor bigint, home_amount_minor bigint)
    ), s as (
      insert into ${expenseShares} (expense_id, user_id, input, amount_minor, home_amount_minor)
      select e.id, x.user_id, x.input, x.amount_minor, x.home_amount_minor
        from e, jsonb_to_recordset(${parts(shares)}::jsonb)
          as x(user_id uuid, input text, amount_minor bigint, home_amount_minor bigint)
    )
    select id from e`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
}

/** Deletes the entry if `byUserId` recorded it (any entry when null: an admin); whether it did. */
export async function deleteEntry(
  db: Executor,
  tripId: string,
  id: string,
  kind: "expense" | "settlement",
  byUserId: string | null,
) {
  const [row] = await db
    .delete(expenses)
    .where(
      and(
        eq(expenses.tripId, tripId),
        eq(expenses.id, id),
        eq(expenses.kind, kind),
        byUserId ? eq(expenses.createdBy, byUserId) : undefined,
      ),
    )
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
