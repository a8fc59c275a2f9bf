import type { ItineraryDay } from "@tabi/contracts";
import { Hand } from "lucide-react";
import type { GeoJSONSource, Marker, Map as MlMap } from "maplibre-gl";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { i18n, serverText } from "../../i18n";
import { useClientConfig } from "../../lib/config";
import { useTheme } from "../../lib/theme";
import { Spinner } from "../../ui/Spinner";
import { iataOf } from "../bookings/planBookings";
import { baseStyle, loadMapLibre, mapLocale, onMapFailure } from "../map/maplibre";
import { fitView, unmercator } from "../map/mercator";
import { isSystemVisit } from "./edits";
import { legColor, legShapes, markerLook } from "./markers";
import { LOCK_LABELS } from "./planInfo";
import { TripMapPreview } from "./TripMapPreview";

export interface MapStop {
  key: string;
  placeId: string | null;
  name: string;
  lat: number;
  lng: number;
  colors: string[];
  system: boolean;
  order: string;
  /** A member locked the visit for the next optimisation. */
  locked?: "day" | "time";
  /** An airport of the plan: its IATA code (from `airport_<IATA>_<role>`). */
  iata?: string;
  /** A night point at a booked hotel (drawn with a bed). */
  hotel?: boolean;
}
export interface MapLeg {
  from: MapStop;
  to: MapStop;
  mode: string;
  minutes: number;
  /** yyyy-mm-dd of the plan's day the leg is on. */
  date: string;
  /** The plan's ids of the leg's ends (trip places or system ids such as airport_NRT_arrival); none for a day's points. */
  fromId?: string;
  toId?: string;
}

/**
 * Stops and legs of the itinerary: each day from its start point through its visits to its end point
 * (departure, hotel or base, airports of a flight, the return point). Points and airports are system
 * stops: black, without a number.
 */
export function itineraryGeometry(
  days: ItineraryDay[],
  colorsOf: (placeId: string) => string[],
  /** Evenings (yyyy-mm-dd) spent at a booked hotel: that day's end point wears a bed. */
  bookedNights: ReadonlySet<string> = new Set(),
) {
  const stops = new Map<string, MapStop>();
  const legs: MapLeg[] = [];
  const stopFor = (key: string, s: Omit<MapStop, "key">) => {
    const existing = stops.get(key);
    if (existing) return existing;
    const stop = { key, ...s };
    stops.set(key, stop);
    return stop;
  };
  const point = (p: ItineraryDay["start"]) =>
    stopFor(`point:${p.latitude},${p.longitude}`, {
      placeId: null,
      name: p.name,
      lat: p.latitude,
      lng: p.longitude,
      colors: [],
      system: true,
      order: "",
    });
  for (const d of days) {
    let prev = point(d.start);
    let prevId: string | undefined;
    let n = 0;
    for (const v of d.visits) {
      const system = isSystemVisit(v);
      const stop = stopFor(system ? `point:${v.latitude},${v.longitude}` : v.placeId, {
        placeId: system ? null : v.placeId,
        name: v.name,
        lat: v.latitude,
        lng: v.longitude,
        colors: system ? [] : colorsOf(v.placeId),
        system,
        order: system ? "" : `${d.day}.${++n}`,
        ...(v.locked && !system ? { locked: v.locked } : {}),
        ...(iataOf(v.placeId) ? { iata: iataOf(v.placeId) } : {}),
      });
      legs.push({
        from: prev,
        to: stop,
        mode: v.mode,
        minutes: v.travelMinutes,
        date: d.date,
        ...(prevId ? { fromId: prevId } : {}),
        toId: v.placeId,
      });
      prev = stop;
      prevId = v.placeId;
    }
    const end = point(d.end);
    if (bookedNights.has(d.date)) end.hotel = true;
    if (prev !== end)
      legs.push({
        from: prev,
        to: end,
        mode: d.backMode,
        minutes: d.backTravelMinutes,
        date: d.date,
        ...(prevId ? { fromId: prevId } : {}),
      });
  }
  return { stops: [...stops.values()], legs };
}

/** Resolves in a later task (after a paint when the page is visible): long work split from the rest. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });

/** True once the element is on screen or within half a screen of it (and from then on). */
function useNearScreen(el: React.RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: "50% 0px",
    });
    io.observe(node);
    return () => io.disconnect();
  }, [el, near]);
  return near;
}

/**
 * A touch screen without a mouse (a phone, a tablet): the interactive map starts when the user asks for
 * it (decisions/0026). Elsewhere it starts by itself once the page is idle.
 */
const startsOnTap = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(hover: none) and (pointer: coarse)").matches;
/** The user asked for the interactive map during this visit: later trip maps start by themselves. */
let asked = false;

/** Runs `run` once the page has been idle a while after it settled; returns a cancel. */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(run, { timeout: 2000 })
        : window.setTimeout(run, 0);
  }, 500);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) (window.cancelIdleCallback ?? clearTimeout)(idle);
  };
}

/**
 * The trip map: a static preview of the plan at once (TripMapPreview), then MapLibre (loaded lazily) with
 * coloured markers, arrowed legs by mode and a legend; on a touch screen MapLibre starts when the user
 * taps the preview, elsewhere when the page is idle (decisions/0026).
 */
export default function TripMap({
  days,
  colorsOf,
  bookedNights,
  onStop,
  onLeg,
  refitKey,
}: {
  days: ItineraryDay[];
  colorsOf(placeId: string): string[];
  /** Evenings (yyyy-mm-dd) at a booked hotel. */
  bookedNights?: ReadonlySet<string>;
  onStop(stop: MapStop): void;
  onLeg(leg: MapLeg): void;
  /** When it changes (another day chosen), the map fits the stops again even after a drag. */
  refitKey?: unknown;
}) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const markers = useRef<Marker[]>([]);
  const userMoved = useRef(false);
  const handlers = useRef({ onStop, onLeg });
  handlers.current = { onStop, onLeg };
  const config = useClientConfig();
  const { dark } = useTheme();
  const [failed, setFailed] = useState(false);
  /** The map once its style is read (pins and legs can go on it). */
  const [map, setMap] = useState<MlMap | null>(null);
  /** The map has drawn the plan: the preview goes. */
  const [drawn, setDrawn] = useState(false);
  const geometry = useMemo(
    () => itineraryGeometry(days, colorsOf, bookedNights),
    [days, colorsOf, bookedNights],
  );
  const geometryRef = useRef(geometry);
  geometryRef.current = geometry;

  const [onTap] = useState(startsOnTap);
  const [started, setStarted] = useState(() => asked);
  const start = () => {
    asked = true;
    setStarted(true);
  };
  // Without a tap to wait for, the map starts once the trip's content has painted, the page is idle and
  // the map is on screen or close to it: MapLibre's start is the page's longest work.
  const near = useNearScreen(el);
  useEffect(() => {
    if (started || onTap || !near) return;
    return whenIdle(() => setStarted(true));
  }, [started, onTap, near]);

  useEffect(() => {
    if (!config || !el.current || !started) return;
    let cancelled = false;
    let instance: MlMap | null = null;
    setFailed(false);
    (async () => {
      try {
        await nextTask(); // the content paints first
        const lib = await loadMapLibre();
        if (cancelled || !el.current) return;
        await nextTask(); // the library's evaluation and the map's creation in tasks of their own
        if (cancelled || !el.current) return;
        // Created where the preview shows the plan: no tiles fetched for another place first.
        const { width, height } = el.current.getBoundingClientRect();
        const view = fitView(
          geometryRef.current.stops.map((s) => [s.lng, s.lat]),
          width,
          height,
        );
        const m = new lib.Map({
          container: el.current,
          style: baseStyle(config.map, dark),
          center: unmercator(view.center),
          zoom: view.zoom,
          attributionControl: { compact: true },
          // MapLibre's own control titles, in the app's language.
          locale: mapLocale(),
        });
        instance = m;
        m.addControl(new lib.FullscreenControl(), "top-right");
        // Once the user drags or zooms, the map stops fitting itself.
        m.on("dragstart", () => (userMoved.current = true));
        m.on("wheel", () => (userMoved.current = true));
        // Pins and legs as soon as the style is read, not after the first complete drawing ('load'),
        // which waits for the basemap and the first raster tiles.
        m.once("style.load", () => {
          if (cancelled) return;
          m.addSource("legs", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
          m.addLayer({
            id: "legs",
            type: "line",
            source: "legs",
            // Coloured per feature like every line of the base style (maplibre.ts lineColor): one program.
            paint: { "line-color": ["get", "color"], "line-width": 3, "line-opacity": 0.85 },
            layout: { "line-cap": "round", "line-join": "round" },
          });
          m.addLayer({
            id: "legs-hit",
            type: "line",
            source: "legs",
            paint: { "line-color": "#000", "line-width": 14, "line-opacity": 0 },
          });
          m.on("click", "legs-hit", (e) => {
            const index = Number(e.features?.[0]?.properties?.index);
            const leg = geometryRef.current.legs[index];
            if (leg) handlers.current.onLeg(leg);
          });
          m.on("mouseenter", "legs-hit", () => (m.getCanvas().style.cursor = "pointer"));
          m.on("mouseleave", "legs-hit", () => (m.getCanvas().style.cursor = ""));
          setMap(m);
        });
        onMapFailure(m, () => setFailed(true));
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      for (const mk of markers.current) mk.remove();
      markers.current = [];
      instance?.remove();
      setMap(null);
      setDrawn(false);
    };
  }, [config, dark, started]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refitKey is the trigger, not a value read
  useEffect(() => {
    userMoved.current = false;
  }, [refitKey]);

  useEffect(() => {
    const m = map;
    if (!m) return;
    let cancelled = false;
    void loadMapLibre().then((lib) => {
      if (cancelled) return;
      for (const mk of markers.current) mk.remove();
      markers.current = geometry.stops.map((s) => {
        const node = document.createElement("button");
        node.type = "button";
        node.className = "tabi-marker";
        node.setAttribute(
          "aria-label",
          s.hotel
            ? i18n.t("plan:map.hotelStop", { name: serverText(s.name) })
            : s.system
              ? i18n.t("plan:map.systemStop", { name: serverText(s.name) })
              : s.locked
                ? i18n.t("plan:map.lockedStop", {
                    order: s.order,
                    name: s.name,
                    lock: LOCK_LABELS[s.locked].toLowerCase(),
                  })
                : `${s.order} ${s.name}`,
        );
        const look = markerLook(s);
        node.style.background = look.background;
        if (look.icon) {
          node.innerHTML = look.icon;
          node.style.display = "grid";
          node.style.placeItems = "center";
          node.dataset.hotel = "";
        }
        if (s.locked) {
          // A locked stop wears a dark outer ring (the calendar block shows the lock icon).
          node.title = i18n.t("plan:map.lockedTitle", {
            name: s.name,
            lock: LOCK_LABELS[s.locked].toLowerCase(),
          });
          node.style.boxShadow = "0 0 0 2px #111827, 0 1px 3px rgb(0 0 0 / 0.4)";
          node.dataset.locked = s.locked;
        }
        node.style.width = node.style.height = `${look.size}px`;
        node.addEventListener("click", (e) => {
          e.stopPropagation();
          handlers.current.onStop(s);
        });
        return new lib.Marker({ element: node }).setLngLat([s.lng, s.lat]).addTo(m);
      });
      (m.getSource("legs") as GeoJSONSource).setData({
        type: "FeatureCollection",
        features: legShapes(geometry.legs).flatMap((f) => [
          {
            type: "Feature", // i18n-exempt: a GeoJSON type, not text
            properties: { color: f.color, index: f.index },
            geometry: { type: "LineString", coordinates: f.line },
          },
          {
            type: "Feature", // i18n-exempt: a GeoJSON type, not text
            properties: { color: f.color, index: f.index },
            geometry: { type: "LineString", coordinates: f.arrow },
          },
        ]),
      });
      if (!userMoved.current && geometry.stops.length) {
        const bounds = new lib.LngLatBounds();
        for (const s of geometry.stops) bounds.extend([s.lng, s.lat]);
        m.fitBounds(bounds, { padding: 40, animate: false, maxZoom: 16 });
        m.setZoom(Math.max(1, m.getZoom() - 1)); // spec 2: one step out after fitting
      }
      // The preview stays until the map has drawn the legs (or a moment has passed: tiles that are slow
      // to come must not keep the map untouchable).
      const done = () => !cancelled && setDrawn(true);
      m.once("idle", done);
      setTimeout(done, 1500);
    });
    return () => {
      cancelled = true;
    };
  }, [geometry, map]);

  const status = failed ? (
    <span className="text-red-600 dark:text-red-400">{t("map:failed")}</span>
  ) : started ? (
    <span role="status" className="inline-flex items-center gap-2">
      <Spinner /> {t("map:loading")}
    </span>
  ) : null;

  return (
    <div className="relative h-[60dvh] min-h-80 overflow-hidden rounded-3xl ring-1 ring-slate-200 dark:ring-slate-800">
      <div ref={el} className="h-full w-full" role="region" aria-label={t("map:control.map")} />
      {drawn && !failed ? null : (
        // Until the map has drawn the plan (or when it cannot), its picture; a touch screen starts the
        // map from it, a mouse may start it before the page is idle.
        <div className="absolute inset-0 z-[3]" onPointerDown={onTap || started ? undefined : start}>
          <TripMapPreview
            stops={geometry.stops}
            legs={geometry.legs}
            dark={dark}
            tileUrl={config && !config.map.styleUrl ? config.map.tileUrl : null}
            attribution={config?.map.tileAttribution}
          />
          {onTap && !started ? (
            <button
              type="button"
              onClick={start}
              className="absolute inset-0 flex items-start justify-center pt-3 focus-visible:outline-none [&:focus-visible>span]:ring-2 [&:focus-visible>span]:ring-brand-500"
            >
              <span className="inline-flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-slate-800 shadow ring-1 ring-slate-200 dark:bg-slate-900/95 dark:text-slate-100 dark:ring-slate-700">
                <Hand className="size-4" aria-hidden /> {t("map:preview.show")}
              </span>
            </button>
          ) : status ? (
            <div className="absolute inset-x-0 top-3 flex justify-center">
              <span className="rounded-full bg-white/95 px-4 py-2 text-sm text-slate-600 shadow ring-1 ring-slate-200 dark:bg-slate-900/95 dark:text-slate-300 dark:ring-slate-700">
                {status}
              </span>
            </div>
          ) : null}
        </div>
      )}
      <ul
        aria-label={t("plan:map.legend")}
        className="absolute bottom-8 left-2 z-10 max-w-[calc(100%-1rem)] space-y-1 rounded-xl bg-white/90 px-3 py-2 text-xs shadow dark:bg-slate-900/90"
      >
        {(
          [
            ["plan:map.flight", legColor("flight")],
            ["plan:map.car", legColor("car")],
            ["plan:map.transit", legColor("walking")],
          ] as const
        ).map(([label, color]) => (
          <li key={label} className="flex items-center gap-2">
            <span className="inline-block h-1 w-5 shrink-0 rounded" style={{ backgroundColor: color }} />{" "}
            {t(label)}
          </li>
        ))}
      </ul>
    </div>
  );
}
