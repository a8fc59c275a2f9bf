import type { Me } from "@tabi/contracts";
import { currentLanguage, setLanguage } from "../../i18n";
import type { Language } from "../../i18n/languages";

/**
 * The profile's language follows the account to other devices (Me.language, null until chosen).
 * When a Me arrives, the app switches to the account's language if it is set, differs from the one
 * spoken now, and is news to this page: the first Me read here, or a change made on another device.
 * A Me that still carries the language this page already saw never undoes a choice made here (the
 * one whose save is under way or failed).
 */
export function languageToFollow(
  account: Language | null | undefined,
  seen: Language | null | undefined,
  current: Language,
): Language | null {
  if (!account || account === seen) return null;
  return account === current ? null : account;
}

let seen: Language | null | undefined;

/** Applies languageToFollow to a Me just read from the server (the session query). */
export async function followAccountLanguage(me: Me | null): Promise<void> {
  if (!me) {
    seen = undefined; // signed out: the next account's language is news again
    return;
  }
  const target = languageToFollow(me.language, seen, currentLanguage());
  seen = me.language;
  if (target) await setLanguage(target).catch(() => {}); // a catalogue that cannot load: stay as is
}

/** The server has stored this language for the account (PUT /api/me/language answered). */
export function rememberAccountLanguage(language: Language | null): void {
  seen = language;
}
