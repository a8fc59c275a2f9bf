// One normalisation for the index and the query, so matching is a plain byte comparison.

/** Letters that NFD does not split into base + accent. */
const FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ı: "i",
  þ: "th",
  ħ: "h",
};
const FOLD_RE = new RegExp(`[${Object.keys(FOLDS).join("")}]`, "g");
// Only the Latin/Greek/Cyrillic combining accents: kana voicing marks (U+3099) must stay, or ド
// would fold into ト; Hangul jamo are letters, and NFC puts the syllables back together.
const ACCENTS = /[\u0300-\u036f]/g;
// Apostrophes join (O'Hare -> ohare); any other non-letter, non-digit becomes a word break.
const APOSTROPHES = /['’ʻ`´]/g;
const SEPARATORS = /[^\p{L}\p{N}\u3099\u309a]+/gu;

/** "Sagrada Família" -> "sagrada familia", "München" -> "munchen", "ＮＲＴ" -> "nrt", "東京" stays. */
export function normalizeName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(ACCENTS, "")
    .normalize("NFC")
    .replace(FOLD_RE, (c) => FOLDS[c] ?? c)
    .replace(APOSTROPHES, "")
    .replace(SEPARATORS, " ")
    .trim();
}

/** Every word start of a normalised name after the first: "sydney opera house" -> ["opera house", "house"]. */
export function wordSuffixes(normalized: string): string[] {
  const out: string[] = [];
  for (let i = normalized.indexOf(" "); i !== -1; i = normalized.indexOf(" ", i + 1)) {
    out.push(normalized.slice(i + 1));
  }
  return out;
}

/** True when the text is plain ASCII (fuzzy matching works on bytes, so only there). */
export const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);
