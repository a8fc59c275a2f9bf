// ISO 4217 currencies and their minor units (the exponent: JPY 0, EUR 2, KWD 3), with the typed-amount
// parser and the formatter the money screens use. Pure: no I/O, runs in the server and the browser.
import type { Result } from "./result";

/**
 * Every active ISO 4217 currency with a minor unit (the list of 2025, with XCG, ZWG and SLE; without
 * the units that have none: gold, SDR, test codes). The exponent is ISO's, which is what an amount's
 * integer counts, even where CLDR shows fewer digits (IQD 3, IDR 2).
 */
export const CURRENCY_MINOR_UNITS = {
  AED: 2,
  AFN: 2,
  ALL: 2,
  AMD: 2,
  ANG: 2,
  AOA: 2,
  ARS: 2,
  AUD: 2,
  AWG: 2,
  AZN: 2,
  BAM: 2,
  BBD: 2,
  BDT: 2,
  BGN: 2,
  BHD: 3,
  BIF: 0,
  BMD: 2,
  BND: 2,
  BOB: 2,
  BOV: 2,
  BRL: 2,
  BSD: 2,
  BTN: 2,
  BWP: 2,
  BYN: 2,
  BZD: 2,
  CAD: 2,
  CDF: 2,
  CHE: 2,
  CHF: 2,
  CHW: 2,
  CLF: 4,
  CLP: 0,
  CNY: 2,
  COP: 2,
  COU: 2,
  CRC: 2,
  CUP: 2,
  CVE: 2,
  CZK: 2,
  DJF: 0,
  DKK: 2,
  DOP: 2,
  DZD: 2,
  EGP: 2,
  ERN: 2,
  ETB: 2,
  EUR: 2,
  FJD: 2,
  FKP: 2,
  GBP: 2,
  GEL: 2,
  GHS: 2,
  GIP: 2,
  GMD: 2,
  GNF: 0,
  GTQ: 2,
  GYD: 2,
  HKD: 2,
  HNL: 2,
  HTG: 2,
  HUF: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  IQD: 3,
  IRR: 2,
  ISK: 0,
  JMD: 2,
  JOD: 3,
  JPY: 0,
  KES: 2,
  KGS: 2,
  KHR: 2,
  KMF: 0,
  KPW: 2,
  KRW: 0,
  KWD: 3,
  KYD: 2,
  KZT: 2,
  LAK: 2,
  LBP: 2,
  LKR: 2,
  LRD: 2,
  LSL: 2,
  LYD: 3,
  MAD: 2,
  MDL: 2,
  MGA: 2,
  MKD: 2,
  MMK: 2,
  MNT: 2,
  MOP: 2,
  MRU: 2,
  MUR: 2,
  MVR: 2,
  MWK: 2,
  MXN: 2,
  MXV: 2,
  MYR: 2,
  MZN: 2,
  NAD: 2,
  NGN: 2,
  NIO: 2,
  NOK: 2,
  NPR: 2,
  NZD: 2,
  OMR: 3,
  PAB: 2,
  PEN: 2,
  PGK: 2,
  PHP: 2,
  PKR: 2,
  PLN: 2,
  PYG: 0,
  QAR: 2,
  RON: 2,
  RSD: 2,
  RUB: 2,
  RWF: 0,
  SAR: 2,
  SBD: 2,
  SCR: 2,
  SDG: 2,
  SEK: 2,
  SGD: 2,
  SHP: 2,
  SLE: 2,
  SOS: 2,
  SRD: 2,
  SSP: 2,
  STN: 2,
  SVC: 2,
  SYP: 2,
  SZL: 2,
  THB: 2,
  TJS: 2,
  TMT: 2,
  TND: 3,
  TOP: 2,
  TRY: 2,
  TTD: 2,
  TWD: 2,
  TZS: 2,
  UAH: 2,
  UGX: 0,
  USD: 2,
  USN: 2,
  UYI: 0,
  UYU: 2,
  UYW: 4,
  UZS: 2,
  VED: 2,
  VES: 2,
  VND: 0,
  VUV: 0,
  WST: 2,
  XAF: 0,
  XCD: 2,
  XCG: 2,
  XOF: 0,
  XPF: 0,
  YER: 2,
  ZAR: 2,
  ZMW: 2,
  ZWG: 2,
} as const;
export type CurrencyCode = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_UNITS).sort() as CurrencyCode[];

/** Whether a value is one of the table's codes (upper case, exactly as ISO writes it). */
export const isCurrency = (code: unknown): code is CurrencyCode =>
  typeof code === "string" && Object.hasOwn(CURRENCY_MINOR_UNITS, code);

/** The currency's exponent: how many decimals its minor unit has (JPY 0, USD 2, KWD 3). */
export function minorUnits(code: CurrencyCode): number {
  const e = CURRENCY_MINOR_UNITS[code];
  if (e === undefined) throw new RangeError(`Unknown currency: ${code}`);
  return e;
}

/**
 * The largest amount one expense may have, in minor units (a trillion: 10 billion dollars, 1 billion
 * dinars, a trillion yen), so a sum of a trip's amounts stays a safe integer.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

export type AmountError =
  | "empty"
  | "negative"
  | "format"
  | "tooManyDecimals"
  | "noDecimals"
  | "tooLarge"
  | "unknownCurrency";

/**
 * A typed amount ("12.5", "12,50", "1500", " 3.250 ") as an integer of the currency's minor units.
 * Strict on purpose: digits, then at most one decimal separator ('.' or ',') followed by at least one
 * digit and no more digits than the currency's exponent; no sign, no grouping, no exponent. So
 * "1,234.56" and "1 234,56" are format errors, not guesses ("1,234" in JPY is a format error too:
 * the yen has no decimals). Zero is an amount ("0"); whether it is allowed is the caller's rule.
 */
export function toMinor(text: string, code: string): Result<number, AmountError> {
  if (!isCurrency(code)) return { ok: false, error: "unknownCurrency" };
  const s = text.trim();
  if (s === "") return { ok: false, error: "empty" };
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(s);
  // "-500" is a sign, not a typo: the answer is "greater than 0", as for "0" where it is not allowed.
  if (!m) return { ok: false, error: /^-\s*\d+(?:[.,]\d+)?$/.test(s) ? "negative" : "format" };
  const whole = m[1]!;
  const fraction = m[2] ?? "";
  const e = minorUnits(code);
  // In a currency without decimals, three digits after the separator are a thousands group ("1,234"
  // yen): a format error, not a guess; one or two are decimals it does not have ("1.5" yen).
  if (fraction.length > e)
    return { ok: false, error: e > 0 ? "tooManyDecimals" : fraction.length === 3 ? "format" : "noDecimals" };
  const digits = (whole + fraction.padEnd(e, "0")).replace(/^0+(?=\d)/, "");
  if (digits.length > 16) return { ok: false, error: "tooLarge" };
  const value = Number(digits);
  if (value > MAX_AMOUNT_MINOR) return { ok: false, error: "tooLarge" };
  return { ok: true, value };
}

/** An amount of minor units as a plain decimal string ("1250" USD -> "12.50", JPY -> "1250"), no grouping. */
export function minorToDecimal(amountMinor: number, code: CurrencyCode): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Not an integer amount: ${amountMinor}`);
  const e = minorUnits(code);
  const sign = amountMinor < 0 ? "-" : "";
  const digits = String(Math.abs(amountMinor));
  if (e === 0) return sign + digits;
  const padded = digits.padStart(e + 1, "0");
  return `${sign}${padded.slice(0, -e)}.${padded.slice(-e)}`;
}

/**
 * An amount as the locale writes money (Intl.NumberFormat): "$12.50", "￥1,250", "12,50 €". Always the
 * currency's full ISO exponent of decimals, so what is shown is what the integer holds exactly (CLDR
 * alone would show IQD with none). Built from the decimal string, never through a float division.
 */
export function formatMinor(amountMinor: number, code: CurrencyCode, locale?: string | string[]): string {
  const e = minorUnits(code);
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: code,
    minimumFractionDigits: e,
    maximumFractionDigits: e,
  });
  // A decimal string keeps every digit (ES2023's format takes one); amounts are below 2^53 anyway.
  return format.format(minorToDecimal(amountMinor, code) as unknown as number);
}

/**
 * The currency a country pays in (ISO 3166-1 alpha-2 -> ISO 4217): a trip's default home currency from
 * its destination. Where a country has two in use, the one visitors pay in (Panama, El Salvador: USD;
 * Bulgaria: EUR since 2026; Curaçao, Sint Maarten: XCG since 2025). Kosovo (XK) is included; Antarctica
 * has none.
 */
export const COUNTRY_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  AD: "EUR",
  AE: "AED",
  AF: "AFN",
  AG: "XCD",
  AI: "XCD",
  AL: "ALL",
  AM: "AMD",
  AO: "AOA",
  AR: "ARS",
  AS: "USD",
  AT: "EUR",
  AU: "AUD",
  AW: "AWG",
  AX: "EUR",
  AZ: "AZN",
  BA: "BAM",
  BB: "BBD",
  BD: "BDT",
  BE: "EUR",
  BF: "XOF",
  BG: "EUR",
  BH: "BHD",
  BI: "BIF",
  BJ: "XOF",
  BL: "EUR",
  BM: "BMD",
  BN: "BND",
  BO: "BOB",
  BQ: "USD",
  BR: "BRL",
  BS: "BSD",
  BT: "BTN",
  BV: "NOK",
  BW: "BWP",
  BY: "BYN",
  BZ: "BZD",
  CA: "CAD",
  CC: "AUD",
  CD: "CDF",
  CF: "XAF",
  CG: "XAF",
  CH: "CHF",
  CI: "XOF",
  CK: "NZD",
  CL: "CLP",
  CM: "XAF",
  CN: "CNY",
  CO: "COP",
  CR: "CRC",
  CU: "CUP",
  CV: "CVE",
  CW: "XCG",
  CX: "AUD",
  CY: "EUR",
  CZ: "CZK",
  DE: "EUR",
  DJ: "DJF",
  DK: "DKK",
  DM: "XCD",
  DO: "DOP",
  DZ: "DZD",
  EC: "USD",
  EE: "EUR",
  EG: "EGP",
  EH: "MAD",
  ER: "ERN",
  ES: "EUR",
  ET: "ETB",
  FI: "EUR",
  FJ: "FJD",
  FK: "FKP",
  FM: "USD",
  FO: "DKK",
  FR: "EUR",
  GA: "XAF",
  GB: "GBP",
  GD: "XCD",
  GE: "GEL",
  GF: "EUR",
  GG: "GBP",
  GH: "GHS",
  GI: "GIP",
  GL: "DKK",
  GM: "GMD",
  GN: "GNF",
  GP: "EUR",
  GQ: "XAF",
  GR: "EUR",
  GS: "GBP",
  GT: "GTQ",
  GU: "USD",
  GW: "XOF",
  GY: "GYD",
  HK: "HKD",
  HM: "AUD",
  HN: "HNL",
  HR: "EUR",
  HT: "HTG",
  HU: "HUF",
  ID: "IDR",
  IE: "EUR",
  IL: "ILS",
  IM: "GBP",
  IN: "INR",
  IO: "USD",
  IQ: "IQD",
  IR: "IRR",
  IS: "ISK",
  IT: "EUR",
  JE: "GBP",
  JM: "JMD",
  JO: "JOD",
  JP: "JPY",
  KE: "KES",
  KG: "KGS",
  KH: "KHR",
  KI: "AUD",
  KM: "KMF",
  KN: "XCD",
  KP: "KPW",
  KR: "KRW",
  KW: "KWD",
  KY: "KYD",
  KZ: "KZT",
  LA: "LAK",
  LB: "LBP",
  LC: "XCD",
  LI: "CHF",
  LK: "LKR",
  LR: "LRD",
  LS: "LSL",
  LT: "EUR",
  LU: "EUR",
  LV: "EUR",
  LY: "LYD",
  MA: "MAD",
  MC: "EUR",
  MD: "MDL",
  ME: "EUR",
  MF: "EUR",
  MG: "MGA",
  MH: "USD",
  MK: "MKD",
  ML: "XOF",
  MM: "MMK",
  MN: "MNT",
  MO: "MOP",
  MP: "USD",
  MQ: "EUR",
  MR: "MRU",
  MS: "XCD",
  MT: "EUR",
  MU: "MUR",
  MV: "MVR",
  MW: "MWK",
  MX: "MXN",
  MY: "MYR",
  MZ: "MZN",
  NA: "NAD",
  NC: "XPF",
  NE: "XOF",
  NF: "AUD",
  NG: "NGN",
  NI: "NIO",
  NL: "EUR",
  NO: "NOK",
  NP: "NPR",
  NR: "AUD",
  NU: "NZD",
  NZ: "NZD",
  OM: "OMR",
  PA: "USD",
  PE: "PEN",
  PF: "XPF",
  PG: "PGK",
  PH: "PHP",
  PK: "PKR",
  PL: "PLN",
  PM: "EUR",
  PN: "NZD",
  PR: "USD",
  PS: "ILS",
  PT: "EUR",
  PW: "USD",
  PY: "PYG",
  QA: "QAR",
  RE: "EUR",
  RO: "RON",
  RS: "RSD",
  RU: "RUB",
  RW: "RWF",
  SA: "SAR",
  SB: "SBD",
  SC: "SCR",
  SD: "SDG",
  SE: "SEK",
  SG: "SGD",
  SH: "SHP",
  SI: "EUR",
  SJ: "NOK",
  SK: "EUR",
  SL: "SLE",
  SM: "EUR",
  SN: "XOF",
  SO: "SOS",
  SR: "SRD",
  SS: "SSP",
  ST: "STN",
  SV: "USD",
  SX: "XCG",
  SY: "SYP",
  SZ: "SZL",
  TC: "USD",
  TD: "XAF",
  TF: "EUR",
  TG: "XOF",
  TH: "THB",
  TJ: "TJS",
  TK: "NZD",
  TL: "USD",
  TM: "TMT",
  TN: "TND",
  TO: "TOP",
  TR: "TRY",
  TT: "TTD",
  TV: "AUD",
  TW: "TWD",
  TZ: "TZS",
  UA: "UAH",
  UG: "UGX",
  UM: "USD",
  US: "USD",
  UY: "UYU",
  UZ: "UZS",
  VA: "EUR",
  VC: "XCD",
  VE: "VES",
  VG: "USD",
  VI: "USD",
  VN: "VND",
  VU: "VUV",
  WF: "XPF",
  WS: "WST",
  XK: "EUR",
  YE: "YER",
  YT: "EUR",
  ZA: "ZAR",
  ZM: "ZMW",
  ZW: "ZWG",
};

/** The default home currency of a trip to a country (case-insensitive alpha-2); null when unknown. */
export function currencyOfCountry(countryCode: string | null | undefined): CurrencyCode | null {
  if (!countryCode) return null;
  return COUNTRY_CURRENCY[countryCode.toUpperCase()] ?? null;
}
