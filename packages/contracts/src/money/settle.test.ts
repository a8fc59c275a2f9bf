import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertMinor } from "./convert";
import { computeBalances, EXACT_SETTLE_MAX, expenseInHome, suggestTransfers, type Transfer } from "./settle";
import { splitTotal } from "./split";

/** Balances after the transfers are paid: every one should be 0. */
function after(balances: { memberId: string; balance: number }[], transfers: Transfer[]) {
  const left = new Map(balances.map((b) => [b.memberId, b.balance]));
  for (const t of transfers) {
    left.set(t.fromId, left.get(t.fromId)! + t.amountMinor);
    left.set(t.toId, left.get(t.toId)! - t.amountMinor);
  }
  return [...left.values()];
}

/**
 * The fewest transfers, by brute force over every set of transfers: a transfer joins two members and
 * its amount and direction are free, so a set of pairs can clear the balances exactly when every
 * connected group of it sums to 0 (then a spanning tree's amounts are forced). Tries every subset of
 * the n(n-1)/2 pairs (2^15 at 6 members), smallest first.
 */
function bruteForceMinimum(balances: number[]): number {
  const n = balances.length;
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
  let best = Number.POSITIVE_INFINITY;
  for (let set = 0; set < 1 << pairs.length; set++) {
    let size = 0;
    for (let s = set; s; s &= s - 1) size++;
    if (size >= best) continue;
    const parent = balances.map((_, i) => i);
    const find = (i: number): number => {
      while (parent[i] !== i) i = parent[i]!;
      return i;
    };
    pairs.forEach(([a, b], k) => {
      if (set & (1 << k)) parent[find(a)] = find(b);
    });
    const sums = new Map<number, number>();
    for (const [i, b] of balances.entries()) sums.set(find(i), (sums.get(find(i)) ?? 0) + b);
    if ([...sums.values()].every((s) => s === 0)) best = size;
  }
  return best;
}

/** Balances summing to 0: random integers, the last one evening them out. */
const balancesArb = (minMembers: number, maxMembers: number, maxAbs: number, zeroish = false) =>
  fc
    .array(
      zeroish
        ? fc.integer({ min: -5, max: 5 }).map((x) => x * 100)
        : fc.integer({ min: -maxAbs, max: maxAbs }),
      {
        minLength: minMembers - 1,
        maxLength: maxMembers - 1,
      },
    )
    .map((xs) => {
      const all = [...xs, -xs.reduce((s, x) => s + x, 0)];
      return all.map((balance, i) => ({ memberId: `m${String(i).padStart(2, "0")}`, balance }));
    });

/** Balances made of hidden zero-sum groups (2-3 members each), in a shuffled order: the hard cases. */
const groupedArb = (maxMembers: number) =>
  fc
    .array(fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 1, maxLength: 2 }), {
      minLength: 1,
      maxLength: 3,
    })
    .map((groups) => groups.flatMap((g) => [...g, -g.reduce((s, x) => s + x, 0)]).slice(0, maxMembers))
    .filter((xs) => xs.reduce((s, x) => s + x, 0) === 0)
    .chain((xs) => fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length }))
    .map((xs) => xs.map((balance, i) => ({ memberId: `m${i}`, balance })));

describe("suggestTransfers examples", () => {
  it("settles a simple group of three in two transfers", () => {
    expect(
      suggestTransfers([
        { memberId: "ana", balance: 3000 },
        { memberId: "ben", balance: -1000 },
        { memberId: "cho", balance: -2000 },
      ]),
    ).toEqual([
      { fromId: "ben", toId: "ana", amountMinor: 1000 },
      { fromId: "cho", toId: "ana", amountMinor: 2000 },
    ]);
    expect(suggestTransfers([{ memberId: "a", balance: 0 }])).toEqual([]);
    expect(suggestTransfers([])).toEqual([]);
    expect(() => suggestTransfers([{ memberId: "a", balance: 1 }])).toThrow();
  });

  it("finds two zero-sum pairs where the greedy alone would use three transfers", () => {
    // The pairs {a, c} and {b, d} settle in 2.
    const balances = [
      { memberId: "a", balance: 5 },
      { memberId: "b", balance: 4 },
      { memberId: "c", balance: -5 },
      { memberId: "d", balance: -4 },
    ];
    expect(suggestTransfers(balances)).toEqual([
      { fromId: "c", toId: "a", amountMinor: 5 },
      { fromId: "d", toId: "b", amountMinor: 4 },
    ]);
    // {2, -2} and {7, 3, -4, -6} each sum to 0: 6 - 2 = 4 transfers (the greedy alone takes 5).
    const six = [7, 3, -4, -6, 2, -2];
    expect(suggestTransfers(six.map((balance, i) => ({ memberId: `p${i}`, balance })))).toHaveLength(4);
    expect(bruteForceMinimum(six)).toBe(4);
  });
});

describe("suggestTransfers properties", () => {
  it("clears every balance with at most members - 1 positive transfers, any group size", () => {
    fc.assert(
      fc.property(balancesArb(1, 30, 1_000_000_000), (balances) => {
        const transfers = suggestTransfers(balances);
        expect(after(balances, transfers).every((b) => b === 0)).toBe(true);
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, balances.length - 1));
        for (const t of transfers) {
          expect(Number.isSafeInteger(t.amountMinor) && t.amountMinor > 0).toBe(true);
          expect(t.fromId).not.toBe(t.toId);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is the fewest possible up to 6 members (brute force over every transfer set)", () => {
    fc.assert(
      fc.property(fc.oneof(balancesArb(1, 6, 50), balancesArb(2, 6, 0, true), groupedArb(6)), (balances) => {
        const transfers = suggestTransfers(balances);
        expect(transfers.length).toBe(bruteForceMinimum(balances.map((b) => b.balance)));
      }),
      { numRuns: 300 },
    );
  });

  it("is the fewest possible up to 9 members (every partition into zero-sum groups)", () => {
    // The fewest is n - (most disjoint zero-sum groups): checked over every set partition (Bell(9) = 21147).
    const mostGroups = (xs: number[]): number => {
      let best = 0;
      const blocks: number[] = [];
      const walk = (i: number) => {
        if (i === xs.length) {
          if (blocks.every((b) => b === 0)) best = Math.max(best, blocks.length);
          return;
        }
        for (let k = 0; k < blocks.length; k++) {
          blocks[k]! += xs[i]!;
          walk(i + 1);
          blocks[k]! -= xs[i]!;
        }
        blocks.push(xs[i]!);
        walk(i + 1);
        blocks.pop();
      };
      walk(0);
      return best;
    };
    fc.assert(
      fc.property(fc.oneof(balancesArb(7, 9, 20), balancesArb(7, 9, 0, true), groupedArb(9)), (balances) => {
        const open = balances.map((b) => b.balance).filter((b) => b !== 0);
        expect(suggestTransfers(balances)).toHaveLength(open.length - mostGroups(open));
      }),
      { numRuns: 40 },
    );
  });

  it("is deterministic: the same balances in any order give the same transfers", () => {
    fc.assert(
      fc.property(
        fc
          .oneof(balancesArb(1, EXACT_SETTLE_MAX, 1000), balancesArb(EXACT_SETTLE_MAX + 1, 25, 1000))
          .chain((b) =>
            fc.tuple(fc.constant(b), fc.shuffledSubarray(b, { minLength: b.length, maxLength: b.length })),
          ),
        ([a, b]) => {
          expect(suggestTransfers(b)).toEqual(suggestTransfers(a));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("settles 8 members with many zero-sum groups in the fewest transfers", () => {
    // Four pairs of equal and opposite balances, shuffled: 4 transfers, not 7.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 4, maxLength: 4 }), (xs) => {
        const balances = xs.flatMap((x, i) => [
          { memberId: `c${i}`, balance: x },
          { memberId: `d${i}`, balance: -x },
        ]);
        const transfers = suggestTransfers(balances);
        expect(after(balances, transfers).every((b) => b === 0)).toBe(true);
        expect(transfers).toHaveLength(4);
      }),
    );
  });
});

describe("computeBalances", () => {
  const A = "a";
  const B = "b";
  const C = "c";
  it("counts paid, share, settlements; balances sum to 0", () => {
    // Dinner 9000 JPY paid by A, split equally among A, B, C; a taxi 3000 paid by B for B and C.
    const dinner = {
      payers: [{ memberId: A, amountMinor: 9000 }],
      shares: [] as { memberId: string; amountMinor: number }[],
    };
    const split = splitTotal(9000, {
      kind: "equal",
      entries: [{ memberId: A }, { memberId: B }, { memberId: C }],
    });
    if (split.ok) dinner.shares = split.value;
    const taxi = {
      payers: [{ memberId: B, amountMinor: 3000 }],
      shares: [
        { memberId: B, amountMinor: 1500 },
        { memberId: C, amountMinor: 1500 },
      ],
    };
    const rows = computeBalances([A, B, C, "d"], [dinner, taxi], [{ fromId: C, toId: A, amountMinor: 1000 }]);
    expect(rows).toEqual([
      { memberId: A, paid: 9000, share: 3000, sent: 0, received: 1000, balance: 5000 },
      { memberId: B, paid: 3000, share: 4500, sent: 0, received: 0, balance: -1500 },
      { memberId: C, paid: 0, share: 4500, sent: 1000, received: 0, balance: -3500 },
      { memberId: "d", paid: 0, share: 0, sent: 0, received: 0, balance: 0 },
    ]);
    expect(suggestTransfers(rows)).toEqual([
      { fromId: B, toId: A, amountMinor: 1500 },
      { fromId: C, toId: A, amountMinor: 3500 },
    ]);
  });

  it("brings a foreign expense home so both sides still match (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.constantFrom(A, B, C, "d", "e"), { minLength: 1, maxLength: 5 }),
        fc.stringMatching(/^[1-9]\d{0,2}(\.\d{1,4})?$/),
        (amount, payerCount, members, rate) => {
          const unique = [...new Set(members)];
          const payers = splitTotal(amount, {
            kind: "equal",
            entries: unique.slice(0, payerCount).map((memberId) => ({ memberId })),
          });
          const shares = splitTotal(amount, {
            kind: "equal",
            entries: unique.map((memberId) => ({ memberId })),
          });
          const home = convertMinor(amount, "KWD", "JPY", rate);
          if (!payers.ok || !shares.ok || !home.ok) throw new Error("setup");
          const inHome = expenseInHome(home.value, { payers: payers.value, shares: shares.value });
          const rows = computeBalances([A, B], [inHome]);
          expect(rows.reduce((s, r) => s + r.balance, 0)).toBe(0);
          expect(rows.reduce((s, r) => s + r.paid, 0)).toBe(home.value);
          const transfers = suggestTransfers(rows);
          expect(after(rows, transfers).every((b) => b === 0)).toBe(true);
        },
      ),
    );
  });
});
