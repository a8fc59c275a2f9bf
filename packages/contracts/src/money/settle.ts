// Balances of a trip's members and the transfers that settle them, in the trip's home currency's minor
// units. Pure and deterministic: the same expenses and settlements give the same numbers and the same
// suggestions on the server and in the browser.
import { type Allocation, allocateByWeight, compareIds } from "./split";

/** An expense as the balances see it: who paid and who owes what, both in home-currency minor units. */
export interface BalanceExpense {
  payers: Allocation[];
  shares: Allocation[];
}
/** A recorded settlement: `fromId` paid `toId` this much (home-currency minor units, > 0). */
export interface BalanceSettlement {
  fromId: string;
  toId: string;
  amountMinor: number;
}

/**
 * One member's money on the trip. `paid` and `share` count expenses only; `sent` and `received` count
 * settlements. balance = paid - share + sent - received: positive, the group owes the member; negative,
 * the member owes. (A settlement from A to B of x is the same as A paying x of an expense that is all
 * B's share: A's balance goes up by x, B's down by x; kept apart so "paid" stays what was spent.)
 */
export interface MemberBalance {
  memberId: string;
  paid: number;
  share: number;
  sent: number;
  received: number;
  balance: number;
}

/** A suggested (or recorded) payment that settles debts: `fromId` pays `toId`. */
export interface Transfer {
  fromId: string;
  toId: string;
  amountMinor: number;
}

const sum = (xs: Allocation[]) => xs.reduce((s, x) => s + x.amountMinor, 0);

/**
 * An expense in another currency brought home: its home total (convertMinor of the whole amount, once)
 * shared among its payers and its members in proportion to their amounts in the expense's own
 * currency (allocateByWeight: largest remainder, then member id), so both sides still sum exactly to
 * the same home total and the balances to zero. A zero-amount expense stays zero on both sides.
 */
export function expenseInHome(homeTotalMinor: number, expense: BalanceExpense): BalanceExpense {
  const scale = (xs: Allocation[]) =>
    sum(xs) === 0
      ? xs.map((x) => ({ memberId: x.memberId, amountMinor: 0 }))
      : allocateByWeight(
          homeTotalMinor,
          xs.map((x) => ({ memberId: x.memberId, weight: x.amountMinor })),
        );
  return { payers: scale(expense.payers), shares: scale(expense.shares) };
}

/**
 * Every member's paid, share, sent, received and balance, sorted by member id: the given members (all
 * of them, at zero if they spent nothing) and anyone else an expense or settlement names (a member who
 * left keeps their balance). The balances sum to 0. Throws on an expense whose payers and shares do not
 * sum to the same amount, or on a non-integer amount (the API's checks make both impossible).
 */
export function computeBalances(
  memberIds: readonly string[],
  expenses: readonly BalanceExpense[],
  settlements: readonly BalanceSettlement[] = [],
): MemberBalance[] {
  const rows = new Map<string, MemberBalance>();
  const row = (memberId: string) => {
    let r = rows.get(memberId);
    if (!r) {
      r = { memberId, paid: 0, share: 0, sent: 0, received: 0, balance: 0 };
      rows.set(memberId, r);
    }
    return r;
  };
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new RangeError(`Not an integer amount: ${n}`);
    return n;
  };
  for (const id of memberIds) row(id);
  for (const e of expenses) {
    if (sum(e.payers) !== sum(e.shares)) throw new RangeError("An expense's payers and shares differ");
    for (const p of e.payers) row(p.memberId).paid += int(p.amountMinor);
    for (const s of e.shares) row(s.memberId).share += int(s.amountMinor);
  }
  for (const s of settlements) {
    row(s.fromId).sent += int(s.amountMinor);
    row(s.toId).received += int(s.amountMinor);
  }
  for (const r of rows.values()) r.balance = r.paid - r.share + r.sent - r.received;
  return [...rows.values()].sort((a, b) => compareIds(a.memberId, b.memberId));
}

/**
 * Up to this many members with a non-zero balance, suggestTransfers finds the fewest transfers exactly
 * (a DP over the 2^n subsets, about n * 2^n steps: 50 thousand at 12); beyond, a greedy. The issue asks
 * for the exact minimum up to 8 members.
 */
export const EXACT_SETTLE_MAX = 12;

/**
 * Transfers that bring every balance to exactly 0 (debtors, balance < 0, pay creditors, balance > 0).
 * The fewest is n - g, with n the members whose balance is not 0 and g the most disjoint groups of
 * them that each sum to 0 (each group settles inside itself with one transfer fewer than its size).
 * - n <= EXACT_SETTLE_MAX: that minimum, exactly: g by a DP over subsets (dp[mask] = the most zero-sum
 *   prefixes of an ordering of mask), then each group settled by the greedy below.
 * - more: first every debtor and creditor owing and owed the very same amount pair off, then the
 *   greedy: the largest debtor pays the largest creditor as much as settles one of them (ties by member
 *   id), again until all are 0.
 * Either way at most n - 1 <= members - 1 transfers, each > 0, and the same balances (in any order)
 * give the same transfers, sorted by payer then payee id. Throws when the balances do not sum to 0
 * or are not integers.
 */
export function suggestTransfers(balances: readonly { memberId: string; balance: number }[]): Transfer[] {
  let total = 0;
  for (const b of balances) {
    if (!Number.isSafeInteger(b.balance)) throw new RangeError(`Not an integer balance: ${b.balance}`);
    total += b.balance;
  }
  if (total !== 0) throw new RangeError("Balances must sum to 0");
  const open = balances
    .filter((b) => b.balance !== 0)
    .map((b) => ({ memberId: b.memberId, balance: b.balance }))
    .sort((a, b) => compareIds(a.memberId, b.memberId));
  const transfers: Transfer[] = [];
  // The DP adds up to n balances in a double: exact while each is below 2^53 / 16.
  const small = open.every((o) => Math.abs(o.balance) <= Number.MAX_SAFE_INTEGER / 16);
  if (open.length <= EXACT_SETTLE_MAX && small) {
    for (const group of zeroSumGroups(open)) transfers.push(...greedy(group));
  } else {
    transfers.push(...greedy(pairEquals(open, transfers)));
  }
  return transfers.sort((a, b) => compareIds(a.fromId, b.fromId) || compareIds(a.toId, b.toId));
}

type Open = { memberId: string; balance: number };

/** The most disjoint zero-sum groups of `open` (sorted by id, all non-zero, summing to 0). */
function zeroSumGroups(open: Open[]): Open[][] {
  const n = open.length;
  if (n === 0) return [];
  const size = 1 << n;
  const sums = new Float64Array(size); // exact: each balance is below 2^53 / 16 (see the caller)
  const dp = new Int8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + open[low]!.balance;
    let best = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) best = Math.max(best, dp[mask ^ (1 << i)]!);
    dp[mask] = best + (sums[mask] === 0 ? 1 : 0);
  }
  // Walk back from the whole set: drop the lowest member that keeps the count, cutting a group each
  // time the rest sums to 0. The groups are consecutive runs of the removal order.
  const groups: Open[][] = [];
  let current: Open[] = [];
  let mask = size - 1;
  while (mask) {
    const here = dp[mask]! - (sums[mask] === 0 ? 1 : 0);
    let i = 0;
    while (!(mask & (1 << i)) || dp[mask ^ (1 << i)] !== here) i++;
    current.push(open[i]!);
    mask ^= 1 << i;
    if (sums[mask] === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}

/** Debtors and creditors of the very same amount settle with each other first (ids ascending). */
function pairEquals(open: Open[], out: Transfer[]): Open[] {
  const creditors = new Map<number, Open[]>();
  for (const o of open) if (o.balance > 0) creditors.set(o.balance, [...(creditors.get(o.balance) ?? []), o]);
  const rest = new Set(open);
  for (const d of open) {
    if (d.balance >= 0) continue;
    const c = creditors.get(-d.balance)?.shift();
    if (!c) continue;
    out.push({ fromId: d.memberId, toId: c.memberId, amountMinor: c.balance });
    rest.delete(d);
    rest.delete(c);
  }
  return [...rest];
}

/** Largest debtor pays largest creditor until all are 0: at most (members - 1) transfers. */
function greedy(group: Open[]): Transfer[] {
  const byLargest = (a: Open, b: Open) => b.balance - a.balance || compareIds(a.memberId, b.memberId);
  const creditors = group.filter((o) => o.balance > 0).map((o) => ({ ...o }));
  const debtors = group
    .filter((o) => o.balance < 0)
    .map((o) => ({ memberId: o.memberId, balance: -o.balance }));
  const out: Transfer[] = [];
  while (creditors.length > 0 && debtors.length > 0) {
    creditors.sort(byLargest);
    debtors.sort(byLargest);
    const c = creditors[0]!;
    const d = debtors[0]!;
    const amount = Math.min(c.balance, d.balance);
    out.push({ fromId: d.memberId, toId: c.memberId, amountMinor: amount });
    c.balance -= amount;
    d.balance -= amount;
    if (c.balance === 0) creditors.shift();
    if (d.balance === 0) debtors.shift();
  }
  return out;
}
