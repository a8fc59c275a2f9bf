import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator } from "@playwright/test";

// The language check of issue 13: the catalogues read from disk, the page's visible text collected in
// the browser, and every text node compared with the English catalogue.
const ROOT = join(import.meta.dirname, "..", "..");
export type Lng = "en" | "ja" | "ko" | "zh";

function flatten(ns: string, value: unknown, prefix: string, out: Map<string, string>) {
  if (typeof value === "string") out.set(`${ns}:${prefix}`, value);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(ns, v, prefix ? `${prefix}.${k}` : k, out);
}

const cache = new Map<Lng, Map<string, string>>();
/** "ns:key" -> text, for one language (web catalogues and the server's). */
export function catalogue(lng: Lng): Map<string, string> {
  let flat = cache.get(lng);
  if (flat) return flat;
  flat = new Map();
  const dir = join(ROOT, "apps/web/src/i18n/locales", lng);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")))
    flatten(file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, file), "utf8")), "", flat);
  flatten(
    "server",
    JSON.parse(readFileSync(join(ROOT, "packages/contracts/src/i18n", `${lng}.json`), "utf8")),
    "",
    flat,
  );
  cache.set(lng, flat);
  return flat;
}

/** A catalogue text with its placeholders filled in (or as a pattern when values are not given). */
export function text(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  const raw = catalogue(lng).get(key) ?? catalogue(lng).get(`${key}_other`);
  if (raw === undefined) throw new Error(`no ${key} in ${lng}`);
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => String(values[v] ?? ""));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** English texts that must not appear in another language: each as a whole-text pattern. */
function englishPatterns(lng: Lng): { key: string; re: RegExp }[] {
  const en = catalogue("en");
  const other = catalogue(lng);
  const out: { key: string; re: RegExp }[] = [];
  for (const [key, value] of en) {
    if (other.get(key) === value) continue; // the same in both languages ("OK", a brand name)
    if (!/[A-Za-z]{2,}/.test(value)) continue;
    const parts = value.split(/\{\{[^}]+\}\}/).map((p) => escapeRe(p.trim()));
    if (
      parts
        .join("")
        .replace(/\\/g, "")
        .replace(/[^A-Za-z]/g, "").length < 3
    )
      continue; // "{{n}} h"
    out.push({ key, re: new RegExp(`^${parts.join(".+?")}$`, "s") });
  }
  return out;
}

/** Visible text nodes and the visible attributes users read (aria-label, title, placeholder, alt). */
export async function visibleTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((body) => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return (
        r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none" && s.opacity !== "0"
      );
    };
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.replace(/\s+/g, " ").trim();
      const parent = n.parentElement;
      if (!t || !parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
      if (parent.closest(".maplibregl-ctrl-attrib, [data-user-content], [translate='no']")) continue;
      if (shown(parent)) out.push(t);
    }
    for (const el of body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]"))
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        const v = el.getAttribute(a)?.trim();
        if (v && !el.closest(".maplibregl-ctrl-attrib, [data-user-content], [translate='no']")) out.push(v);
      }
    return out;
  });
}

/**
 * Text left in English on the page: nodes equal to an English catalogue text whose translation differs,
 * and English-looking words that match no catalogue at all. `userContent` (trip, place and member
 * names) is excepted.
 */
export async function englishLeft(scope: Locator, lng: Lng, userContent: string[]): Promise<string[]> {
  const patterns = englishPatterns(lng);
  const translated = new Set(catalogue(lng).values());
  const isUser = (t: string) => userContent.some((u) => t === u || t.includes(u));
  const found = new Set<string>();
  for (const t of await visibleTexts(scope)) {
    if (isUser(t) || translated.has(t)) continue;
    if (/^[\w.+-]+@[\w.-]+\.\w+$|^https?:\/\//.test(t)) continue; // an address, not words
    // A key shown instead of its text ("add.pinnedAt", "places:add.title"): a missing translation.
    if (/^([a-z]+:)?[a-z][\w]*(\.[\w]+)+$/.test(t) && !/\.(com|app|org|net|jp|kr|cn)$/.test(t)) {
      found.add(`${t}  [raw key]`);
      continue;
    }
    const hit = patterns.find((p) => p.re.test(t));
    if (hit) found.add(`${t}  [${hit.key}]`);
    else if (
      /\b[A-Za-z]{3,}\b[\s,.]+\b[A-Za-z]{3,}\b/.test(t) &&
      !/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(t)
    )
      found.add(`${t}  [no key]`);
  }
  return [...found];
}
