import { Rng } from "../src/rng";
import type { OpeningHours, PlaceInput, PreferredTime, Problem } from "../src/types";

/** City centres (lat, lng) for generated trips. */
export const CITIES: readonly [string, number, number][] = [
  ["Tokyo", 35.6812, 139.7671],
  ["Kyoto", 35.0116, 135.7681],
  ["Seoul", 37.5665, 126.978],
  ["Paris", 48.8566, 2.3522],
  ["Rome", 41.9028, 12.4964],
  ["Barcelona", 41.3874, 2.1686],
  ["London", 51.5072, -0.1276],
  ["New York", 40.7128, -74.006],
  ["Bangkok", 13.7563, 100.5018],
  ["Sydney", -33.8688, 151.2093],
];

export interface TripShape {
  members: number;
  places: number;
  days: number;
  seed: number;
  fairnessWeight?: number;
  includeMeals?: boolean;
  /** Radius of the places around the centre, km. */
  radiusKm?: number;
  mode?: Problem["mode"];
  /**
   * How wishes arise. "uniform" (default): each member wishes for a random subset, independent of the
   * others. "interests": places have a kind and sit in districts where kinds cluster; each member has one
   * or two favourite kinds and wishes mostly (and more strongly) for those.
   */
  wishes?: "uniform" | "interests";
}

/** Kinds of places for the "interests" trips (museums, food, parks, shopping, nightlife, temples). */
export const KINDS = 6;

const PREFERRED: PreferredTime[] = ["morning", "noon", "afternoon", "night"];

/**
 * A seeded group trip: places scattered around a real city centre, a hotel at the centre, days 09:00-20:00,
 * members who each wish for a random subset (some members wish for more than others), or, with
 * `wishes: "interests"`, mostly for the places of their favourite kinds. A place nobody wished for
 * gets one wish from a random member (someone added it).
 */
export function generateTrip(shape: TripShape): Problem {
  const rng = new Rng(shape.seed);
  const [, lat0, lng0] = CITIES[shape.seed % CITIES.length]!;
  const radius = shape.radiusKm ?? 4;
  const members = Array.from({ length: shape.members }, (_, i) => `m${i + 1}`);
  const locations = [{ id: "hotel", lat: lat0, lng: lng0 }];
  const places: PlaceInput[] = [];
  // Member activity varies: the first member wishes for the most, later ones for fewer.
  const activity = members.map((_, i) => 0.5 / (1 + i * 0.6) + 0.04);
  const interests = shape.wishes === "interests";
  // Districts (centre, main kind) and each member's favourite kinds, drawn only for "interests" trips.
  const districts: [number, number, number][] = [];
  const favourites: Set<number>[] = [];
  if (interests) {
    for (let d = 0; d < 6; d++) {
      const r = radius * 0.8 * Math.sqrt(rng.next());
      const a = 2 * Math.PI * rng.next();
      districts.push([r * Math.cos(a), r * Math.sin(a), d % KINDS]);
    }
    for (let k = 0; k < members.length; k++) {
      const fav = new Set([rng.int(0, KINDS - 1)]);
      if (rng.next() < 0.5) fav.add(rng.int(0, KINDS - 1));
      favourites.push(fav);
    }
  }
  for (let i = 0; i < shape.places; i++) {
    let lat: number;
    let lng: number;
    let kind = 0;
    if (interests) {
      // Around a district centre (about 1 km spread); 60% of a district's places are its main kind.
      const [dn, de, main] = districts[rng.int(0, districts.length - 1)]!;
      const r = Math.sqrt(-2 * Math.log(1 - rng.next())) * 0.7;
      const a = 2 * Math.PI * rng.next();
      lat = lat0 + (dn + r * Math.cos(a)) / 111;
      lng = lng0 + (de + r * Math.sin(a)) / (111 * Math.cos((lat0 * Math.PI) / 180));
      kind = rng.next() < 0.6 ? main : rng.int(0, KINDS - 1);
    } else {
      const r = radius * Math.sqrt(rng.next());
      const a = 2 * Math.PI * rng.next();
      lat = lat0 + (r / 111) * Math.cos(a);
      lng = lng0 + (r / (111 * Math.cos((lat0 * Math.PI) / 180))) * Math.sin(a);
    }
    locations.push({ id: `L${i}`, lat, lng });
    const wishes: Record<string, number> = {};
    members.forEach((m, k) => {
      if (!interests) {
        if (rng.next() < activity[k]!) wishes[m] = rng.int(1, 5);
        return;
      }
      // Favourite kinds: wished for often and strongly; anything else now and then, weakly.
      const favourite = favourites[k]!.has(kind);
      const p = (favourite ? 0.5 : 0.06) * (0.6 + activity[k]!);
      if (rng.next() < p) wishes[m] = favourite ? rng.int(3, 5) : rng.int(1, 3);
    });
    if (Object.keys(wishes).length === 0) wishes[members[rng.int(0, members.length - 1)]!] = rng.int(1, 5);
    let open: OpeningHours | undefined;
    const hours = rng.next();
    if (hours < 0.35) open = [["10:00", "18:00"]];
    else if (hours < 0.5)
      open = {
        mon: [],
        tue: [["09:00", "17:00"]],
        wed: [["09:00", "17:00"]],
        thu: [["09:00", "21:00"]],
        fri: [["09:00", "17:00"]],
        sat: [["10:00", "18:00"]],
        sun: [["10:00", "18:00"]],
      };
    else if (hours < 0.6)
      open = [
        ["11:00", "14:30"],
        ["17:30", "22:00"],
      ];
    places.push({
      id: `p${i}`,
      location: `L${i}`,
      stayMinutes: [30, 45, 60, 90, 120][rng.int(0, 4)]!,
      wishes,
      ...(open ? { open } : {}),
      ...(rng.next() < 0.2 ? { preferred: PREFERRED[rng.int(0, 3)]! } : {}),
    });
  }
  const start = new Date(Date.UTC(2026, 3, 6 + (shape.seed % 7)));
  const days = Array.from({ length: shape.days }, (_, d) => ({
    date: new Date(start.getTime() + d * 86_400_000).toISOString().slice(0, 10),
    start: "09:00",
    end: "20:00",
    from: "hotel",
    to: "hotel",
  }));
  return {
    members,
    locations,
    mode: shape.mode ?? "public_transport",
    places,
    days,
    settings: { fairnessWeight: shape.fairnessWeight ?? 0.6, includeMeals: shape.includeMeals ?? true },
    seed: shape.seed,
  };
}
