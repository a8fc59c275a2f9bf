// What a calendar edit broke, as the server reports it after saving (spec 2: the adjustment message
// is shown on the manual path). The server names the place; an older server or the optimiser's own
// wording may still quote a place id, which people must never see.

export interface Violation {
  kind: string;
  message: string;
  placeId?: string;
}

/** The message with any quoted place id replaced by the place's name, starting with a capital. */
export function describeViolation(v: Violation, nameOf: (placeId: string) => string | undefined): string {
  let text = v.message.replace(/"([^"]+)"/g, (quoted, id: string) => nameOf(id) ?? quoted);
  if (v.placeId) {
    const name = nameOf(v.placeId);
    if (name) text = text.replaceAll(v.placeId, name);
  }
  text = text.trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : "";
}

/** Each different message once, in words (one edit can break the same rule on two days). */
export function describeViolations(list: Violation[], nameOf: (placeId: string) => string | undefined) {
  return [...new Set(list.map((v) => describeViolation(v, nameOf)).filter(Boolean))];
}
