import { z } from "zod";
import type { Language } from ".";

// zod's own messages (a schema without words of ours: "Too small: expected string to have >=3
// characters") in zod's translations. Only a message zod's English locale writes again word for word
// is replaced, so a message of ours, or one zod wrote from details the issue no longer carries, stays.
const LOCALES = { ja: z.locales.ja(), ko: z.locales.ko(), zh: z.locales.zhCN() };
const EN = z.locales.en();

type LocaleError = (issue: never) => string | { message: string } | undefined | null;
const say = (locale: { localeError: unknown }, issue: object) => {
  const out = (locale.localeError as LocaleError)(issue as never);
  return typeof out === "string" ? out : out?.message;
};

/** A validation error of fastify-type-provider-zod: the issue's code, message and other fields. */
export function zodMessage(
  entry: { keyword: string; message?: string; params?: Record<string, unknown> },
  lng: Language,
): string | undefined {
  if (lng === "en" || !entry.message) return undefined;
  const issue = { ...entry.params, code: entry.keyword, path: [] };
  try {
    if (say(EN, issue) !== entry.message) return undefined;
    return say(LOCALES[lng], issue) ?? undefined;
  } catch {
    return undefined;
  }
}
