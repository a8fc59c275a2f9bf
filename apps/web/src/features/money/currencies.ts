import { CURRENCY_CODES, type CurrencyCode } from "@tabi/contracts";
import { intlLocale } from "../../i18n/languages";

/**
 * ISO 4217 codes that are funds or units of account (Bolivia's Mvdol, the WIR francs, Chile's and
 * Uruguay's indexed units, US next-day dollars...), not money anyone pays a dinner with: still valid
 * in the API and shown when a trip already uses one, but not offered in the lists.
 */
const NOT_CASH = new Set<string>(["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"]);

/** The currencies offered in the lists, with `keep` (the one in use) whatever it is. */
export function offeredCurrencies(keep?: string): CurrencyCode[] {
  return CURRENCY_CODES.filter((c) => !NOT_CASH.has(c) || c === keep);
}

const names = new Map<string, Intl.DisplayNames | null>();
/** "JPY · Japanese Yen" in the app's language (the code alone where the browser has no name). */
export function currencyLabel(code: string, language: string): string {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([intlLocale(language)], { type: "currency" }));
    } catch {
      names.set(language, null);
    }
  }
  const name = names.get(language)?.of(code);
  return name && name !== code ? `${code} · ${name}` : code;
}
