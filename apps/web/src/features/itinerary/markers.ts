// Spec 2 'Colour rules for a place marker' and 'Transport mode for a leg'.
export const SYSTEM_COLOR = "#111827";
export const NO_CONTRIBUTOR = "#9CA3AF";
export const GOLD = "#D4AF37";

/** A CSS background for a marker: one colour, a gradient of up to three for 2-4 contributors, gold above. */
export function markerBackground(colors: string[], system = false): string {
  if (system) return SYSTEM_COLOR;
  if (colors.length === 0) return NO_CONTRIBUTOR;
  if (colors.length === 1) return colors[0]!;
  if (colors.length > 4) return GOLD;
  return `linear-gradient(135deg, ${colors.slice(0, 3).join(", ")})`;
}

export const LEG_COLORS: Record<string, string> = { flight: "#2563EB", car: "#8B5A2B", taxi: "#8B5A2B" };
export const legColor = (mode: string) => LEG_COLORS[mode] ?? "#6B7280";

type Pt = [number, number];
/** A quadratic curve of 20 segments; `side` flips the bend for a second leg between the same places. */
export function curve(a: Pt, b: Pt, side: 1 | -1 = 1, bend = 0.12): Pt[] {
  const mid: Pt = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const ctrl: Pt = [mid[0] - dy * bend * side, mid[1] + dx * bend * side];
  const out: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    const u = 1 - t;
    out.push([
      u * u * a[0] + 2 * u * t * ctrl[0] + t * t * b[0],
      u * u * a[1] + 2 * u * t * ctrl[1] + t * t * b[1],
    ]);
  }
  return out;
}

/** A small chevron at the middle of a line, pointing along it (the arrow of a leg). */
export function arrowAt(line: Pt[], size: number): Pt[] {
  const i = Math.floor(line.length / 2);
  const p = line[i]!;
  const q = line[Math.max(0, i - 1)]!;
  const angle = Math.atan2(p[1] - q[1], p[0] - q[0]);
  const wing = (d: number): Pt => [p[0] - size * Math.cos(angle + d), p[1] - size * Math.sin(angle + d)];
  return [wing(0.5), p, wing(-0.5)];
}

/** A night at a booked hotel: an indigo marker with a bed, so the night visibly moves to the hotel. */
export const HOTEL_COLOR = "#4F46E5";
/** Lucide's "bed" icon, white, for the booked-hotel marker (markers are plain DOM nodes, not React). */
export const BED_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2 4v16"/><path d="M2 8h18a2 2 0 0 1 2 2v10"/><path d="M2 17h20"/><path d="M6 8v9"/></svg>';

/** How a stop's marker looks: a booked hotel night, a system stop (black) or a place (its members' colours). */
export function markerLook(stop: { colors: string[]; system: boolean; hotel?: boolean }) {
  if (stop.hotel) return { background: HOTEL_COLOR, size: 24, icon: BED_ICON };
  return { background: markerBackground(stop.colors, stop.system), size: stop.system ? 18 : 16, icon: "" };
}

interface LegEnds {
  from: { key: string; lng: number; lat: number };
  to: { key: string; lng: number; lat: number };
  mode: string;
}
/**
 * Each leg's drawn line ([lng, lat] points) and arrow, in the leg's colour: legs between the same two
 * places bend to opposite sides. Shared by the interactive map and its static preview.
 */
export function legShapes(legs: readonly LegEnds[]) {
  const seen = new Map<string, number>();
  return legs.map((leg, index) => {
    const pair = [leg.from.key, leg.to.key].sort().join("|");
    const n = seen.get(pair) ?? 0;
    seen.set(pair, n + 1);
    // The bend is measured along the leg's direction: a leg back the other way flips it again,
    // or out and back would lie on one curve with their arrows crossed.
    const reversed = leg.from.key > leg.to.key ? -1 : 1;
    const side = ((n % 2 ? -1 : 1) * reversed) as 1 | -1;
    const line = curve([leg.from.lng, leg.from.lat], [leg.to.lng, leg.to.lat], side);
    const span = Math.hypot(leg.to.lng - leg.from.lng, leg.to.lat - leg.from.lat);
    return { line, arrow: arrowAt(line, Math.max(span * 0.06, 0.0004)), color: legColor(leg.mode), index };
  });
}
