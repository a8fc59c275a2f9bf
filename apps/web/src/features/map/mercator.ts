// Web Mercator as MapLibre draws it (a 512-pixel world at zoom 0), for the map's static preview: the same
// framing as the interactive map's fitBounds, so the one replaces the other without a jump.

type LngLat = [lng: number, lat: number];
const WORLD = 512;
const MAX_LAT = 85.051129;

/** A point in world units: x and y from 0 to 1, y growing southwards. */
export function mercator([lng, lat]: LngLat): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2];
}

/** The inverse of `mercator`. */
export function unmercator([x, y]: [number, number]): LngLat {
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return [x * 360 - 180, lat];
}

export interface MapView {
  /** The centre in world units. */
  center: [number, number];
  zoom: number;
  width: number;
  height: number;
}

/**
 * The view MapLibre's `fitBounds(bounds, { padding, maxZoom })` gives in a box of this size, then
 * `stepOut` zoom levels out (never below `minZoom`): what TripMap shows once its stops are placed.
 * With no points: `fallback` at zoom 6.
 */
export function fitView(
  points: LngLat[],
  width: number,
  height: number,
  { padding = 40, maxZoom = 16, stepOut = 1, minZoom = 1, fallback = [139.7671, 35.6812] as LngLat } = {},
): MapView {
  if (!points.length) return { center: mercator(fallback), zoom: 6, width, height };
  const xy = points.map(mercator);
  const xs = xy.map((p) => p[0]);
  const ys = xy.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = (size: number, span: number) =>
    span > 0 ? Math.max(1, size - 2 * padding) / (span * WORLD) : Number.POSITIVE_INFINITY;
  const scale = Math.min(room(width, x1 - x0), room(height, y1 - y0));
  const fitted = Math.min(Number.isFinite(scale) ? Math.log2(scale) : maxZoom, maxZoom);
  return {
    center: [(x0 + x1) / 2, (y0 + y1) / 2],
    zoom: Math.max(minZoom, fitted - stepOut),
    width,
    height,
  };
}

/** Where a point is drawn in the view, in CSS pixels from its top left corner. */
export function toScreen(view: MapView, point: LngLat): [number, number] {
  const size = WORLD * 2 ** view.zoom;
  const [x, y] = mercator(point);
  return [(x - view.center[0]) * size + view.width / 2, (y - view.center[1]) * size + view.height / 2];
}

export interface PlacedTile {
  url: string;
  /** Top left corner and side, in CSS pixels. */
  left: number;
  top: number;
  size: number;
}

/**
 * The raster tiles (256 pixels, as the map's raster source) that cover the view, at the zoom MapLibre
 * would fetch them, with where each is drawn. `template` takes {z}, {x}, {y} (and {ratio}, left empty);
 * any other placeholder and nothing is drawn.
 */
export function tilesFor(view: MapView, template: string, maxTileZoom = 19): PlacedTile[] {
  const z = Math.max(0, Math.min(maxTileZoom, Math.round(view.zoom + 1)));
  const n = 2 ** z;
  const size = (WORLD * 2 ** view.zoom) / n;
  const worldSize = WORLD * 2 ** view.zoom;
  // The view's top left corner in world pixels.
  const left = view.center[0] * worldSize - view.width / 2;
  const top = view.center[1] * worldSize - view.height / 2;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor(top / size); ty * size < top + view.height; ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(left / size); tx * size < left + view.width; tx++) {
      const wrapped = ((tx % n) + n) % n;
      const url = template
        .replace("{z}", String(z))
        .replace("{x}", String(wrapped))
        .replace("{y}", String(ty))
        .replace("{ratio}", "");
      if (/[{}]/.test(url)) return [];
      tiles.push({ url, left: tx * size - left, top: ty * size - top, size });
    }
  }
  return tiles;
}
