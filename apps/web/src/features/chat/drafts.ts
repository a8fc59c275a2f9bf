/**
 * What was typed in a trip's chat box and not sent, kept while the app runs: leaving Chat keeps it,
 * and a message that fails after Chat was left (sent offline, then the user went to Money) comes back
 * here, so "your text is back in the box" holds when Chat opens again.
 */
const drafts = new Map<string, string>();

export const draftOf = (tripId: string) => drafts.get(tripId) ?? "";

export function keepDraft(tripId: string, text: string): void {
  if (text.trim()) drafts.set(tripId, text);
  else drafts.delete(tripId);
}

/** A failed message's text, before whatever the draft holds. */
export function returnToDraft(tripId: string, text: string): void {
  const now = drafts.get(tripId);
  drafts.set(tripId, now?.trim() ? `${text}\n${now}` : text);
}
