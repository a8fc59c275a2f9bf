// Converting an amount between currencies at a rate stored with the expense (so history does not move).
// Integers in, integers out, exact decimal arithmetic in BigInt: no float ever touches an amount.
import { type CurrencyCode, minorUnits } from "./currency";
import type { Result } from "./result";

/** A positive rate as an exact decimal: `digits / 10^scale` ("1.0825" -> 10825n / 10^4). */
export interface ExactRate {
  digits: bigint;
  scale: number;
}

export type RateError = "format" | "notPositive" | "tooPrecise";
export type ConvertError = RateError | "notInteger" | "tooLarge";

/** At most this many digits after the point (ECB publishes 4-6 significant; a typed rate rarely more). */
export const RATE_MAX_DECIMALS = 12;

/**
 * A rate "1 FROM = rate TO" (in major units: 1 EUR = 162.5 JPY), typed or stored as a decimal string
 * ("162.5", "0,0061") or given as a finite number (its shortest decimal form, 1e-7 as "0.0000001").
 */
export function parseRate(rate: string | number): Result<ExactRate, RateError> {
  let s: string;
  if (typeof rate === "number") {
    if (!Number.isFinite(rate)) return { ok: false, error: "format" };
    if (rate <= 0) return { ok: false, error: "notPositive" };
    s = numberToPlain(rate);
  } else s = rate.trim();
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(s);
  if (!m) return { ok: false, error: s.startsWith("-") ? "notPositive" : "format" };
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > RATE_MAX_DECIMALS) return { ok: false, error: "tooPrecise" };
  const digits = BigInt(m[1]! + fraction);
  if (digits === 0n) return { ok: false, error: "notPositive" };
  if (m[1]!.replace(/^0+/, "").length > 15) return { ok: false, error: "format" };
  return { ok: true, value: { digits, scale: fraction.length } };
}

/** A rate's canonical decimal string, what an expense stores ("0,50" -> "0.5"). */
export function rateToString({ digits, scale }: ExactRate): string {
  if (scale === 0) return digits.toString();
  const s = digits.toString().padStart(scale + 1, "0");
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

function numberToPlain(n: number): string {
  const s = String(n);
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[1]! + (m[2] ?? "");
  const exp = Number(m[3]);
  if (exp < 0) return `0.${"0".repeat(-exp - 1)}${digits}`;
  return digits.padEnd(exp + 1, "0");
}

/**
 * How a converted amount that falls between two minor units is rounded. "halfEven" (the default,
 * banker's rounding: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2) has no bias over many expenses; "halfAwayFromZero"
 * (0.5 -> 1, -0.5 -> -1) is what a receipt usually does. Anything not exactly halfway goes to the nearer.
 */
export type Rounding = "halfEven" | "halfAwayFromZero";

/** `n / d` (d > 0) rounded to an integer the given way. */
export function divRound(n: bigint, d: bigint, rounding: Rounding = "halfEven"): bigint {
  if (d <= 0n) throw new RangeError("divisor must be positive");
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  const r2 = (a % d) * 2n;
  if (r2 > d || (r2 === d && (rounding === "halfAwayFromZero" || q % 2n === 1n))) q += 1n;
  return negative ? -q : q;
}

/**
 * `amountMinor` of `from` in `to`'s minor units, at `rate` (1 from = rate to, both in major units):
 * amount / 10^e(from) * rate * 10^e(to), rounded once at the end (see Rounding). Negative amounts (a
 * refund) keep their sign and round symmetrically. Same currency: the amount as it is whatever the rate.
 * Example: 1000 JPY at 1 JPY = 0.0061 EUR -> 6.1 EUR -> 610 cents; 1.005 KWD (1005) at 1 KWD = 3.25 USD
 * -> 3.26625 USD -> 327 cents.
 */
export function convertMinor(
  amountMinor: number,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string | number | ExactRate,
  rounding: Rounding = "halfEven",
): Result<number, ConvertError> {
  if (!Number.isSafeInteger(amountMinor)) return { ok: false, error: "notInteger" };
  let exact: ExactRate;
  if (typeof rate === "object") exact = rate;
  else {
    const parsed = parseRate(rate);
    if (!parsed.ok) return parsed;
    exact = parsed.value;
  }
  if (from === to) return { ok: true, value: amountMinor };
  const eFrom = minorUnits(from);
  const eTo = minorUnits(to);
  // amount * digits * 10^eTo / (10^scale * 10^eFrom)
  const numerator = BigInt(amountMinor) * exact.digits * 10n ** BigInt(eTo);
  const denominator = 10n ** BigInt(exact.scale + eFrom);
  const q = divRound(numerator, denominator, rounding);
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  if (q > limit || q < -limit) return { ok: false, error: "tooLarge" };
  return { ok: true, value: Number(q) };
}
