import {
  type Balances,
  type CurrencyCode,
  computeBalances,
  convertMinor,
  currencyOfCountry,
  type Expense,
  type ExpenseInputParsed,
  expenseInHome,
  isCurrency,
  MONEY_MESSAGES as M,
  memberColor,
  type Settlement,
  type SettlementInput,
  splitTotal,
  suggestTransfers,
} from "@tabi/contracts";
import { MONEY_BALANCES } from "../../cache";
import type { TripCache } from "../../cache/trip-cache";
import type { Db } from "../../db/connect";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors";
import type { TripScope } from "../../http/guards";
import type { RatesProvider } from "../../providers/rates";
import type { TripBus } from "../../realtime/bus";
import { listMembers } from "../members/queries";
import { assertPlacePhotos } from "../uploads/service";
import {
  bookingInTrip,
  countEntries,
  deleteEntry,
  type ExpenseValues,
  insertEntry,
  type MoneyEntry,
  type PartRow,
  placeInTrip,
  readBalanceInputs,
  readCurrencyBasis,
  readEntry,
  readMoney,
  setHomeCurrency,
  writeEntry,
} from "./queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ours: more than any real trip's receipts; more is a runaway client. */
export const MAX_ENTRIES_PER_TRIP = 2000;
/** When neither the trip nor its places say: the euro (the ECB's base, so every rate is one step). */
const FALLBACK_CURRENCY: CurrencyCode = "EUR";

type Person = { userId: string; name: string; color: string };

/**
 * Group money (issue 29): expenses with payers and splits, settlements, balances and the transfers
 * that settle them. The arithmetic is the contracts' (split.ts, convert.ts, settle.ts), shared with the
 * browser; here: who may do what, rates, the plan links, storage and the trip's channel.
 */
export class MoneyService {
  constructor(
    private readonly db: Db,
    private readonly bus: TripBus,
    private readonly rates: RatesProvider,
    /** Balances are kept until a money write, a member or place change, or a minute (cache/index.ts). */
    private readonly cache?: TripCache,
  ) {}

  /** The chosen home currency, else the currency of the country most of the trip's places are in. */
  async homeCurrency(tripId: string): Promise<CurrencyCode> {
    const basis = await readCurrencyBasis(this.db, tripId);
    if (basis.chosen && isCurrency(basis.chosen)) return basis.chosen;
    return currencyOfCountry(basis.country) ?? FALLBACK_CURRENCY;
  }

  async setHomeCurrency(scope: TripScope, currency: string): Promise<CurrencyCode> {
    if (scope.role !== "admin") throw forbidden(M.homeCurrencyAdminOnly);
    if (!isCurrency(currency)) throw badRequest(M.currencyInvalid);
    // Every stored home amount is in the old currency: converting history would move it.
    if (
      (await countEntries(this.db, scope.tripId)) > 0 &&
      currency !== (await this.homeCurrency(scope.tripId))
    )
      throw new AppError(409, "CONFLICT", M.homeCurrencyLocked);
    await setHomeCurrency(this.db, scope.tripId, currency);
    this.changed(scope.tripId);
    return currency;
  }

  async list(
    scope: TripScope,
  ): Promise<{ currency: CurrencyCode; expenses: Expense[]; settlements: Settlement[] }> {
    const [entries, people, currency] = await Promise.all([
      readMoney(this.db, scope.tripId),
      this.people(scope.tripId),
      this.homeCurrency(scope.tripId),
    ]);
    return {
      currency,
      expenses: entries.filter((e) => e.row.kind === "expense").map((e) => presentExpense(e, people)),
      settlements: entries
        .filter((e) => e.row.kind === "settlement")
        .map((e) => presentSettlement(e, people)),
    };
  }

  /** Three reads and the settling arithmetic, so kept: every member's screen asks after each change. */
  balances(scope: TripScope): Promise<Balances> {
    if (!this.cache) return this.readBalances(scope.tripId);
    return this.cache.load(scope.tripId, MONEY_BALANCES, () => this.readBalances(scope.tripId));
  }

  private async readBalances(tripId: string): Promise<Balances> {
    const [inputs, people, currency] = await Promise.all([
      readBalanceInputs(this.db, tripId),
      this.people(tripId),
      this.homeCurrency(tripId),
    ]);
    // The trip's expenses summed per person are one balanced expense: the same balances as each alone.
    const members = computeBalances(
      [...people.keys()],
      [{ payers: inputs.paid, shares: inputs.share }],
      inputs.settlements,
    );
    const transfers = suggestTransfers(members);
    return {
      currency,
      members: members.map((m) => ({ ...m, member: people.get(m.memberId) ?? null })),
      transfers,
      settled: members.every((m) => m.balance === 0),
    };
  }

  async create(scope: TripScope, input: ExpenseInputParsed): Promise<Expense> {
    const [values, payers, shares, people] = await this.prepare(scope, input);
    const id = await insertEntry(this.db, scope.tripId, values, payers, shares, MAX_ENTRIES_PER_TRIP);
    if (!id) throw new AppError(409, "CONFLICT", M.tooManyExpenses);
    this.changed(scope.tripId);
    return presentExpense(written(id, scope.tripId, values, payers, shares), people);
  }

  async replace(scope: TripScope, expenseId: string, input: ExpenseInputParsed): Promise<Expense> {
    const existing = await this.mayChange(scope, expenseId, "expense");
    const [values, payers, shares] = await this.prepare(scope, input);
    await writeEntry(
      this.db,
      scope.tripId,
      existing.row.id,
      { ...values, createdBy: existing.row.createdBy },
      payers,
      shares,
    );
    await this.changed(scope.tripId);
    return this.one(scope, expenseId, "expense");
  }

  async remove(scope: TripScope, id: string, kind: "expense" | "settlement"): Promise<void> {
    // One statement when allowed; only a refusal reads the entry, to say why (not found, not yours).
    const deleted =
      UUID.test(id) &&
      (await deleteEntry(this.db, scope.tripId, id, kind, scope.role === "admin" ? null : scope.userId));
    if (!deleted) await this.mayChange(scope, id, kind);
    this.changed(scope.tripId);
  }

  /** A payment between two members, in the home currency: all of a suggested transfer, or a part. */
  async settle(scope: TripScope, input: SettlementInput): Promise<Settlement> {
    const people = await this.people(scope.tripId);
    if (!people.has(input.fromId) || !people.has(input.toId)) throw badRequest(M.notAMember);
    const currency = await this.homeCurrency(scope.tripId);
    const part = { amountMinor: input.amountMinor, homeAmountMinor: input.amountMinor };
    const id = await insertEntry(
      this.db,
      scope.tripId,
      {
        kind: "settlement",
        createdBy: scope.userId,
        title: input.note?.trim() || "",
        amountMinor: input.amountMinor,
        currency,
        homeAmountMinor: input.amountMinor,
        homeCurrency: currency,
        rate: null,
        rateDate: null,
        rateSource: null,
        spentOn: input.date,
        category: "other",
        splitKind: "exact",
        receipts: [],
        notes: null,
      },
      [{ userId: input.fromId, ...part }],
      [{ userId: input.toId, ...part }],
      MAX_ENTRIES_PER_TRIP,
    );
    if (!id) throw new AppError(409, "CONFLICT", M.tooManyExpenses);
    this.changed(scope.tripId);
    const entry = await readEntry(this.db, scope.tripId, id!);
    return presentSettlement(entry!, people);
  }

  /** A quote for the expense dialog: the rate an expense in `from` would be converted at today. */
  async quote(scope: TripScope, from: string) {
    const home = await this.homeCurrency(scope.tripId);
    if (!isCurrency(from)) throw badRequest(M.currencyInvalid);
    const quote = from === home ? undefined : await this.rates.quote(from, home);
    const source: "ecb" | "table" | null = quote ? (quote.source === "reference" ? "ecb" : "table") : null;
    return {
      from,
      to: home,
      rate: from === home ? "1" : (quote?.rate ?? null),
      date: quote?.date ?? null,
      source,
    };
  }

  // ---- helpers --------------------------------------------------------------------------------

  private async prepare(
    scope: TripScope,
    input: ExpenseInputParsed,
  ): Promise<[ExpenseValues, PartRow[], PartRow[], Map<string, Person>]> {
    const people = await this.people(scope.tripId);
    const named = [...input.payers.map((p) => p.memberId), ...input.split.entries.map((e) => e.memberId)];
    if (named.some((id) => !people.has(id))) throw badRequest(M.notAMember);
    const link = input.link ?? null;
    if (link?.kind === "booking" && !(await bookingInTrip(this.db, scope.tripId, link.bookingId)))
      throw badRequest(M.linkNotInTrip);
    if (link?.kind === "visit" && !(await placeInTrip(this.db, scope.tripId, link.placeId)))
      throw badRequest(M.linkNotInTrip);
    await assertPlacePhotos(this.db, scope, input.receipts);

    const currency = input.currency as CurrencyCode;
    const home = await this.homeCurrency(scope.tripId);
    let rate: { value: string; source: "ecb" | "table" | "typed"; date: string | null } | null = null;
    if (currency !== home) {
      if (input.rate)
        rate = { value: input.rate.value, source: input.rate.source, date: input.rate.date ?? null };
      else {
        const quote = await this.rates.quote(currency, home);
        if (!quote) throw badRequest(M.rateRequired);
        rate = {
          value: quote.rate,
          source: quote.source === "reference" ? "ecb" : "table",
          date: quote.date,
        };
      }
    }
    const homeTotal = rate
      ? convertMinor(input.amountMinor, currency, home, rate.value)
      : { ok: true as const, value: input.amountMinor };
    if (!homeTotal.ok) throw badRequest(homeTotal.error === "tooLarge" ? M.amountTooLarge : M.rateInvalid);
    const split = splitTotal(input.amountMinor, input.split);
    if (!split.ok) throw badRequest(M.exactNotTotal); // the schema checked it already
    const payers = [...input.payers].sort((a, b) => (a.memberId < b.memberId ? -1 : 1));
    const inHome = expenseInHome(homeTotal.value, { payers, shares: split.value });
    const typed = new Map<string, string>();
    for (const e of input.split.entries)
      if ("shares" in e) typed.set(e.memberId, String(e.shares));
      else if ("percent" in e) typed.set(e.memberId, String(e.percent));
      else if ("amountMinor" in e) typed.set(e.memberId, String(e.amountMinor));
    const homeOf = (list: { memberId: string; amountMinor: number }[], id: string) =>
      list.find((x) => x.memberId === id)?.amountMinor ?? 0;
    const values: ExpenseValues = {
      kind: "expense",
      createdBy: scope.userId,
      title: input.title,
      amountMinor: input.amountMinor,
      currency,
      homeAmountMinor: homeTotal.value,
      homeCurrency: home,
      rate: rate?.value ?? null,
      rateDate: rate?.date ?? null,
      rateSource: rate?.source ?? null,
      spentOn: input.date,
      category: input.category,
      splitKind: input.split.kind,
      linkKind: link?.kind ?? null,
      bookingId: link?.kind === "booking" ? link.bookingId : null,
      placeId: link?.kind === "visit" ? link.placeId : null,
      linkDate: link?.kind === "visit" ? (link.date ?? null) : link?.kind === "meal" ? link.date : null,
      meal: link?.kind === "meal" ? link.meal : null,
      receipts: input.receipts,
      notes: input.notes ?? null,
    };
    return [
      values,
      payers.map((p) => ({
        userId: p.memberId,
        amountMinor: p.amountMinor,
        homeAmountMinor: homeOf(inHome.payers, p.memberId),
      })),
      split.value.map((s) => ({
        userId: s.memberId,
        amountMinor: s.amountMinor,
        homeAmountMinor: homeOf(inHome.shares, s.memberId),
        input: typed.get(s.memberId) ?? null,
      })),
      people,
    ];
  }

  private async mayChange(scope: TripScope, id: string, kind: "expense" | "settlement"): Promise<MoneyEntry> {
    const entry = UUID.test(id) ? await readEntry(this.db, scope.tripId, id) : undefined;
    if (!entry || entry.row.kind !== kind)
      throw notFound(kind === "expense" ? M.expenseNotFound : M.settlementNotFound);
    if (scope.role !== "admin" && entry.row.createdBy !== scope.userId) throw forbidden(M.onlyAuthorOrAdmin);
    return entry;
  }

  private async one(scope: TripScope, id: string, kind: "expense"): Promise<Expense> {
    const [entry, people] = await Promise.all([
      readEntry(this.db, scope.tripId, id),
      this.people(scope.tripId),
    ]);
    if (!entry || entry.row.kind !== kind) throw notFound(M.expenseNotFound);
    return presentExpense(entry, people);
  }

  private async people(tripId: string): Promise<Map<string, Person>> {
    const members = await listMembers(this.db, [tripId]);
    return new Map(
      members.map((m) => [m.userId, { userId: m.userId, name: m.name, color: memberColor(m.colorIndex) }]),
    );
  }

  /** Tells the trip's channel, after the answer is on its way (a burst of writes shares one event). */
  private changed(tripId: string) {
    void this.bus.publish({ type: "money.changed", tripId }).catch(() => {});
  }
}

/** An entry as it was just written, for its answer without reading it back. */
function written(
  id: string,
  tripId: string,
  values: ExpenseValues,
  payers: PartRow[],
  shares: PartRow[],
): MoneyEntry {
  const now = new Date();
  const row = {
    linkKind: null,
    bookingId: null,
    placeId: null,
    linkDate: null,
    meal: null,
    receipts: [],
    notes: null,
    rate: null,
    rateDate: null,
    rateSource: null,
    createdBy: null,
    kind: "expense",
    ...values,
    id,
    tripId,
    createdAt: now,
    updatedAt: now,
  } as MoneyEntry["row"];
  const part = (p: PartRow) => ({
    expenseId: id,
    userId: p.userId,
    amountMinor: p.amountMinor,
    homeAmountMinor: p.homeAmountMinor,
  });
  return {
    row,
    payers: payers.map(part),
    shares: shares.map((s) => ({ ...part(s), input: s.input ?? null })),
  };
}

type PartRowLike = { userId: string; amountMinor: number; homeAmountMinor: number; input?: string | null };

const allocations = (parts: PartRowLike[], home = false) =>
  parts
    .map((p) => ({ memberId: p.userId, amountMinor: home ? p.homeAmountMinor : p.amountMinor }))
    .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));

function splitOf(row: MoneyEntry["row"], shares: PartRowLike[]): Expense["split"] {
  const entries = allocations(shares);
  const typed = (id: string) => Number(shares.find((s) => s.userId === id)?.input ?? 0);
  switch (row.splitKind) {
    case "equal":
      return { kind: "equal", entries: entries.map((e) => ({ memberId: e.memberId })) };
    case "shares":
      return {
        kind: "shares",
        entries: entries.map((e) => ({ memberId: e.memberId, shares: typed(e.memberId) })),
      };
    case "percent":
      return {
        kind: "percent",
        entries: entries.map((e) => ({ memberId: e.memberId, percent: typed(e.memberId) })),
      };
    default:
      return { kind: "exact", entries };
  }
}

function linkOf(row: MoneyEntry["row"]): Expense["link"] {
  if (row.linkKind === "booking" && row.bookingId) return { kind: "booking", bookingId: row.bookingId };
  if (row.linkKind === "visit" && row.placeId)
    return { kind: "visit", placeId: row.placeId, date: row.linkDate };
  if (row.linkKind === "meal" && row.linkDate && row.meal)
    return { kind: "meal", date: row.linkDate, meal: row.meal as "breakfast" | "lunch" | "dinner" };
  return null;
}

export function presentExpense(entry: MoneyEntry, people: Map<string, Person>): Expense {
  const { row } = entry;
  return {
    id: row.id,
    tripId: row.tripId,
    title: row.title,
    amountMinor: row.amountMinor,
    currency: row.currency,
    date: row.spentOn,
    category: row.category as Expense["category"],
    payers: allocations(entry.payers),
    split: splitOf(row, entry.shares),
    shares: allocations(entry.shares),
    home: {
      currency: row.homeCurrency,
      amountMinor: row.homeAmountMinor,
      payers: allocations(entry.payers, true),
      shares: allocations(entry.shares, true),
      rate: row.rate,
      rateSource: row.rateSource,
      rateDate: row.rateDate,
    },
    link: linkOf(row),
    notes: row.notes,
    receipts: row.receipts,
    createdBy: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSettlement(entry: MoneyEntry, people: Map<string, Person>): Settlement {
  const { row } = entry;
  return {
    id: row.id,
    tripId: row.tripId,
    fromId: entry.payers[0]?.userId ?? "",
    toId: entry.shares[0]?.userId ?? "",
    amountMinor: row.homeAmountMinor,
    currency: row.homeCurrency,
    date: row.spentOn,
    note: row.title || null,
    createdBy: row.createdBy ? (people.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
