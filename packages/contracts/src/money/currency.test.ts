import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUNTRY_CURRENCY,
  CURRENCY_CODES,
  currencyOfCountry,
  formatMinor,
  isCurrency,
  MAX_AMOUNT_MINOR,
  minorToDecimal,
  minorUnits,
  toMinor,
} from "./currency";

describe("currencies", () => {
  it("knows ISO 4217's exponents", () => {
    expect(minorUnits("JPY")).toBe(0);
    expect(minorUnits("KRW")).toBe(0);
    expect(minorUnits("EUR")).toBe(2);
    expect(minorUnits("USD")).toBe(2);
    expect(minorUnits("KWD")).toBe(3);
    expect(minorUnits("BHD")).toBe(3);
    expect(minorUnits("CLF")).toBe(4);
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect(isCurrency("JPY")).toBe(true);
    expect(isCurrency("jpy")).toBe(false);
    expect(isCurrency("XXX")).toBe(false);
    expect(isCurrency("toString")).toBe(false);
  });

  it("formats every currency, and has a currency for every country it lists", () => {
    // Intl formats them all (its own list lacks only the funds codes, CHE, USN, ..., and VED).
    for (const c of CURRENCY_CODES)
      expect(formatMinor(1, c, "en").replace(/\D/g, ""), c).toBe("1".padStart(minorUnits(c) + 1, "0"));
    for (const [country, c] of Object.entries(COUNTRY_CURRENCY)) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(isCurrency(c), country).toBe(true);
    }
    expect(Object.keys(COUNTRY_CURRENCY).length).toBe(249);
  });

  it("gives a destination's home currency", () => {
    expect(currencyOfCountry("JP")).toBe("JPY");
    expect(currencyOfCountry("fr")).toBe("EUR");
    expect(currencyOfCountry("KR")).toBe("KRW");
    expect(currencyOfCountry("CN")).toBe("CNY");
    expect(currencyOfCountry("US")).toBe("USD");
    expect(currencyOfCountry("GB")).toBe("GBP");
    expect(currencyOfCountry("KW")).toBe("KWD");
    expect(currencyOfCountry("AQ")).toBeNull();
    expect(currencyOfCountry(null)).toBeNull();
  });
});

describe("toMinor", () => {
  it("reads typed amounts strictly", () => {
    expect(toMinor("12.5", "USD")).toEqual({ ok: true, value: 1250 });
    expect(toMinor("12,50", "EUR")).toEqual({ ok: true, value: 1250 });
    expect(toMinor(" 1500 ", "JPY")).toEqual({ ok: true, value: 1500 });
    expect(toMinor("1.005", "KWD")).toEqual({ ok: true, value: 1005 });
    expect(toMinor("0", "USD")).toEqual({ ok: true, value: 0 });
    expect(toMinor("007.10", "USD")).toEqual({ ok: true, value: 710 });
    expect(toMinor("", "USD")).toEqual({ ok: false, error: "empty" });
    expect(toMinor("1,234.56", "USD")).toEqual({ ok: false, error: "format" });
    expect(toMinor("1 234,56", "EUR")).toEqual({ ok: false, error: "format" });
    expect(toMinor("-5", "USD")).toEqual({ ok: false, error: "negative" });
    expect(toMinor("-500", "JPY")).toEqual({ ok: false, error: "negative" });
    expect(toMinor("1.5", "JPY")).toEqual({ ok: false, error: "noDecimals" });
    expect(toMinor("1,50", "JPY")).toEqual({ ok: false, error: "noDecimals" });
    expect(toMinor("1e3", "USD")).toEqual({ ok: false, error: "format" });
    expect(toMinor(".5", "USD")).toEqual({ ok: false, error: "format" });
    expect(toMinor("5.", "USD")).toEqual({ ok: false, error: "format" });
    expect(toMinor("1.234", "USD")).toEqual({ ok: false, error: "tooManyDecimals" });
    expect(toMinor("1.0001", "KWD")).toEqual({ ok: false, error: "tooManyDecimals" });
    expect(toMinor("1,234", "JPY")).toEqual({ ok: false, error: "format" });
    expect(toMinor("5", "XYZ")).toEqual({ ok: false, error: "unknownCurrency" });
    expect(toMinor("10000000000.00", "USD")).toEqual({ ok: true, value: MAX_AMOUNT_MINOR });
    expect(toMinor("10000000000.01", "USD")).toEqual({ ok: false, error: "tooLarge" });
    expect(toMinor("99999999999999999999", "JPY")).toEqual({ ok: false, error: "tooLarge" });
  });

  it("reads back every amount it writes, in every currency", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }),
        fc.constantFrom(...CURRENCY_CODES),
        fc.boolean(),
        (amount, code, comma) => {
          const text = minorToDecimal(amount, code);
          expect(toMinor(comma ? text.replace(".", ",") : text, code)).toEqual({ ok: true, value: amount });
        },
      ),
    );
  });
});

describe("formatMinor", () => {
  const plain = (s: string) => s.replace(/\s/g, " ");
  it("writes the amount as the locale does, with the currency's own decimals", () => {
    expect(formatMinor(1250, "USD", "en-US")).toBe("$12.50");
    expect(formatMinor(1250, "JPY", "ja-JP")).toBe("￥1,250");
    expect(plain(formatMinor(1005, "KWD", "en-US"))).toBe("KWD 1.005");
    expect(plain(formatMinor(-99, "EUR", "de-DE"))).toBe("-0,99 €");
    expect(formatMinor(123456789012, "KRW", "ko-KR")).toBe("₩123,456,789,012");
    expect(minorToDecimal(5, "KWD")).toBe("0.005");
    expect(minorToDecimal(-1250, "USD")).toBe("-12.50");
  });
});
