import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Reads every catalogue from disk: the web's (apps/web/src/i18n/locales/<lng>/<ns>.json) and the
// server's texts (packages/contracts/src/i18n/<lng>.json, namespace "server").
export const REPO = join(import.meta.dirname, "../../../../..");
const WEB_LOCALES = join(REPO, "apps/web/src/i18n/locales");
const SERVER_LOCALES = join(REPO, "packages/contracts/src/i18n");

export type Flat = Map<string, string>; // "ns:a.b.c" -> text

function flatten(ns: string, value: unknown, prefix: string, out: Flat) {
  if (typeof value === "string") out.set(`${ns}:${prefix}`, value);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(ns, v, prefix ? `${prefix}.${k}` : k, out);
  else throw new Error(`${ns}:${prefix} is neither text nor a group`);
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as unknown;

export function readCatalogues(): Record<string, Flat> {
  const out: Record<string, Flat> = {};
  for (const lng of readdirSync(WEB_LOCALES)) {
    const flat: Flat = new Map();
    for (const file of readdirSync(join(WEB_LOCALES, lng)).filter((f) => f.endsWith(".json")))
      flatten(file.replace(/\.json$/, ""), readJson(join(WEB_LOCALES, lng, file)), "", flat);
    flatten("server", readJson(join(SERVER_LOCALES, `${lng}.json`)), "", flat);
    out[lng] = flat;
  }
  return out;
}

/** i18next plural forms: "k_one", "k_other" (English) and "k_other" alone (Japanese, Korean, Chinese). */
export const PLURAL = /_(zero|one|two|few|many|other)$/;
export const baseKey = (key: string) => key.replace(PLURAL, "");

/** {{name}} placeholders of a text, sorted (count is i18next's own for plurals). */
export const variables = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)(?:\s*,[^}]*)?\s*\}\}/g)].map((m) => m[1]!))].sort();
