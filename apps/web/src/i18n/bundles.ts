import type { Language } from "./languages";

// How the catalogues travel (issue 28 item 2): per language, one file for the first screen and one for
// the screens of a signed-in trip, instead of one file per area; the areas of rarely opened screens stay
// one file each. The bundles/*.ts files list the same areas (bundles.test.ts checks both).

/** Sign-in, the shell, home and the server's texts: loaded before the first render. */
export const FIRST_NAMESPACES = [
  "auth",
  "billing",
  "common",
  "home",
  "info",
  "offline",
  "shell",
  "trips",
  "server",
];

/**
 * The trip, places, chat and profile: loaded with /api/me for a browser that remembers its user, else
 * once someone signs in (app/layout/Shell.tsx), or when the shared trip page opens; never on sign-in.
 */
export const TRIP_NAMESPACES = [
  "calendar",
  "chat",
  "map",
  "money",
  "places",
  "plan",
  "privacy",
  "profile",
  "search",
];

/**
 * Namespaces of screens a first visit rarely opens (the Share screen, the public shared-trip page,
 * bookings): each such screen loads its own through <WithNamespaces>, one file per area.
 */
export const LATER_NAMESPACES = [
  "share",
  "sharing",
  "bookings",
  "travel",
  "meals",
  "lists",
  "transfer",
  "polls",
  "documents",
];

type Bundle = () => Promise<{ default: Record<string, Record<string, unknown>> }>;

const FIRST: Record<Language, Bundle> = {
  en: () => import("./bundles/first-en"),
  ja: () => import("./bundles/first-ja"),
  ko: () => import("./bundles/first-ko"),
  zh: () => import("./bundles/first-zh"),
};
const TRIP: Record<Language, Bundle> = {
  en: () => import("./bundles/trip-en"),
  ja: () => import("./bundles/trip-ja"),
  ko: () => import("./bundles/trip-ko"),
  zh: () => import("./bundles/trip-zh"),
};
const later = import.meta.glob<{ default: Record<string, unknown> }>(
  "./locales/*/{share,sharing,bookings,travel,meals,lists,transfer,polls,documents}.json",
);

/**
 * Starts fetching a language's trip-screen catalogues (for a browser that remembers its user, in
 * parallel with the first screen's); i18next's later load of TRIP_NAMESPACES reuses the same file.
 */
export function preloadTripCatalogues(lng: Language): void {
  void TRIP[lng]().catch(() => undefined);
}

/** One area's catalogue in one language ({} for an unknown one). */
export async function loadCatalogue(lng: string, ns: string): Promise<Record<string, unknown>> {
  const pick = async (bundles: Record<string, Bundle>) => {
    const load = bundles[lng];
    if (!load) return {};
    const files = (await load()).default;
    const file = Object.keys(files).find((path) =>
      ns === "server"
        ? path.endsWith(`/contracts/src/i18n/${lng}.json`)
        : path.endsWith(`/${lng}/${ns}.json`),
    );
    return file ? files[file]! : {};
  };
  if (ns === "server" && lng === "en") return loadEnglishServerTexts();
  if (FIRST_NAMESPACES.includes(ns)) return pick(FIRST);
  if (TRIP_NAMESPACES.includes(ns)) return pick(TRIP);
  const load = later[`./locales/${lng}/${ns}.json`];
  return load ? (await load()).default : {};
}

/** The English server texts, for serverText in every language (a file of its own unless English). */
export const loadEnglishServerTexts = async (): Promise<Record<string, unknown>> =>
  (await import("../../../../packages/contracts/src/i18n/en.json")).default;
