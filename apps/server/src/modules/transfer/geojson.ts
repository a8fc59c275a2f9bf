import { type Found, found, ImportError, lines, MAX_NOTES, point, pointFromUrl } from "./found";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);

/**
 * Google Takeout's "Saved Places.json" (Maps (your places)): a GeoJSON FeatureCollection. Two shapes
 * are in use: the older one with properties.Title and properties.Location["Geo Coordinates"], the newer
 * with properties.location.{name, address} and the point only in the geometry (sometimes [0, 0], then
 * only in properties.google_maps_url as ?q=lat,lng). Any GeoJSON of points is read the same way.
 */
export function parseGeoJson(text: string): Found[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError("badJson");
  }
  const root = obj(data);
  const features =
    root?.type === "FeatureCollection" && Array.isArray(root.features)
      ? root.features
      : root?.type === "Feature"
        ? [root]
        : null;
  if (!features) throw new ImportError("badJson");
  const items: Found[] = [];
  for (const f of features) {
    const feature = obj(f);
    if (!feature) continue;
    const props = obj(feature.properties) ?? {};
    const location = obj(props.location) ?? obj(props.Location) ?? {};
    const geometry = obj(feature.geometry);
    const coords =
      geometry?.type === "Point" && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
    const geo = obj(location["Geo Coordinates"]);
    const url = props.google_maps_url ?? props["Google Maps URL"] ?? props.url;
    const fromFile =
      point(coords[1], coords[0]) ??
      point(geo?.Latitude, geo?.Longitude) ??
      point(location.latitude, location.longitude);
    const fromUrl = fromFile ? null : pointFromUrl(url);
    const item = found({
      name: location.name ?? props.Title ?? props.title ?? props.name ?? location["Business Name"],
      point: fromFile ?? fromUrl,
      located: fromFile ? "file" : "url",
      address: location.address ?? location.Address ?? props.address,
      notes: lines(props.Comment ?? props.comment ?? props.description ?? props.Note, MAX_NOTES),
    });
    if (item) items.push(item);
  }
  return items;
}
