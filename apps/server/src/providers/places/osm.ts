import type { PlaceResult } from "./types";

// OpenStreetMap tags (as Photon and Nominatim return them) to the spec's place categories.

const PLACE_VALUES = new Set([
  "city",
  "town",
  "village",
  "hamlet",
  "municipality",
  "borough",
  "suburb",
  "quarter",
  "neighbourhood",
  "county",
  "state",
  "province",
  "region",
  "island",
  "country",
]);

const BY_TAG: Record<string, string> = {
  "aeroway=aerodrome": "airport",
  "aeroway=terminal": "airport",
  "tourism=museum": "museum",
  "amenity=arts_centre": "museum",
  "tourism=gallery": "museum",
  "tourism=theme_park": "amusement_park",
  "tourism=zoo": "tourist_attraction",
  "man_made=tower": "tourist_attraction",
  "tourism=aquarium": "tourist_attraction",
  "leisure=park": "park",
  "leisure=garden": "park",
  "leisure=nature_reserve": "park",
  "boundary=national_park": "park",
  "amenity=marketplace": "shopping",
  "amenity=restaurant": "restaurant",
  "amenity=cafe": "restaurant",
  "amenity=fast_food": "restaurant",
  "amenity=food_court": "restaurant",
  "amenity=bar": "restaurant",
  "amenity=pub": "restaurant",
  "amenity=hospital": "hospital",
  "amenity=fuel": "gas_station",
  "amenity=bus_station": "transportation",
  "amenity=ferry_terminal": "transportation",
  "railway=station": "transportation",
  "railway=halt": "transportation",
  "public_transport=station": "transportation",
};
const BY_KEY: Record<string, string> = {
  tourism: "tourist_attraction",
  historic: "tourist_attraction",
  shop: "shopping",
  amenity: "other",
};
const LODGING = new Set(["hotel", "hostel", "guest_house", "motel", "apartment", "chalet", "camp_site"]);

export function osmCategory(key: string, value: string): { kind: PlaceResult["kind"]; category: string } {
  if (key === "place" && PLACE_VALUES.has(value)) return { kind: "city", category: "destination_point" };
  if (key === "boundary" && value === "administrative")
    return { kind: "city", category: "destination_point" };
  if (key === "aeroway" && value === "aerodrome") return { kind: "airport", category: "airport" };
  if (key === "tourism" && LODGING.has(value)) return { kind: "landmark", category: "accommodation" };
  const category = BY_TAG[`${key}=${value}`] ?? BY_KEY[key];
  if (category) return { kind: "landmark", category };
  if (key === "building" || key === "highway" || key === "place")
    return { kind: "address", category: "other" };
  return { kind: "landmark", category: "other" };
}

/** "Kyoto, Japan" / "Shijō-dōri 1, Kyoto, Japan": street, then town, then country; no repeats. */
export function shortAddress(parts: (string | undefined | null)[]): string {
  const out: string[] = [];
  for (const p of parts) {
    const s = p?.trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out.join(", ");
}

/** OSM ids as both services print them: N/W/R + number. */
export const osmId = (type: string, id: number | string) => `osm:${type.charAt(0).toUpperCase()}${id}`;
