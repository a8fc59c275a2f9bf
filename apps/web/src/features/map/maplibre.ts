import type { ClientConfig } from "@tabi/contracts";
import type {
  ExpressionSpecification,
  FilterSpecification,
  Map as MlMap,
  StyleSpecification,
} from "maplibre-gl";
import { i18n } from "../../i18n";
// Land and country borders, simplified at build time (scripts/basemap.mjs); as a URL, MapLibre fetches
// and parses it in its worker, off the page's main thread. Precached by the service worker (*.json).
import worldUrl from "./world.json?url";

// MapLibre and the offline basemap load only when a map is first shown (DESIGN.md: 'loaded lazily').
export type MapLibre = typeof import("maplibre-gl");

/** Calls `failed` when the map cannot show at all. Tile failures (offline) are expected and ignored. */
export function onMapFailure(m: MlMap, failed: () => void): void {
  m.on("error", (e) => {
    if (!m.isStyleLoaded() && !(e as { sourceId?: string }).sourceId) failed();
  });
}

/** MapLibre's own control labels in the app's language (the Map option `locale`). */
export function mapLocale(): Record<string, string> {
  return {
    "AttributionControl.ToggleAttribution": i18n.t("map:control.toggleAttribution"),
    "FullscreenControl.Enter": i18n.t("map:control.fullscreenEnter"),
    "FullscreenControl.Exit": i18n.t("map:control.fullscreenExit"),
    "Map.Title": i18n.t("map:control.map"),
    "Marker.Title": i18n.t("map:control.marker"),
    "NavigationControl.ResetBearing": i18n.t("map:control.resetBearing"),
    "NavigationControl.ZoomIn": i18n.t("map:control.zoomIn"),
    "NavigationControl.ZoomOut": i18n.t("map:control.zoomOut"),
    "Popup.Close": i18n.t("map:control.closePopup"),
  };
}

let loading: Promise<MapLibre> | undefined;
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= (async () => {
    const [lib, worker] = await Promise.all([
      import("maplibre-gl"),
      import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
      import("maplibre-gl/dist/maplibre-gl.css"),
    ]);
    lib.setWorkerUrl(worker.default);
    return lib;
  })();
  loading.catch(() => {
    loading = undefined; // a failed load may be retried
  });
  return loading;
}

const LAND: FilterSpecification = ["==", ["get", "k"], "land"];
const BORDER: FilterSpecification = ["==", ["get", "k"], "border"];

/**
 * A line colour read per feature (an expression on the feature's data) even though it is one colour:
 * every line of the map (coasts, borders, the trip's legs, coloured per leg) then shares one WebGL
 * program, and a phone compiles one shader fewer while the map starts (the compiles are most of the
 * map's start on the main thread).
 */
export const lineColor = (color: string): ExpressionSpecification => ["case", ["has", "k"], color, color];

/** The built-in style's land, also the static preview's ground (itinerary/TripMapPreview.tsx). */
export const landColor = (dark: boolean) => (dark ? "#1e293b" : "#f1efe6");

/**
 * The built-in style: sea, land and borders (world.json, drawn from its data at zoom 0-6 and scaled up
 * beyond), with raster tiles over them when configured. Nothing to wait for: the map starts at once and
 * the basemap comes in its worker.
 */
export function baseStyle(config: ClientConfig["map"], dark: boolean): StyleSpecification | string {
  if (config.styleUrl) return config.styleUrl;
  const land = landColor(dark);
  const style: StyleSpecification = {
    version: 8,
    sources: {
      // The data is 0.02° coarse: tiles past zoom 6 would only cost the worker time and memory.
      world: { type: "geojson", data: new URL(worldUrl, location.href).href, maxzoom: 6 },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": dark ? "#0b1a2e" : "#cfe6f3" } },
      // The land's edge is smoothed by a line in its colour rather than the fill's own antialiasing,
      // which would be one more WebGL program to compile.
      {
        id: "land",
        type: "fill",
        source: "world",
        filter: LAND,
        paint: { "fill-color": land, "fill-antialias": false },
      },
      { id: "coast", type: "line", source: "world", filter: LAND, paint: { "line-color": lineColor(land) } },
      {
        id: "borders",
        type: "line",
        source: "world",
        filter: BORDER,
        paint: { "line-color": lineColor(dark ? "#475569" : "#a8a29e"), "line-width": 0.8 },
      },
    ],
  };
  if (config.tileUrl) {
    style.sources.tiles = {
      type: "raster",
      tiles: [config.tileUrl],
      tileSize: 256,
      attribution: config.tileAttribution,
      maxzoom: 19,
    };
    // Tiles cover the built-in layers where they load; where they cannot (offline), land stays visible.
    style.layers.push({
      id: "tiles",
      type: "raster",
      source: "tiles",
      // Without a fade a phone draws each tile once instead of for 300 ms of frames.
      paint: { "raster-opacity": dark ? 0.75 : 1, "raster-fade-duration": 0 },
    });
    style.layers.push({
      id: "borders-over",
      type: "line",
      source: "world",
      filter: BORDER,
      maxzoom: 5,
      paint: { "line-color": lineColor("#64748b"), "line-width": 0.6 },
    });
  }
  return style;
}
