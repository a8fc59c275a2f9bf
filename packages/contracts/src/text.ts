import { z } from "zod";

export const CONTROL_CHARACTER_MESSAGE = "Text must not contain control characters";

// C0 controls and DEL (a NUL breaks PostgreSQL text); multi-line text keeps tab, line feed, carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether text holds a control character other than tab, line feed and carriage return. */
export const hasControlCharacter = (s: string) => CONTROL_BUT_WHITESPACE.test(s);

/** A one-line text field (names, places, addresses): no control characters at all. */
export const singleLineText = () => z.string().refine((s) => !ANY_CONTROL.test(s), CONTROL_CHARACTER_MESSAGE);

/** A multi-line text field (notes, descriptions, messages): line breaks and tabs allowed. */
export const multiLineText = () =>
  z.string().refine((s) => !CONTROL_BUT_WHITESPACE.test(s), CONTROL_CHARACTER_MESSAGE);

export const INVALID_DATE_MESSAGE = "Please enter a valid date (YYYY-MM-DD)";

/** A calendar date (YYYY-MM-DD) that exists: 2026-02-29 and 2026-13-45 do not. */
export const isoDate = z.string().refine((s) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, INVALID_DATE_MESSAGE);
