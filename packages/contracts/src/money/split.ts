// Splitting an integer total among members: equally, by shares, by percentages or by exact amounts, and
// checking who paid it. Every result is integers summing exactly to the total, whatever order the
// entries came in; every invalid input is a typed error (never a throw) so the UI can say what is wrong
// next to the entry and keep what was typed.
import type { Result } from "./result";

/** One member's part of an amount, in the amount's minor units. */
export interface Allocation {
  memberId: string;
  amountMinor: number;
}

/** How an expense is split; the API's `split` field (schemas.ts) has this very shape. */
export type SplitSpec =
  | { kind: "equal"; entries: readonly { memberId: string }[] }
  | { kind: "shares"; entries: readonly { memberId: string; shares: number }[] }
  | { kind: "percent"; entries: readonly { memberId: string; percent: number }[] }
  | { kind: "exact"; entries: readonly { memberId: string; amountMinor: number }[] };
export type SplitKind = SplitSpec["kind"];
export const SPLIT_KINDS = ["equal", "shares", "percent", "exact"] as const satisfies readonly SplitKind[];

export const SPLIT_ERROR_CODES = [
  /** The total is not a non-negative safe integer. */
  "invalidTotal",
  /** Nobody is chosen (no entries). */
  "noneChosen",
  /** A member is listed twice. */
  "duplicateMember",
  /** A share, percentage or amount is below zero. */
  "negative",
  /** A share or an exact amount is not a whole number (or a value is not a finite number). */
  "notInteger",
  /** Shares: every share is 0. */
  "sharesZero",
  /** Percent: a percentage with more than 2 decimals. */
  "percentDecimals",
  /** Percent: the percentages do not add up to exactly 100. */
  "percentNot100",
  /** Exact: the amounts do not add up to exactly the total. */
  "exactNotTotal",
  /** Payers: nobody paid. */
  "noPayer",
  /** Payers: the amounts paid do not add up to exactly the total. */
  "payersNotTotal",
] as const;
export type SplitErrorCode = (typeof SPLIT_ERROR_CODES)[number];
/** What is wrong, and with which member's entry when it is one entry's fault. */
export interface SplitError {
  code: SplitErrorCode;
  memberId?: string;
  /** For a sum that is off: what the entries add up to (percent: in hundredths of a percent). */
  sum?: number;
}

/** Member ids compare by UTF-16 code units: the same order on every machine and in every locale. */
export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `total` shared out in proportion to integer `weights` (not all 0), by the largest remainder: each
 * member first gets floor(total * w / W); the few units left (fewer than the number of members) go one
 * each to the members with the largest remainder (total * w mod W), ties broken by member id
 * ascending. So an equal split of 100 among three gives 34, 33, 33 to the ids in ascending order. The
 * answer is sorted by member id and depends only on the set of (member, weight) pairs, never on
 * their order. A weight of 0 gets 0. Exact in BigInt for any safe integers.
 */
export function allocateByWeight(
  total: number,
  weights: readonly { memberId: string; weight: number }[],
): Allocation[] {
  const sorted = [...weights].sort((a, b) => compareIds(a.memberId, b.memberId));
  const T = BigInt(total);
  const W = sorted.reduce((s, w) => s + BigInt(w.weight), 0n);
  if (W <= 0n) throw new RangeError("weights must not all be 0");
  const parts = sorted.map((w, index) => {
    const p = T * BigInt(w.weight);
    return { memberId: w.memberId, floor: p / W, remainder: p % W, index };
  });
  let left = T - parts.reduce((s, p) => s + p.floor, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : a.index - b.index,
  );
  for (const p of byRemainder) {
    if (left <= 0n) break;
    p.floor += 1n;
    left -= 1n;
  }
  return parts.map((p) => ({ memberId: p.memberId, amountMinor: Number(p.floor) }));
}

const fail = (code: SplitErrorCode, extra?: Omit<SplitError, "code">): { ok: false; error: SplitError } => ({
  ok: false,
  error: { code, ...extra },
});

function checkMembers(entries: readonly { memberId: string }[], none: SplitErrorCode): SplitError | null {
  if (entries.length === 0) return { code: none };
  const seen = new Set<string>();
  for (const e of [...entries].sort((a, b) => compareIds(a.memberId, b.memberId))) {
    if (seen.has(e.memberId)) return { code: "duplicateMember", memberId: e.memberId };
    seen.add(e.memberId);
  }
  return null;
}

/** The first entry (by member id) whose value breaks a rule, so the error too is order-independent. */
function firstBad<E extends { memberId: string }>(
  entries: readonly E[],
  bad: (e: E) => boolean,
): E | undefined {
  return [...entries].sort((a, b) => compareIds(a.memberId, b.memberId)).find(bad);
}

/** A percentage with at most 2 decimals as hundredths (12.5 -> 1250); null when it has more. */
export function percentToHundredths(percent: number): number | null {
  const h = Math.round(percent * 100);
  return Math.abs(percent * 100 - h) < 1e-6 ? h : null;
}

/**
 * Each chosen member's part of `totalMinor`, sorted by member id, summing exactly to the total:
 * - equal: the entries' members, the same part each (remainder: member id ascending);
 * - shares: integer shares >= 0, at least one > 0, in proportion (largest remainder, then id);
 * - percent: numbers >= 0 with at most 2 decimals summing to exactly 100 (largest remainder, then id);
 * - exact: whole amounts >= 0 summing exactly to the total, as they are.
 * See allocateByWeight for the remainder's order.
 */
export function splitTotal(totalMinor: number, spec: SplitSpec): Result<Allocation[], SplitError> {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) return fail("invalidTotal");
  const membersError = checkMembers(spec.entries, "noneChosen");
  if (membersError) return { ok: false, error: membersError };
  switch (spec.kind) {
    case "equal":
      return {
        ok: true,
        value: allocateByWeight(
          totalMinor,
          spec.entries.map((e) => ({ ...e, weight: 1 })),
        ),
      };
    case "shares": {
      const notNumber = firstBad(spec.entries, (e) => !Number.isSafeInteger(e.shares) && !(e.shares < 0));
      if (notNumber) return fail("notInteger", { memberId: notNumber.memberId });
      const negative = firstBad(spec.entries, (e) => e.shares < 0);
      if (negative) return fail("negative", { memberId: negative.memberId });
      if (spec.entries.every((e) => e.shares === 0)) return fail("sharesZero");
      const weights = spec.entries.map((e) => ({ memberId: e.memberId, weight: e.shares }));
      return { ok: true, value: allocateByWeight(totalMinor, weights) };
    }
    case "percent": {
      const notNumber = firstBad(spec.entries, (e) => !Number.isFinite(e.percent));
      if (notNumber) return fail("notInteger", { memberId: notNumber.memberId });
      const negative = firstBad(spec.entries, (e) => e.percent < 0);
      if (negative) return fail("negative", { memberId: negative.memberId });
      const tooFine = firstBad(spec.entries, (e) => percentToHundredths(e.percent) === null);
      if (tooFine) return fail("percentDecimals", { memberId: tooFine.memberId });
      const weights = spec.entries.map((e) => ({
        memberId: e.memberId,
        weight: percentToHundredths(e.percent)!,
      }));
      const sum = weights.reduce((s, w) => s + w.weight, 0);
      if (sum !== 10_000) return fail("percentNot100", { sum });
      return { ok: true, value: allocateByWeight(totalMinor, weights) };
    }
    case "exact":
      return checkAmounts(spec.entries, totalMinor, "exactNotTotal");
  }
}

function checkAmounts(
  entries: readonly { memberId: string; amountMinor: number }[],
  totalMinor: number,
  notTotal: SplitErrorCode,
): Result<Allocation[], SplitError> {
  const notInteger = firstBad(entries, (e) => !Number.isSafeInteger(e.amountMinor) && !(e.amountMinor < 0));
  if (notInteger) return fail("notInteger", { memberId: notInteger.memberId });
  const negative = firstBad(entries, (e) => e.amountMinor < 0);
  if (negative) return fail("negative", { memberId: negative.memberId });
  const sum = entries.reduce((s, e) => s + e.amountMinor, 0);
  if (sum !== totalMinor) return fail(notTotal, { sum });
  const value = entries
    .map((e) => ({ memberId: e.memberId, amountMinor: e.amountMinor }))
    .sort((a, b) => compareIds(a.memberId, b.memberId));
  return { ok: true, value };
}

/**
 * Who paid an expense: one payer or several, whole amounts >= 0 summing exactly to the total; sorted
 * by member id. Errors: noPayer, duplicateMember, notInteger, negative, payersNotTotal.
 */
export function checkPayers(
  totalMinor: number,
  payers: readonly { memberId: string; amountMinor: number }[],
): Result<Allocation[], SplitError> {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) return fail("invalidTotal");
  const membersError = checkMembers(payers, "noPayer");
  if (membersError) return { ok: false, error: membersError };
  return checkAmounts(payers, totalMinor, "payersNotTotal");
}
