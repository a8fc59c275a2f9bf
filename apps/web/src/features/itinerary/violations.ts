import { serverText } from "../../i18n";
import { formatClock } from "../../i18n/format";

// What a calendar edit broke, as the server reports it after saving (spec 2: the adjustment message
// is shown on the manual path). The server names the place; an older server or the optimiser's own
// wording may still quote a place id, which people must never see. The server sends the message in
// English with its catalogue key and values (issue 13): shown in the app's language.

export interface Violation {
  kind: string;
  message: string;
  placeId?: string;
  messageKey?: string;
  messageParams?: Record<string, unknown>;
}

/** The message with any quoted place id replaced by the place's name, starting with a capital. */
export function describeViolation(v: Violation, nameOf: (placeId: string) => string | undefined): string {
  // A value that is a place id (the server's own wording names places by id) becomes the name; a
  // trip-local time ("17:00") is written the language's way, as the calendar writes it.
  const params = v.messageParams
    ? Object.fromEntries(Object.entries(v.messageParams).map(([k, x]) => [k, paramText(x, nameOf)]))
    : undefined;
  let text = serverText(v.message, v.messageKey, params).replace(
    /"([^"]+)"/g,
    (quoted, id: string) => nameOf(id) ?? quoted,
  );
  if (v.placeId) {
    const name = nameOf(v.placeId);
    if (name) text = text.replaceAll(v.placeId, name);
  }
  text = text.trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : "";
}

function paramText(x: unknown, nameOf: (placeId: string) => string | undefined) {
  if (typeof x !== "string") return x;
  return /^\d\d:\d\d$/.test(x) ? formatClock(x) : (nameOf(x) ?? x);
}

/** Each different message once, in words (one edit can break the same rule on two days). */
export function describeViolations(list: Violation[], nameOf: (placeId: string) => string | undefined) {
  return [...new Set(list.map((v) => describeViolation(v, nameOf)).filter(Boolean))];
}
