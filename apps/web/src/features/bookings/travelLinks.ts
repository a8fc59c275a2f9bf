// Outbound links of a transport leg (spec 2 s.2 'Transport booking dialog', s.5 'Ride search', s.7
// 'Ride provider', 'Outbound links'): a maps directions page, the Uber deep link, and the transit
// planner of the country the leg starts in. Pure functions, so every parameter a site reads is tested.

export interface LinkPoint {
  lat: number;
  lng: number;
  name?: string;
}

export interface PlannerLink {
  /** The site's own name (a brand: not translated). */
  site: string;
  url: string;
}

/** yyyy-mm-dd and an optional HH:MM: when the group leaves, for planners that take a time. */
export interface LinkWhen {
  date?: string | null;
  time?: string | null;
}

/** A usable coordinate pair: both numbers finite and on Earth. */
export const isPoint = (p: Partial<LinkPoint> | null | undefined): p is LinkPoint =>
  p != null &&
  typeof p.lat === "number" &&
  typeof p.lng === "number" &&
  Number.isFinite(p.lat) &&
  Number.isFinite(p.lng) &&
  Math.abs(p.lat) <= 90 &&
  Math.abs(p.lng) <= 180;

const latLng = (p: LinkPoint) => `${p.lat},${p.lng}`;
const enc = encodeURIComponent;

export type DirectionsMode = "walking" | "driving" | "transit";

/** Google Maps directions between two coordinates (the Maps URLs API: no key, opens app or web). */
export function googleDirectionsUrl(from: LinkPoint, to: LinkPoint, mode: DirectionsMode): string {
  const q = new URLSearchParams({
    api: "1",
    origin: latLng(from),
    destination: latLng(to),
    travelmode: mode,
  });
  return `https://www.google.com/maps/dir/?${q}`;
}

/** OpenStreetMap's directions page (OSRM by FOSSGIS): an open alternative to Google. */
export function osmDirectionsUrl(from: LinkPoint, to: LinkPoint, mode: "foot" | "car"): string {
  const q = new URLSearchParams({
    engine: `fossgis_osrm_${mode}`,
    route: `${latLng(from)};${latLng(to)}`,
  });
  return `https://www.openstreetmap.org/directions?${q}`;
}

/**
 * Uber's universal deep link with pickup and drop-off (spec 2 s.7: plus an optional product and client
 * id). Null without all four coordinates: spec s.5 'Ride search' does nothing then.
 */
export function uberDeepLink(
  from: Partial<LinkPoint> | null | undefined,
  to: Partial<LinkPoint> | null | undefined,
  options: { productId?: string | null; clientId?: string | null } = {},
): string | null {
  if (!isPoint(from) || !isPoint(to)) return null;
  // Uber documents the bracketed keys literally (pickup[latitude]); only the values are encoded.
  const params: [string, string][] = [["action", "setPickup"]];
  if (options.clientId) params.push(["client_id", options.clientId]);
  params.push(["pickup[latitude]", String(from.lat)], ["pickup[longitude]", String(from.lng)]);
  if (from.name) params.push(["pickup[nickname]", from.name]);
  params.push(["dropoff[latitude]", String(to.lat)], ["dropoff[longitude]", String(to.lng)]);
  if (to.name) params.push(["dropoff[nickname]", to.name]);
  if (options.productId) params.push(["product_id", options.productId]);
  return `https://m.uber.com/ul/?${params.map(([k, v]) => `${k}=${enc(v)}`).join("&")}`;
}

// --- Transit planners by country -------------------------------------------------------------------

const GOOGLE_MAPS = "Google Maps"; // i18n-exempt: a brand name

/** Great-circle kilometres, for "is this leg in London". */
function km(a: LinkPoint, b: LinkPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
/** TfL plans journeys in and around Greater London only: both ends within 40 km of Charing Cross. */
const LONDON = { lat: 51.5074, lng: -0.1278 };
const inLondon = (p: LinkPoint) => km(p, LONDON) <= 40;

/** A place's name for a planner's text box; a name-less end falls back to its coordinates. */
const label = (p: LinkPoint) => p.name?.trim() || latLng(p);
/** Kakao and Amap separate name and coordinates by commas: a comma in the name would shift them. */
const bare = (p: LinkPoint) => label(p).replaceAll(",", " ");

/** Yahoo!乗換案内: Japan's most used planner; takes station, address or spot names, date and time. */
export function yahooTransitUrl(from: LinkPoint, to: LinkPoint, when: LinkWhen = {}): string {
  const q = new URLSearchParams({ from: label(from), to: label(to) });
  const date = when.date?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (date) {
    q.set("y", date[1]!);
    q.set("m", date[2]!);
    q.set("d", date[3]!);
    const time = when.time?.match(/^(\d{2}):(\d)(\d)$/);
    if (time) {
      q.set("hh", time[1]!);
      q.set("m1", time[2]!);
      q.set("m2", time[3]!);
      q.set("type", "1"); // 1: leave at this time
    }
  }
  return `https://transit.yahoo.co.jp/search/result?${q}`;
}

/** Kakao Map's route link (name,lat,lng for each end): Korea's planners, not Google, have the buses. */
export const kakaoRouteUrl = (from: LinkPoint, to: LinkPoint) =>
  `https://map.kakao.com/link/from/${enc(bare(from))},${from.lat},${from.lng}/to/${enc(bare(to))},${to.lat},${to.lng}`;

/** Amap (高德地图) public transport directions; Google Maps does not work in mainland China. */
export function amapTransitUrl(from: LinkPoint, to: LinkPoint): string {
  const q = new URLSearchParams({
    from: `${from.lng},${from.lat},${bare(from)}`,
    to: `${to.lng},${to.lat},${bare(to)}`,
    mode: "bus",
    coordinate: "wgs84", // ours are WGS84; Amap converts to its own GCJ-02
    callnative: "0",
    src: "tabi",
  });
  return `https://uri.amap.com/navigation?${q}`;
}

/** TfL's journey planner with both ends' names (it offers its matches when a name is ambiguous). */
export function tflJourneyUrl(from: LinkPoint, to: LinkPoint): string {
  const q = new URLSearchParams({ InputFrom: label(from), InputTo: label(to) });
  return `https://tfl.gov.uk/plan-a-journey/results?${q}`;
}

type Planner = (from: LinkPoint, to: LinkPoint, when: LinkWhen) => PlannerLink | null;
/**
 * The country's own planner where Google's transit data is not the one people use (spec s.9 'Country
 * guessing' lists jp, kr, us, gb, de, fr, it, es, au, cn, in, th, sg, hk, tw). Elsewhere, and for the
 * rest of that list, Google Maps transit: it covers those countries' timetables and takes coordinates.
 */
const LOCAL_PLANNERS: Record<string, Planner> = {
  // i18n-exempt: a brand name
  jp: (from, to, when) => ({ site: "Yahoo!乗換案内", url: yahooTransitUrl(from, to, when) }),
  // i18n-exempt: a brand name
  kr: (from, to) => ({ site: "Kakao Map", url: kakaoRouteUrl(from, to) }),
  // i18n-exempt: a brand name
  cn: (from, to) => ({ site: "高德地图 Amap", url: amapTransitUrl(from, to) }),
  gb: (from, to) =>
    // i18n-exempt: a brand name
    inLondon(from) && inLondon(to) ? { site: "TfL Journey Planner", url: tflJourneyUrl(from, to) } : null,
};
/** Where Google Maps has no transit directions at all, its link is not offered. */
const NO_GOOGLE = new Set(["cn"]);

/**
 * The transit planners for a leg, best first: the origin country's own planner, then Google Maps
 * transit with the exact coordinates. The country comes from the offline gazetteer (LegFacts), so an
 * unknown country (at sea, or none) falls back to Google Maps, not to the spec's Japan: the gazetteer
 * already knows better than a guess.
 */
export function transitPlanners(
  from: LinkPoint,
  to: LinkPoint,
  country: string | null | undefined,
  when: LinkWhen = {},
): PlannerLink[] {
  if (!isPoint(from) || !isPoint(to)) return [];
  const cc = country?.trim().toLowerCase() ?? "";
  const out: PlannerLink[] = [];
  const local = LOCAL_PLANNERS[cc]?.(from, to, when);
  if (local) out.push(local);
  if (!NO_GOOGLE.has(cc)) out.push({ site: GOOGLE_MAPS, url: googleDirectionsUrl(from, to, "transit") });
  return out;
}
