// English country names from the runtime's ICU data; a few read oddly in an address.
const OVERRIDES: Record<string, string> = {
  HK: "Hong Kong",
  MO: "Macau",
  PS: "Palestine",
  XK: "Kosovo",
};
const display = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return OVERRIDES[code] ?? display.of(code) ?? null;
  } catch {
    return null;
  }
}

/** "Kyoto, Japan": the address of a place that is its own city. */
export function cityAddress(name: string, countryCode: string | null): string {
  const country = countryName(countryCode);
  return country ? `${name}, ${country}` : name;
}
