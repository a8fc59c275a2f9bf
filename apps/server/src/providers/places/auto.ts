import { Breaker } from "./breaker";
import { distanceKm } from "./gazetteer/grid";
import { normalizeName } from "./normalize";
import type { offlinePlaces } from "./offline";
import {
  type Answer,
  type LatLng,
  type PlaceResult,
  type PlaceSource,
  type PlacesProvider,
  PlacesProviderError,
  type RestaurantCandidate,
  type SearchWhere,
} from "./types";

// The default provider (issue 25, DESIGN.md 'place search and restaurants'): the gazetteer shipped
// with the app first, for what it knows (sights with their hours and visit lengths, cities,
// airports), and an online OpenStreetMap search (Photon) added when it answers. When Photon cannot
// be reached, searches answer from the gazetteer alone and say so (Answer.missed); a breaker skips
// Photon for a while after a failure, so an offline user does not wait on every keystroke.

/** A gazetteer result further than this from every trip point goes after the online results. */
const NEAR_TRIP_KM = 100;
/**
 * Same name within this distance: the same place. A city's centre can differ by a few km between
 * sources, a temple's or a park's point by one or two; two of one chain's shops are often 1 km apart.
 */
const SAME_CITY_KM = 30;
const SAME_SIGHT_KM = 2;
const SAME_SHOP_KM = 0.3;
/** One name holding the other counts as the same name when it is at least this share of it. */
const CONTAINED_SHARE = 0.6;

export type OfflineProvider = ReturnType<typeof offlinePlaces>;

export interface AutoOptions {
  offline: OfflineProvider;
  online: PlacesProvider;
  breaker?: Breaker;
  /** Told when the online service fails (not while it is skipped after): log it. */
  onOnlineFailed?: (error: PlacesProviderError) => void;
}

export function autoPlaces({
  offline,
  online,
  breaker = new Breaker(),
  onOnlineFailed,
}: AutoOptions): PlacesProvider & { load: OfflineProvider["load"] } {
  const known = credit(offline);
  const extra = credit(online);

  /** Asks the online service unless the breaker skips it; a failure is returned, never thrown. */
  async function ask<T>(call: () => Promise<T>): Promise<{ value: T } | { missed: PlacesProviderError }> {
    const skipped = breaker.skipped();
    if (skipped) return { missed: skipped };
    try {
      const value = await call();
      breaker.succeeded();
      return { value };
    } catch (err) {
      const error =
        err instanceof PlacesProviderError
          ? err
          : new PlacesProviderError(
              extra.name,
              "bad_answer",
              `${extra.name} failed: ${err instanceof Error ? err.message : String(err)}`,
            );
      breaker.failed(error);
      onOnlineFailed?.(error);
      return { missed: error };
    }
  }

  /** The credits of what a merged list holds; both when it is empty (both answered, nothing found). */
  const sourcesOf = (fromOnline: boolean, fromKnown: boolean): PlaceSource[] =>
    fromOnline && !fromKnown ? [extra] : fromKnown && !fromOnline ? [known] : [known, extra];

  const answers = {
    async search(query: string, where: SearchWhere = {}, limit = 8): Promise<Answer<PlaceResult[]>> {
      const [ours, theirs] = await Promise.all([
        offline.search(query, where, limit),
        ask(() => online.search(query, where, limit)),
      ]);
      if ("missed" in theirs) return { value: ours, sources: [known], missed: theirs.missed };
      const value = mergePlaces(query, ours, theirs.value, where, limit);
      const onlineIds = new Set(theirs.value.map((r) => r.id));
      const fromOnline = value.some((r) => onlineIds.has(r.id));
      return {
        value,
        sources: sourcesOf(
          fromOnline,
          value.some((r) => !onlineIds.has(r.id)),
        ),
      };
    },

    async restaurantsNear(
      query: string,
      near: LatLng,
      radiusMeters: number,
      limit: number,
    ): Promise<Answer<RestaurantCandidate[]>> {
      const [ours, theirs] = await Promise.all([
        offline.restaurantsNear?.(query, near, radiusMeters, limit) ?? [],
        ask(() => online.restaurantsNear?.(query, near, radiusMeters, limit) ?? Promise.resolve([])),
      ]);
      if ("missed" in theirs) return { value: ours, sources: [known], missed: theirs.missed };
      const value = mergeRestaurants(ours, theirs.value);
      const ourIds = new Set(ours.map((r) => r.placeId));
      return {
        value,
        sources: sourcesOf(
          value.some((r) => !ourIds.has(r.placeId)),
          value.some((r) => ourIds.has(r.placeId)),
        ),
      };
    },
  };

  return {
    name: "auto",
    attribution: [known, extra].map((s) => s.attribution).join(" · "),
    load: offline.load,
    answers,
    search: async (query, where, limit) => (await answers.search(query, where, limit)).value,
    restaurantsNear: async (query, near, radiusMeters, limit) =>
      (await answers.restaurantsNear(query, near, radiusMeters, limit)).value,
    // Ids tell the sources apart (the gazetteer's geonames:/iata:/wikidata:/tabi:, Photon's osm:);
    // Photon answers its own from the results it gave lately, without a request.
    details: async (id) => (await offline.details(id)) ?? (await online.details(id)),
    // The nearest city from the gazetteer; the online service only where it knows none (at sea,
    // far from any town), and nothing when that service is away.
    async reverse(lat, lng) {
      const city = await offline.reverse(lat, lng);
      if (city) return city;
      const theirs = await ask(() => online.reverse(lat, lng));
      return "value" in theirs ? theirs.value : null;
    },
  };
}

const credit = (p: PlacesProvider): PlaceSource => ({
  name: p.name === "auto" ? "offline" : p.name,
  attribution: p.attribution,
});

/**
 * The gazetteer's results that match the query by name and lie near the trip first, the online
 * results after (each replaced by the gazetteer's entry when both name the same place, so its hours
 * and visit length come along), then the rest of the gazetteer's (typo matches, far ones); at most
 * `limit`.
 */
export function mergePlaces(
  query: string,
  ours: PlaceResult[],
  theirs: PlaceResult[],
  where: SearchWhere,
  limit: number,
): PlaceResult[] {
  const out: PlaceResult[] = [];
  const used = new Set<PlaceResult>();
  const take = (r: PlaceResult) => {
    used.add(r);
    out.push(r);
  };
  for (const r of ours) if (namesQuery(r, query) && nearTrip(r, where)) take(r);
  for (const r of theirs) {
    const same = ours.find((o) => samePlace(o, r));
    if (same) {
      if (!used.has(same)) take(same);
    } else if (!out.some((o) => samePlace(o, r, SAME_SHOP_KM))) take(r);
  }
  for (const r of ours) if (!used.has(r)) take(r);
  return out.slice(0, limit);
}

/** The gazetteer's famous places to eat first, then the online ones that are not the same. */
export function mergeRestaurants(
  ours: RestaurantCandidate[],
  theirs: RestaurantCandidate[],
): RestaurantCandidate[] {
  const asPlace = (r: RestaurantCandidate) => ({
    name: r.name,
    localName: null,
    lat: r.latitude,
    lng: r.longitude,
  });
  const out = [...ours];
  for (const r of theirs) if (!out.some((o) => samePlace(asPlace(o), asPlace(r), SAME_SHOP_KM))) out.push(r);
  return out;
}

type Named = Pick<PlaceResult, "name" | "localName" | "lat" | "lng"> & { kind?: PlaceResult["kind"] };

/**
 * The same place from two sources: the same name (spelling, accents and spaces aside; or one name
 * holding most of the other, "Kinkakuji Temple" and "Kinkaku-ji") within maxKm; cities by their
 * exact name within 30 km.
 */
export function samePlace(a: Named, b: Named, maxKm = SAME_SIGHT_KM): boolean {
  const city = a.kind === "city" || b.kind === "city";
  if (city && a.kind !== b.kind) return false;
  if (distanceKm(a.lat, a.lng, b.lat, b.lng) > (city ? SAME_CITY_KM : maxKm)) return false;
  const namesA = names(a);
  return names(b).some((n) =>
    namesA.some((m) => {
      if (n === m) return true;
      if (city) return false;
      const [short, long] = n.length < m.length ? [n, m] : [m, n];
      return long.includes(short) && short.length >= CONTAINED_SHARE * long.length;
    }),
  );
}

const compact = (text: string) => normalizeName(text).replaceAll(" ", "");
const names = (p: Named) => [p.name, p.localName ?? ""].map(compact).filter(Boolean);

/** Every word of the query starts a word of the name (or the local name), or starts the name. */
function namesQuery(r: PlaceResult, query: string): boolean {
  const q = normalizeName(query);
  if (!q) return false;
  const words = q.split(" ");
  return [r.name, r.localName ?? ""].some((name) => {
    const n = normalizeName(name);
    if (!n) return false;
    if (compact(name).startsWith(q.replaceAll(" ", ""))) return true;
    const nameWords = n.split(" ");
    return words.every((w) => nameWords.some((nw) => nw.startsWith(w)));
  });
}

function nearTrip(r: PlaceResult, { trip }: SearchWhere): boolean {
  if (!trip?.length) return true;
  return trip.some((p) => distanceKm(p.lat, p.lng, r.lat, r.lng) <= NEAR_TRIP_KM);
}
