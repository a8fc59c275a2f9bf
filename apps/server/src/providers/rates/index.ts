import { type EcbOptions, EcbRates } from "./ecb";
import { TableRates } from "./table";
import type { RateQuote, RatesProvider } from "./types";

export type { RateQuote, RatesProvider };

/**
 * Rates for expenses in another currency (issue 29): the ECB's daily reference rates when they
 * answer, the approximate table shipped with the app otherwise (offline), and a rate the member types
 * always wins (the expense keeps whichever it was converted with).
 */
export function createRates(options: EcbOptions & { offline?: boolean } = {}): RatesProvider {
  const table = new TableRates();
  if (options.offline) return table;
  const ecb = new EcbRates(options);
  return {
    kind: "auto",
    async quote(from, to) {
      if (from === to)
        return { from, to, rate: "1", date: new Date().toISOString().slice(0, 10), source: "reference" };
      return (await ecb.quote(from, to)) ?? (await table.quote(from, to));
    },
  };
}
