import type { ClientConfig } from "@tabi/contracts";
import type { Map as MlMap, StyleSpecification } from "maplibre-gl";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import countriesUrl from "world-atlas/countries-50m.json?url";
import landUrl from "world-atlas/land-50m.json?url";
import { i18n } from "../../i18n";

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

let basemap:
  | Promise<{ land: GeoJSON.FeatureCollection | GeoJSON.Feature; borders: GeoJSON.MultiLineString }>
  | undefined;
/** World land and country borders from the world-atlas package: always there, even offline. */
function loadBasemap() {
  basemap ??= (async () => {
    const [land, countries] = (await Promise.all(
      [fetch(landUrl), fetch(countriesUrl)].map((p) => p.then((r) => r.json())),
    )) as Topology[];
    return {
      land: feature(land!, land!.objects.land as GeometryCollection),
      borders: mesh(countries!, countries!.objects.countries as GeometryCollection, (a, b) => a !== b),
    };
  })();
  return basemap;
}

/** The built-in style: sea, land and borders, with raster tiles over them when configured. */
export async function baseStyle(
  config: ClientConfig["map"],
  dark: boolean,
): Promise<StyleSpecification | string> {
  if (config.styleUrl) return config.styleUrl;
  const { land, borders } = await loadBasemap();
  const style: StyleSpecification = {
    version: 8,
    sources: {
      land: { type: "geojson", data: land },
      // i18n-exempt: a GeoJSON type
      borders: { type: "geojson", data: { type: "Feature", geometry: borders, properties: {} } },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": dark ? "#0b1a2e" : "#cfe6f3" } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": dark ? "#1e293b" : "#f1efe6" } },
      {
        id: "borders",
        type: "line",
        source: "borders",
        paint: { "line-color": dark ? "#475569" : "#a8a29e", "line-width": 0.8 },
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
      paint: { "raster-opacity": dark ? 0.75 : 1 },
    });
    style.layers.push({
      id: "borders-over",
      type: "line",
      source: "borders",
      maxzoom: 5,
      paint: { "line-color": "#64748b", "line-width": 0.6 },
    });
  }
  return style;
}
