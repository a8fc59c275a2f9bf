import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertMinor, divRound, parseRate, rateToString } from "./convert";
import { CURRENCY_CODES, MAX_AMOUNT_MINOR, minorUnits } from "./currency";

describe("parseRate", () => {
  it("reads a rate exactly, as text or a number", () => {
    expect(parseRate("162.5")).toEqual({ ok: true, value: { digits: 1625n, scale: 1 } });
    expect(parseRate("0,0061")).toEqual({ ok: true, value: { digits: 61n, scale: 4 } });
    expect(parseRate(1e-7)).toEqual({ ok: true, value: { digits: 1n, scale: 7 } });
    expect(parseRate(1.0825)).toEqual({ ok: true, value: { digits: 10825n, scale: 4 } });
    expect(parseRate("1.500")).toEqual({ ok: true, value: { digits: 15n, scale: 1 } });
    expect(parseRate("0")).toEqual({ ok: false, error: "notPositive" });
    expect(parseRate(-2)).toEqual({ ok: false, error: "notPositive" });
    expect(parseRate("-2")).toEqual({ ok: false, error: "notPositive" });
    expect(parseRate("abc")).toEqual({ ok: false, error: "format" });
    expect(parseRate(Number.NaN)).toEqual({ ok: false, error: "format" });
    expect(parseRate("0.0000000000001")).toEqual({ ok: false, error: "tooPrecise" });
    const r = parseRate("0,50");
    expect(r.ok && rateToString(r.value)).toBe("0.5");
  });
});

describe("divRound", () => {
  it("rounds halves to even, or away from zero, and the rest to the nearest", () => {
    const even = [0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6].map((x) => divRound(BigInt(x * 10), 10n));
    expect(even).toEqual([0n, 2n, 2n, 0n, -2n, 2n, 3n]);
    const away = [0.5, 1.5, 2.5, -0.5, -2.5].map((x) => divRound(BigInt(x * 10), 10n, "halfAwayFromZero"));
    expect(away).toEqual([1n, 2n, 3n, -1n, -3n]);
  });
});

describe("convertMinor", () => {
  it("converts between real currencies in their minor units", () => {
    // 1000 JPY at 1 JPY = 0.0061 EUR: 6.10 EUR.
    expect(convertMinor(1000, "JPY", "EUR", "0.0061")).toEqual({ ok: true, value: 610 });
    // 12.50 EUR at 1 EUR = 162.37 JPY: 2029.625 -> 2030 yen.
    expect(convertMinor(1250, "EUR", "JPY", "162.37")).toEqual({ ok: true, value: 2030 });
    // 1.005 KWD at 1 KWD = 3.25 USD: 3.26625 -> 3.27 USD.
    expect(convertMinor(1005, "KWD", "USD", 3.25)).toEqual({ ok: true, value: 327 });
    // 10 USD at 1 USD = 0.3075 KWD: 3.075 KWD exactly (three decimals).
    expect(convertMinor(1000, "USD", "KWD", "0.3075")).toEqual({ ok: true, value: 3075 });
    // 1 KRW at 0.0007 USD: 0.07 cents -> 0; 100000 KRW -> 70.00 USD.
    expect(convertMinor(1, "KRW", "USD", "0.0007")).toEqual({ ok: true, value: 0 });
    expect(convertMinor(100000, "KRW", "USD", "0.0007")).toEqual({ ok: true, value: 7000 });
    expect(convertMinor(1234, "USD", "USD", "99")).toEqual({ ok: true, value: 1234 });
  });

  it("rounds an exact half to even by default, away from zero on request", () => {
    // 2.5 yen at rate 1 from 250 KRW at 0.01: 2.5 JPY.
    expect(convertMinor(250, "KRW", "JPY", "0.01")).toEqual({ ok: true, value: 2 });
    expect(convertMinor(350, "KRW", "JPY", "0.01")).toEqual({ ok: true, value: 4 });
    expect(convertMinor(250, "KRW", "JPY", "0.01", "halfAwayFromZero")).toEqual({ ok: true, value: 3 });
    expect(convertMinor(-250, "KRW", "JPY", "0.01", "halfAwayFromZero")).toEqual({ ok: true, value: -3 });
  });

  it("refuses what is no integer or too large, and bad rates", () => {
    expect(convertMinor(1.5, "USD", "EUR", "1")).toEqual({ ok: false, error: "notInteger" });
    expect(convertMinor(MAX_AMOUNT_MINOR, "JPY", "KWD", "100000000")).toEqual({
      ok: false,
      error: "tooLarge",
    });
    expect(convertMinor(100, "USD", "EUR", "x")).toEqual({ ok: false, error: "format" });
  });

  it("keeps integers, within half a minor unit of the exact value (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_AMOUNT_MINOR, max: MAX_AMOUNT_MINOR }),
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom(...CURRENCY_CODES),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom("halfEven" as const, "halfAwayFromZero" as const),
        (amount, from, to, digits, scale, rounding) => {
          const rate = { digits: BigInt(digits), scale };
          const r = convertMinor(amount, from, to, rate, rounding);
          if (!r.ok) {
            expect(r.error).toBe("tooLarge");
            return;
          }
          expect(Number.isSafeInteger(r.value)).toBe(true);
          if (from === to) {
            expect(r.value).toBe(amount);
            return;
          }
          // |value * D - N| <= D / 2 with N / D the exact result.
          const N = BigInt(amount) * BigInt(digits) * 10n ** BigInt(minorUnits(to));
          const D = 10n ** BigInt(scale + minorUnits(from));
          const diff = BigInt(r.value) * D - N;
          expect((diff < 0n ? -diff : diff) * 2n <= D).toBe(true);
          // Symmetric: a refund converts to minus the expense.
          const neg = convertMinor(-amount, from, to, rate, rounding);
          expect(neg.ok && neg.value).toBe(-r.value || 0);
        },
      ),
    );
  });
});
