// A place's name in the local script (東京, 서울, Κνωσός ...), with the language it is written in, so
// the browser picks the right glyphs (a Japanese 直 is not a Chinese one) and screen readers the voice.

/** Scripts that name their language whatever the country. */
const SCRIPTS: [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Thai}/u, "th"],
  [/\p{Script=Khmer}/u, "km"],
  [/\p{Script=Hebrew}/u, "he"],
  [/\p{Script=Greek}/u, "el"],
  [/\p{Script=Devanagari}/u, "hi"],
];

/** Han alone: Japanese in Japan, else the Chinese of the place. */
const HAN: Record<string, string> = {
  JP: "ja",
  CN: "zh-CN",
  SG: "zh-SG",
  TW: "zh-TW",
  HK: "zh-HK",
  MO: "zh-MO",
};

/** Latin letters: the country's language, where one language is the clear local one. */
const LATIN: Record<string, string> = {
  VN: "vi",
  MY: "ms",
  ID: "id",
  TR: "tr",
  DE: "de",
  AT: "de",
  FR: "fr",
  MC: "fr",
  IT: "it",
  VA: "it",
  ES: "es",
  MX: "es",
  AR: "es",
  PE: "es",
  PT: "pt",
  BR: "pt",
  NL: "nl",
  CZ: "cs",
  PL: "pl",
  HU: "hu",
  DK: "da",
  SE: "sv",
  IS: "is",
  IE: "ga",
};

/** The BCP 47 tag of a local name, from its script and the place's country; undefined when unsure. */
export function localNameLang(localName: string, countryCode: string | null): string | undefined {
  for (const [script, lang] of SCRIPTS) if (script.test(localName)) return lang;
  const country = countryCode?.toUpperCase() ?? "";
  if (/\p{Script=Han}/u.test(localName)) return HAN[country] ?? "zh";
  if (/\p{Script=Arabic}/u.test(localName)) return country === "IR" ? "fa" : "ar";
  if (/\p{Script=Cyrillic}/u.test(localName)) return country === "UA" ? "uk" : "ru";
  if (/\p{Script=Latin}/u.test(localName)) return LATIN[country];
  return undefined;
}

/** The local name to show beside the English one: null when there is none or it is the same. */
export function localNameOf(r: { name: string; localName: string | null }): string | null {
  return r.localName && r.localName !== r.name ? r.localName : null;
}

/**
 * A picked result as one line, "name, address": a city's address already begins with its name
 * ("Osaka, Japan"), which is then the whole line, not "Osaka, Osaka, Japan".
 */
export function placeLabel(r: { name: string; address?: string | null }): string {
  const address = r.address?.trim() ?? "";
  const lower = address.toLowerCase();
  const name = r.name.trim().toLowerCase();
  if (lower === name || lower.startsWith(`${name},`)) return address;
  return [r.name, address].filter(Boolean).join(", ");
}
