import { PRODUCT_NAME } from "@tabi/contracts";
import { type Language, t } from "../../i18n";

/** What a link preview may know of a link: SharingService.preview()'s answer. */
export type LinkPreview =
  | null
  | { kind: "protected" }
  | {
      kind: "trip";
      name: string;
      startDate: string;
      endDate: string | null;
      placeCount: number;
      points: [number, number][];
    };

/** The Open Graph and Twitter card of one page. */
export interface PreviewMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string;
  imageAlt: string;
  siteName: string;
  /** og:locale, "ja_JP". */
  locale: string;
}

/** The BCP 47 tag Intl formats each language with (as the web app's i18n/languages.ts). */
export const INTL_LOCALE: Record<Language, string> = { en: "en-US", ja: "ja-JP", ko: "ko-KR", zh: "zh-CN" };

const asDate = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);

/** A trip's calendar dates as the web app shows them: "Dec 10 – 14, 2026", "2026年12月10日～14日". */
export function formatTripDates(start: string, end: string | null, lng: Language): string {
  const f = new Intl.DateTimeFormat(INTL_LOCALE[lng], {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  if (!end || end === start) return f.format(asDate(start));
  return f.formatRange(asDate(start), asDate(end)).replace(/\s/g, " ");
}

/** The words of a preview in a language: a trip's name and "12 places · dates", or only "Shared trip". */
export function previewWords(preview: LinkPreview, lng: Language) {
  const generic = t("server:sharing.previewPlanned", { product: PRODUCT_NAME }, lng);
  if (preview?.kind !== "trip")
    return { title: t("server:sharing.sharedTrip", undefined, lng), description: generic, trip: false };
  const dates = formatTripDates(preview.startDate, preview.endDate, lng);
  return {
    title: preview.name,
    description: t("server:sharing.previewText", { count: preview.placeCount, dates }, lng),
    trip: true,
  };
}

/**
 * The meta of /shared/{token}: the trip's for an open link, else the generic "Shared trip" (a protected,
 * revoked or unknown link reveals nothing, and all of them look the same).
 */
export function previewMeta(
  preview: LinkPreview,
  lng: Language,
  publicUrl: string,
  token: string,
): PreviewMeta {
  const words = previewWords(preview, lng);
  const path = `/shared/${encodeURIComponent(token)}`;
  return {
    title: words.title,
    description: words.description,
    url: `${publicUrl}${path}`,
    image: `${publicUrl}/api${path}/card.png?lng=${lng}`,
    imageAlt: words.title,
    siteName: PRODUCT_NAME,
    locale: INTL_LOCALE[lng].replace("-", "_"),
  };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** A value safe inside a double- or single-quoted attribute and in text. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The index page's own title, description and any preview tags: replaced by the preview's. */
const REPLACED = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\b[^>]*\bname\s*=\s*["']?(?:description|robots|twitter:[\w:]+)(?=["'\s/>])[^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']?og:[\w:]+(?=["'\s/>])[^>]*>\s*/gi,
];

/**
 * The web app's index.html with a page's Open Graph and Twitter meta and a matching <title>, in its
 * <head> (pure: a function of the page and the meta). Every value is escaped.
 */
export function injectPreview(indexHtml: string, meta: PreviewMeta): string {
  const tag = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag("name", "description", meta.description),
    tag("name", "robots", "noindex"),
    tag("property", "og:type", "website"),
    tag("property", "og:site_name", meta.siteName),
    tag("property", "og:locale", meta.locale),
    tag("property", "og:title", meta.title),
    tag("property", "og:description", meta.description),
    tag("property", "og:url", meta.url),
    tag("property", "og:image", meta.image),
    tag("property", "og:image:type", "image/png"),
    tag("property", "og:image:width", "1200"),
    tag("property", "og:image:height", "630"),
    tag("property", "og:image:alt", meta.imageAlt),
    tag("name", "twitter:card", "summary_large_image"),
    tag("name", "twitter:title", meta.title),
    tag("name", "twitter:description", meta.description),
    tag("name", "twitter:image", meta.image),
    tag("name", "twitter:image:alt", meta.imageAlt),
  ].join("\n    ");
  let html = indexHtml;
  for (const pattern of REPLACED) html = html.replace(pattern, "");
  // Into <head>, before its end; a page without one gets them after <head> or the doctype.
  const end = /<\/head\s*>/i.exec(html);
  if (end) {
    let at = end.index;
    while (at > 0 && (html[at - 1] === " " || html[at - 1] === "\t")) at--;
    return `${html.slice(0, at)}    ${tags}\n${html.slice(at)}`;
  }
  const start = /<head\b[^>]*>|<!doctype[^>]*>/i.exec(html);
  const at = start ? start.index + start[0].length : 0;
  return `${html.slice(0, at)}${tags}${html.slice(at)}`;
}
