import { i18n } from "../../i18n";
import { listFormat, numberFormat } from "../../i18n/format";

// Durations, distances and seconds of the plan in the chosen language, through Intl's units:
// "2 hr 30 min", "2時間30分", "2시간 30분", "2小时30分钟"; "12.3 km", "12.3公里".

/** Japanese writes a number and its unit together ("2時間30分"); Intl's short units put a space between. */
const CJK =
  /(\d)\s+(?=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])|([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])\s+(?=\d)/gu;
const tidy = (text: string) => (i18n.language === "ja" ? text.replace(CJK, "$1$2") : text);

function unit(name: string, value: number, options: Intl.NumberFormatOptions = {}) {
  return numberFormat({ style: "unit", unit: name, unitDisplay: "short", ...options }).format(value);
}

/** Minutes as hours and minutes: "45 min", "2 hr", "2 hr 30 min". */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  const parts = [...(h ? [unit("hour", h)] : []), ...(m || !h ? [unit("minute", m)] : [])];
  return tidy(listFormat({ type: "unit", style: "narrow" }).format(parts));
}

/** A distance in kilometres to one decimal: "12.3 km". */
export const formatKm = (km: number) =>
  tidy(unit("kilometer", km, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** Seconds to one decimal: "1.2 sec". */
export const formatSeconds = (seconds: number) =>
  tidy(unit("second", seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
