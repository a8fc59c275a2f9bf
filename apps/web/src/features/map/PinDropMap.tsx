import type { Marker, Map as MlMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../lib/config";
import { useTheme } from "../../lib/theme";
import { type MapState, MapStatus } from "./MapStatus";
import { baseStyle, loadMapLibre, mapLocale, onMapFailure } from "./maplibre";

export interface LatLng {
  lat: number;
  lng: number;
}

/** A small map to drop a pin on, for places no provider knows (tap or drag the pin). */
export default function PinDropMap({
  center,
  value,
  onChange,
}: {
  center: LatLng;
  value: LatLng | null;
  onChange(p: LatLng): void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<MlMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The map is created once per mount (and theme); it starts from the first centre and pin.
  const initial = useRef({ center, value });
  const { t } = useTranslation();
  const config = useClientConfig();
  const { dark } = useTheme();
  const [state, setState] = useState<MapState>("loading");

  useEffect(() => {
    if (!config || !el.current) return;
    let cancelled = false;
    (async () => {
      try {
        const lib = await loadMapLibre();
        if (cancelled || !el.current) return;
        const style = baseStyle(config.map, dark);
        const start = initial.current;
        const m = new lib.Map({
          container: el.current,
          style,
          center: [start.center.lng, start.center.lat],
          zoom: 12,
          attributionControl: { compact: true },
          locale: mapLocale(),
        });
        map.current = m;
        const place = (p: LatLng) => {
          if (!marker.current) {
            marker.current = new lib.Marker({ color: "#0f766e", draggable: true })
              .setLngLat([p.lng, p.lat])
              .addTo(m);
            marker.current.on("dragend", () => {
              const at = marker.current!.getLngLat();
              onChangeRef.current({ lat: at.lat, lng: at.lng });
            });
          } else marker.current.setLngLat([p.lng, p.lat]);
        };
        if (start.value) place(start.value);
        m.on("click", (e) => {
          place({ lat: e.lngLat.lat, lng: e.lngLat.lng });
          onChangeRef.current({ lat: e.lngLat.lat, lng: e.lngLat.lng });
        });
        m.on("load", () => !cancelled && setState("ready"));
        onMapFailure(m, () => setState("failed"));
      } catch {
        if (!cancelled) setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      marker.current = null;
      map.current?.remove();
      map.current = null;
    };
  }, [config, dark]);

  useEffect(() => {
    if (value && marker.current) marker.current.setLngLat([value.lng, value.lat]);
  }, [value]);

  return (
    <div className="relative h-56 overflow-hidden rounded-2xl ring-1 ring-slate-200 dark:ring-slate-700">
      <div ref={el} className="h-full w-full" role="application" aria-label={t("map:pinDrop")} />
      <MapStatus state={state} />
    </div>
  );
}
