import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { STORAGE_KEYS } from "../boot/early";
import {
  loadEnglishServerTexts as englishServer,
  FIRST_NAMESPACES,
  LATER_NAMESPACES,
  loadCatalogue,
  TRIP_NAMESPACES,
} from "./bundles";
import { intlLocale, isLanguage, type Language, matchLanguage } from "./languages";

// Catalogues: one JSON file per language and area (locales/<lng>/<ns>.json), plus the server's texts
// shared through contracts (ns "server"), sent as a few files per language (bundles.ts).
export const NAMESPACES = [...FIRST_NAMESPACES, ...TRIP_NAMESPACES, ...LATER_NAMESPACES];
export { FIRST_NAMESPACES, LATER_NAMESPACES, TRIP_NAMESPACES };

const STORAGE_KEY = STORAGE_KEYS.language;

/** The language this browser last chose (guests keep it here), else the browser's own. */
export function browserLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage blocked: fall through to the browser's languages
  }
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

function applyToDocument(lng: string) {
  if (typeof document !== "undefined") document.documentElement.lang = intlLocale(lng);
}

/**
 * The English server texts, in every language: serverText finds a stored English text's key by its
 * words. Only these: the catalogue check keeps every language complete, so no English fallback loads
 * (it would cost the first screen about 18 KB of the 300 KB budget).
 */
async function loadEnglishServerTexts() {
  if (!i18next.hasResourceBundle("en", "server"))
    i18next.addResourceBundle("en", "server", await englishServer());
}

/** Loads the language's catalogues of the first screen before the first render. */
export async function initI18n(lng: Language = browserLanguage()): Promise<void> {
  applyToDocument(lng);
  await i18next
    .use(resourcesToBackend(loadCatalogue))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: ["en", "ja", "ko", "zh"],
      ns: [...FIRST_NAMESPACES], // a copy: i18next adds to it as more areas load
      defaultNS: "common",
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      react: { useSuspense: false },
    });
  await loadEnglishServerTexts();
}

/** Switch the app's language; kept in this browser (and on the server by the profile for accounts). */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyToDocument(lng);
  if (i18next.language === lng) return;
  // i18next switches only once the new language's catalogues are in, and until then loads any area a
  // screen asks for in the old language only: that screen then showed catalogue keys. Preloading the
  // new language makes such a load fetch both.
  i18next.options.preload = [lng];
  await i18next.changeLanguage(lng);
}

/** The language the app speaks now. */
export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : "en");

export { i18next as i18n };

let englishServerKeys: Map<string, string> | undefined;
/**
 * A text the server wrote in English (a stored plan note, a contracts label): in the app's language.
 * With its key and parameters when the server sent them; else found by its English words; else as is
 * (an answer the server already wrote in the user's language, or user content).
 */
export function serverText(text: string, key?: string, params?: Record<string, unknown>): string {
  if (key && i18next.exists(`server:${key}`)) return i18next.t(`server:${key}`, params);
  if (!englishServerKeys) {
    englishServerKeys = new Map();
    const walk = (value: unknown, prefix: string) => {
      if (typeof value === "string") englishServerKeys!.set(value, prefix);
      else if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    };
    walk(i18next.getResourceBundle("en", "server"), "");
  }
  const found = englishServerKeys.get(text);
  return found ? i18next.t(`server:${found}`) : text;
}

/** The catalogues of a signed-in user's screens beyond home and of the shared trip (TRIP_NAMESPACES). */
export const loadTripCatalogues = () => i18next.loadNamespaces(TRIP_NAMESPACES);
