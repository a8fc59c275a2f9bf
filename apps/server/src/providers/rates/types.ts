/** A rate to convert with: 1 unit of `from` = `rate` units of `to` (a decimal string). */
export interface RateQuote {
  from: string;
  to: string;
  rate: string;
  /** The day the rate is for (YYYY-MM-DD). */
  date: string;
  /** `reference`: the ECB's daily reference rates; `table`: the approximate table shipped with the app. */
  source: "reference" | "table";
}

export interface RatesProvider {
  readonly kind: string;
  /** Undefined when this source has no rate for the pair. Never rejects. */
  quote(from: string, to: string): Promise<RateQuote | undefined>;
}

/** Euros per currency unit → a cross rate from → to, as a decimal string of 8 significant digits. */
export function crossRate(perEuro: Record<string, number>, from: string, to: string): string | undefined {
  const a = from === "EUR" ? 1 : perEuro[from];
  const b = to === "EUR" ? 1 : perEuro[to];
  if (!a || !b) return undefined;
  return decimal(b / a);
}

function decimal(x: number): string {
  const s = x.toPrecision(8);
  return String(Number(s)); // drops trailing zeros; never an exponent for rates of real currencies
}
