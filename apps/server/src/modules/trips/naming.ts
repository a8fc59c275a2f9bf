import { type Language, t } from "../../i18n";

/**
 * Spec 1: a blank name becomes the first two comma parts of the departure plus ' Trip' (in the
 * creator's language: "Kyoto, Japan Trip", "Kyoto, Japanの旅"); from then on it is the group's name.
 */
export function defaultTripName(departure: string, lng: Language = "en"): string {
  const parts = departure
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .slice(0, 2);
  return t("server:trips.defaultName", { place: parts.join(", ") || departure.trim() }, lng);
}
