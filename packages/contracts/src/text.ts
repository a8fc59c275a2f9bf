import { z } from "zod";

export const CONTROL_CHARACTER_MESSAGE = "Text must not contain control characters";

// C0 controls and DEL (a NUL breaks PostgreSQL text); multi-line text keeps tab, line feed, carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether text holds a control character other than tab, line feed and carriage return. */
export const hasControlCharacter = (s: string) => CONTROL_BUT_WHITESPACE.test(s);

/**
 * A one-line text field (names, places, addresses): no control characters at all. `required`: what a
 * missing value, or one that is not text, is told (a required field's own words, not zod's).
 */
export const singleLineText = (required?: string) =>
  z
    .string(required ? { error: required } : undefined)
    .refine((s) => !ANY_CONTROL.test(s), CONTROL_CHARACTER_MESSAGE);

/** A multi-line text field (notes, descriptions, messages): line breaks and tabs allowed. */
export const multiLineText = () =>
  z.string().refine((s) => !CONTROL_BUT_WHITESPACE.test(s), CONTROL_CHARACTER_MESSAGE);

export const INVALID_DATE_MESSAGE = "Please enter a valid date (YYYY-MM-DD)";

const isCalendarDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date (YYYY-MM-DD) that exists: 2026-02-29 and 2026-13-45 do not; a number is no date either. */
export const isoDate = z.string({ error: INVALID_DATE_MESSAGE }).refine(isCalendarDate, INVALID_DATE_MESSAGE);

/**
 * A date the form must have: missing, null, blank or not text is told `required` (the spec's words,
 * e.g. 'Travel dates are required'); text that is not a date, the invalid-date message.
 */
export const requiredIsoDate = (required: string) =>
  z
    .string({ error: required })
    .refine((s) => s.trim() !== "", { message: required, abort: true })
    .refine(isCalendarDate, INVALID_DATE_MESSAGE);
