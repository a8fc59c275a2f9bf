import { fuzzyMatch } from "../fuzzy";
import { isAscii, normalizeName } from "../normalize";
import { timezoneAt } from "../timezone";
import type { PlaceResult, SearchWhere } from "../types";
import { FIELD_SEP, KeyFlag } from "./compile";
import { cityAddress } from "./country-names";
import { readGazetteer } from "./format";
import { PointGrid } from "./grid";
import { BONUS, nearPenalty, tripPenalty } from "./ranking";
import { SortedKeys } from "./sorted-keys";
import { TopResults } from "./top-results";

const REVERSE_MAX_KM = 50;
/** [least iataBoost (6 large, 3 medium with scheduled flights, 1.5 other), km] (sources.ts). */
const AIRPORT_TIERS = [
  [6, 200],
  [3, 300],
  [0, 400],
] as const;
/** Multi-word fallback: how many candidates of the rarest word are checked for the other words. */
const WORDS_MAX_CANDIDATES = 2000;

/** The offline gazetteer, searched in memory. Built from the compiled file (see compile.ts). */
export class Gazetteer {
  private readonly lat: Float32Array;
  private readonly lng: Float32Array;
  private readonly importance: Float32Array;
  private readonly iataBoost: Float32Array;
  private readonly kind: Uint8Array;
  private readonly category: Uint8Array;
  private readonly text: SortedKeys; // not sorted: entry i's text is key(i)
  private readonly keys: SortedKeys;
  private readonly keyEntry: Uint32Array;
  private readonly keyFlag: Uint8Array;
  /** Entries sorted by id; the id is the first field of each entry's text. */
  private readonly idEntry: Uint32Array;
  private readonly kinds: PlaceResult["kind"][];
  private readonly categories: string[];
  private readonly cities: PointGrid;
  private readonly airports: PointGrid;
  /** Per category, built on first use (only the restaurant search asks, for a few dozen entries). */
  private readonly byCategory = new Map<string, PointGrid>();
  private readonly rows = new Int32Array(3 * 256);

  constructor(file: Buffer) {
    const { header, section } = readGazetteer(file);
    this.lat = section("lat", "f32");
    this.lng = section("lng", "f32");
    this.importance = section("importance", "f32");
    this.iataBoost = section("iataBoost", "f32");
    this.kind = section("kind", "u8");
    this.category = section("category", "u8");
    this.text = new SortedKeys(section("textStart", "u32"), section("text", "u8"));
    this.keys = new SortedKeys(section("keyStart", "u32"), section("keyBytes", "u8"));
    this.keyEntry = section("keyEntry", "u32");
    this.keyFlag = section("keyFlag", "u8");
    this.idEntry = section("idEntry", "u32");
    this.kinds = header.kinds as PlaceResult["kind"][];
    this.categories = header.categories;
    const cityKind = this.kinds.indexOf("city");
    const cityEntries: number[] = [];
    for (let i = 0; i < this.kind.length; i++) if (this.kind[i] === cityKind) cityEntries.push(i);
    this.cities = new PointGrid(this.lat, this.lng, Uint32Array.from(cityEntries));
    const airportKind = this.kinds.indexOf("airport");
    const airportEntries: number[] = [];
    for (let i = 0; i < this.kind.length; i++) if (this.kind[i] === airportKind) airportEntries.push(i);
    this.airports = new PointGrid(this.lat, this.lng, Uint32Array.from(airportEntries), 1);
  }

  get size() {
    return this.lat.length;
  }

  /** The best `limit` matches, ranked as ranking.ts says (near the trip first). */
  search(query: string, where: SearchWhere = {}, limit = 8): PlaceResult[] {
    const q = normalizeName(query);
    if (!q) return [];
    const qb = Buffer.from(q, "utf8");
    const top = new TopResults(limit);
    const penalty = this.distancePenalty(where);
    const score = (entry: number, bonus: number) => this.importance[entry]! + bonus - penalty(entry);

    const [from, to] = this.keys.prefixRange(qb);
    for (let k = from; k < to; k++) {
      const entry = this.keyEntry[k]!;
      const flag = this.keyFlag[k]!;
      const exact = this.keys.keyLength(k) === qb.length;
      if (flag === KeyFlag.iata) {
        if (exact) top.offer(entry, score(entry, this.iataBoost[entry]!));
        continue;
      }
      const word = flag === KeyFlag.word;
      top.offer(
        entry,
        score(entry, exact ? (word ? BONUS.exactWord : BONUS.exact) : word ? BONUS.prefixWord : BONUS.prefix),
      );
    }
    if (!top.full && q.length >= 5 && isAscii(q)) this.fuzzy(qb, top, score);
    if (!top.full && q.includes(" ")) this.allWords(q, top, score);
    return top.sorted().map((entry) => this.result(entry));
  }

  /** Keys within one edit (two from 9 letters) of the query; the first letter must be right. */
  private fuzzy(qb: Buffer, top: TopResults, score: (entry: number, bonus: number) => number) {
    const maxEdits = qb.length >= 9 ? 2 : 1;
    const [from, to] = this.keys.prefixRange(qb.subarray(0, 1));
    const rows = qb.length + 1 <= this.rows.length / 3 ? this.rows : new Int32Array(3 * (qb.length + 1));
    const { start, bytes } = this.keys;
    for (let k = from; k < to; k++) {
      const flag = this.keyFlag[k]!;
      if (flag === KeyFlag.iata) continue;
      const m = fuzzyMatch(qb, bytes, start[k]!, start[k + 1]!, maxEdits, rows);
      if (!m) continue;
      const entry = this.keyEntry[k]!;
      const word = flag === KeyFlag.word;
      const exact = m.whole <= m.prefix;
      const edits = exact ? m.whole : m.prefix;
      const bonus = exact ? (word ? BONUS.exactWord : BONUS.exact) : word ? BONUS.prefixWord : BONUS.prefix;
      top.offer(entry, score(entry, bonus - BONUS.perEdit * edits));
    }
  }

  /** Words in any order: candidates of the longest word, kept if name + address hold the others. */
  private allWords(q: string, top: TopResults, score: (entry: number, bonus: number) => number) {
    const words = q.split(" ");
    const anchor = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== anchor);
    const [from, to] = this.keys.prefixRange(Buffer.from(anchor, "utf8"));
    const checked = new Set<number>();
    for (let k = from; k < to && checked.size < WORDS_MAX_CANDIDATES; k++) {
      const entry = this.keyEntry[k]!;
      if (checked.has(entry) || this.keyFlag[k] === KeyFlag.iata) continue;
      checked.add(entry);
      const [, name = "", localName, address, countryCode] = this.text.key(entry).split(FIELD_SEP);
      const fullAddress = address || cityAddress(name, countryCode || null);
      const haystack = ` ${normalizeName(`${name} ${localName} ${fullAddress}`)}`;
      if (others.every((w) => haystack.includes(` ${w}`))) top.offer(entry, score(entry, BONUS.allWords));
    }
  }

  /** Per entry: the trip's penalty from its nearest point, else the soft one from `near`, else 0. */
  private distancePenalty({ near, trip }: SearchWhere): (entry: number) => number {
    const points = trip?.length ? trip : near ? [near] : [];
    if (!points.length) return () => 0;
    const lat = Float64Array.from(points, (p) => p.lat);
    const lng = Float64Array.from(points, (p) => p.lng);
    const cos = Float64Array.from(points, (p) => Math.cos(p.lat * RAD));
    const penalty = trip?.length ? tripPenalty : nearPenalty;
    return (entry) => {
      // Equirectangular distance: plenty for ranking, and cheaper than haversine per candidate.
      const y0 = this.lat[entry]!;
      const x0 = this.lng[entry]!;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < lat.length; i++) {
        const dx = Math.abs(x0 - lng[i]!);
        const x = (dx > 180 ? 360 - dx : dx) * cos[i]!;
        const y = y0 - lat[i]!;
        const d = x * x + y * y;
        if (d < best) best = d;
      }
      return penalty(Math.sqrt(best) * KM_PER_DEGREE);
    };
  }

  details(id: string): PlaceResult | null {
    const q = Buffer.from(id, "utf8");
    const { start, bytes } = this.text;
    const idEnd = (entry: number) => {
      const end = bytes.indexOf(0x1f, start[entry]);
      return end === -1 || end > start[entry + 1]! ? start[entry + 1]! : end;
    };
    let lo = 0;
    let hi = this.idEntry.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const entry = this.idEntry[mid]!;
      if (bytes.compare(q, 0, q.length, start[entry], idEnd(entry)) < 0) lo = mid + 1;
      else hi = mid;
    }
    const entry = this.idEntry[lo];
    if (entry === undefined) return null;
    return bytes.compare(q, 0, q.length, start[entry], idEnd(entry)) === 0 ? this.result(entry) : null;
  }

  /** The nearest city within 50 km. */
  reverse(lat: number, lng: number): PlaceResult | null {
    const hit = this.cities.nearest(lat, lng, REVERSE_MAX_KM);
    return hit ? this.result(hit.point) : null;
  }

  /**
   * The airport a group would fly from near a point: the nearest large airport within 200 km, else the
   * nearest medium one with scheduled flights within 300 km, else any with an IATA code within 400 km.
   */
  nearestAirport(lat: number, lng: number): PlaceResult | null {
    for (const [minBoost, maxKm] of AIRPORT_TIERS) {
      let best: { point: number; km: number } | null = null;
      this.airports.within(lat, lng, maxKm, (point, km) => {
        if (this.iataBoost[point]! >= minBoost && (!best || km < best.km)) best = { point, km };
      });
      if (best) return this.result((best as { point: number }).point);
    }
    return null;
  }

  /**
   * Up to `limit` airports with an IATA code within maxKm (the leg facts' "fly from" list), nearest
   * first. Chosen as nearestAirport chooses: large airports within 200 km before medium ones with
   * scheduled flights within 300 km before any other, so the small fields next door do not push
   * Narita out of Tokyo's three.
   */
  nearestAirports(lat: number, lng: number, limit: number, maxKm: number): (PlaceResult & { km: number })[] {
    const tier = (point: number, km: number) =>
      AIRPORT_TIERS.findIndex(([minBoost, tierKm]) => this.iataBoost[point]! >= minBoost && km <= tierKm);
    const hits: { point: number; km: number; tier: number }[] = [];
    this.airports.within(lat, lng, maxKm, (point, km) => {
      hits.push({ point, km, tier: tier(point, km) });
    });
    return hits
      .map((h) => ({ ...h, tier: h.tier === -1 ? AIRPORT_TIERS.length : h.tier }))
      .sort((a, b) => a.tier - b.tier || a.km - b.km)
      .map((h) => ({ ...this.result(h.point), km: h.km }))
      .filter((r) => r.iata)
      .slice(0, limit)
      .sort((a, b) => a.km - b.km);
  }

  /** Entries of one category within maxKm, nearest first (the offline restaurant search). */
  near(lat: number, lng: number, maxKm: number, category: string): (PlaceResult & { km: number })[] {
    let grid = this.byCategory.get(category);
    if (!grid) {
      const code = this.categories.indexOf(category);
      const entries: number[] = [];
      for (let i = 0; i < this.category.length; i++) if (this.category[i] === code) entries.push(i);
      grid = new PointGrid(this.lat, this.lng, Uint32Array.from(entries), 0.1);
      this.byCategory.set(category, grid);
    }
    const hits: { point: number; km: number }[] = [];
    grid.within(lat, lng, maxKm, (point, km) => {
      hits.push({ point, km });
    });
    return hits.sort((a, b) => a.km - b.km).map((h) => ({ ...this.result(h.point), km: h.km }));
  }

  private result(entry: number): PlaceResult {
    const [id = "", name = "", localName, address = "", countryCode, iata, hours, minutes] = this.text
      .key(entry)
      .split(FIELD_SEP);
    const lat = round(this.lat[entry]!);
    const lng = round(this.lng[entry]!);
    return {
      id,
      name,
      localName: localName || null,
      kind: this.kinds[this.kind[entry]!] ?? "landmark",
      category: this.categories[this.category[entry]!] ?? "other",
      address: address || cityAddress(name, countryCode || null),
      countryCode: countryCode || null,
      lat,
      lng,
      iata: iata || null,
      rating: null,
      photoUrl: null,
      timezone: timezoneAt(lat, lng),
      ...(minutes ? { stayMinutes: Number(minutes) } : {}),
      ...(hours ? { openingHours: hours } : {}),
    };
  }
}

const RAD = Math.PI / 180;
const KM_PER_DEGREE = 111.2;

/** Float32 keeps ~1 m; print 5 decimals rather than float noise (35.689498901367). */
const round = (x: number) => Math.round(x * 1e5) / 1e5;
