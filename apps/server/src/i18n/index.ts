import { AsyncLocalStorage } from "node:async_hooks";
import { LANGUAGE_CODES, type LanguageCode } from "@tabi/contracts";
import i18next from "i18next";
// The server's texts are the contracts' catalogues (namespace "server", shared with the web app);
// JSON imports, so the bundle (scripts/build.mjs, esbuild) carries them and nothing is read from disk.
import en from "../../../../packages/contracts/src/i18n/en.json";
import ja from "../../../../packages/contracts/src/i18n/ja.json";
import ko from "../../../../packages/contracts/src/i18n/ko.json";
import zh from "../../../../packages/contracts/src/i18n/zh.json";

export type Language = LanguageCode;

/** A plural form's key without its suffix: i18next picks "x_one" or "x_other" for "x" and a count. */
type PluralBase<K extends string> =
  K extends `${infer B}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? B : K;
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A key of the server catalogue, with its namespace: "server:trips.tripLimitCreate". */
export type ServerKey = `server:${Leaves<typeof en>}`;
export type TextParams = Record<string, string | number>;
/** A text to say in the reader's language: its catalogue key and the values of its {{placeholders}}. */
export interface Text {
  key: ServerKey;
  params?: TextParams;
}
export const text = (key: ServerKey, params?: TextParams): Text => (params ? { key, params } : { key });

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { server: en }, ja: { server: ja }, ko: { server: ko }, zh: { server: zh } },
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LANGUAGE_CODES],
  ns: ["server"],
  defaultNS: "server",
  initAsync: false, // the resources are here: ready when this module is
  interpolation: { escapeValue: false }, // JSON answers; mail HTML escapes its own values
  returnNull: false,
});

/** A catalogue text in a language (English when the language lacks it). */
export function t(key: ServerKey, params: TextParams | undefined, lng: Language): string {
  return i18n.t(key, { ...params, lng });
}

/** The English text of a key: what logs and the English fields of stored plans keep. */
export const english = (key: ServerKey, params?: TextParams) => t(key, params, "en");

let byEnglish: Map<string, ServerKey> | undefined;
/** The key of an English catalogue text ("Trip not found" -> "server:trips.tripNotFound"). */
export function keyOfEnglish(message: string): ServerKey | undefined {
  if (!byEnglish) {
    byEnglish = new Map();
    const walk = (value: unknown, prefix: string) => {
      if (typeof value === "string") {
        // The first key of a text wins (two keys may share one English text).
        if (!byEnglish!.has(value)) byEnglish!.set(value, `server:${prefix}` as ServerKey);
      } else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    };
    walk(en, "");
  }
  return byEnglish.get(message);
}

/** An English text of the catalogue in another language; any other text as it is. */
export function translate(message: string, lng: Language): string {
  if (lng === "en") return message;
  const key = keyOfEnglish(message);
  return key ? t(key, undefined, lng) : message;
}

/** A text as one language says it, from a key or from its English words. */
export function say(message: string | Text, lng: Language): string {
  return typeof message === "string" ? translate(message, lng) : t(message.key, message.params, lng);
}

/**
 * A text a stored plan keeps (issue 13): the English words, and the key (without "server:") and
 * parameters with which each reader's app says it in their language.
 */
export function planText(key: ServerKey, params?: TextParams) {
  return { text: english(key, params), key: key.slice("server:".length), ...(params ? { params } : {}) };
}

const SUPPORTED = new Set<string>(LANGUAGE_CODES);
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && SUPPORTED.has(value);

/**
 * The best of the app's languages for an Accept-Language header ("ja-JP,ja;q=0.9,en;q=0.8" -> ja),
 * by quality, then order; a regional tag matches its language ("zh-TW" -> zh, "ko-KR" -> ko).
 * Null when none of them is acceptable.
 */
export function matchLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return null;
  const ranges = value
    .slice(0, 1000)
    .split(",")
    .map((part, order) => {
      const [tag = "", ...attributes] = part.trim().split(";");
      const q = attributes.map((a) => /^\s*q\s*=\s*(.*?)\s*$/i.exec(a)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q); // a malformed weight (NaN) drops the range
      return { language: tag.trim().toLowerCase().split("-")[0]!, quality, order };
    })
    .filter((r) => Number.isFinite(r.quality) && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  const best = ranges.find((r) => isLanguage(r.language));
  return best ? (best.language as Language) : null;
}

/**
 * The language of the request being served, for code that has no request at hand: better-auth's
 * e-mail hooks run inside `languageContext.run(language, ...)` (auth/bridge.ts, profile).
 */
export const languageContext = new AsyncLocalStorage<Language>();
export const contextLanguage = (): Language | undefined => languageContext.getStore();
