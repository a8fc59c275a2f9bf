// The four languages of the app (spec 3's language select), named in their own language.
export const LANGUAGES = [
  { code: "en", name: "English", intl: "en-US" },
  { code: "ja", name: "日本語", intl: "ja-JP" },
  { code: "ko", name: "한국어", intl: "ko-KR" },
  { code: "zh", name: "中文", intl: "zh-CN" },
] as const;
export type Language = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as Language[];

export const isLanguage = (v: unknown): v is Language =>
  typeof v === "string" && (LANGUAGE_CODES as string[]).includes(v);

/** The first of the browser's preferred languages we speak ("zh-TW" and "ja-JP" count), else English. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return "en";
}

/** The BCP 47 tag Intl formats with: "ja" -> "ja-JP". */
export const intlLocale = (lng: string) => LANGUAGES.find((l) => l.code === lng)?.intl ?? "en-US";
