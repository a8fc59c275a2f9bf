// Display helpers for trips (locale en-US, spec 1 section 9).
const DAY = 86_400_000;

/** "Dec 10 – 14, 2026", "Dec 30, 2026 – Jan 2, 2027" or "Dec 10, 2026". */
export function dateRange(start: string, end: string | null): string {
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
  const a = new Date(`${start}T00:00:00Z`);
  if (!end || end === start) return f.format(a);
  // formatRange shares what both ends have in common; thin spaces become plain ones.
  return f.formatRange(a, new Date(`${end}T00:00:00Z`)).replace(/\s/g, " ");
}

/** Today, Yesterday, n days ago (under 7), n weeks ago (under 30), n months ago (30-day months). */
export function relativeAge(iso: string, now = new Date()): string {
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOf(now) - startOf(new Date(iso))) / DAY);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const w = Math.floor(days / 7);
    return `${w} week${w === 1 ? "" : "s"} ago`;
  }
  const m = Math.floor(days / 30);
  return `${m} month${m === 1 ? "" : "s"} ago`;
}

/** A deadline instant shown in the viewer's locale: "Dec 8, 2026, 3:00 PM". */
export function deadlineText(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** First two comma parts: "Kyoto, Kyoto Prefecture, Japan" -> "Kyoto, Kyoto Prefecture". */
export const shortPlace = (s: string) =>
  s
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(", ");
