import { i18n } from "../../i18n";
import { formatDate } from "../../i18n/format";

// Day separators in the viewer's own time zone: Today, Yesterday, else the date.
const localDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Messages on the same local day share this key. */
export const dayKey = (iso: string) => localDay(new Date(iso));

export function dayLabel(iso: string, now = new Date()): string {
  const days = Math.round((localDay(now) - dayKey(iso)) / 86_400_000);
  if (days === 0) return i18n.t("trips:age.today");
  if (days === 1) return i18n.t("trips:age.yesterday");
  const sameYear = new Date(iso).getFullYear() === now.getFullYear();
  return formatDate(iso, {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

/** The time of a message: "3:05 PM", "15:05". */
export const messageTime = (iso: string) => formatDate(iso, { hour: "numeric", minute: "2-digit" });
