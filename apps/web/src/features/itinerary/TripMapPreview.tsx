import { useEffect, useId, useMemo, useRef, useState } from "react";
import { landColor } from "../map/maplibre";
import { fitView, type MapView, tilesFor, toScreen } from "../map/mercator";
import { legShapes, markerLook } from "./markers";
import type { MapLeg, MapStop } from "./TripMap";

/** Tiles kept between drawings (a resize, another day chosen), by URL. */
const tileImages = new Map<string, HTMLImageElement>();
function tileImage(url: string): HTMLImageElement {
  let img = tileImages.get(url);
  if (!img) {
    if (tileImages.size > 200) tileImages.clear();
    img = new Image();
    // As MapLibre asks for them (CORS): one cached answer serves both, and the service worker keeps it.
    img.crossOrigin = "anonymous";
    img.decoding = "async";
    img.src = url;
    tileImages.set(url, img);
  }
  return img;
}

/**
 * The raster tiles of the view on a canvas (a canvas, as the interactive map draws them). The canvas is
 * set up when the first tile has come, so a map without tiles (offline, none configured) costs none;
 * it is a plain CPU canvas (willReadFrequently): a few images need no GPU canvas, whose start on a
 * phone is a long task of its own.
 */
function TileCanvas({ view, template, dark }: { view: MapView; template: string; dark: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let current = true;
    let ctx: CanvasRenderingContext2D | null | undefined;
    const draw = (img: HTMLImageElement, tile: { left: number; top: number; size: number }) => {
      const c = canvas.current;
      if (!current || !c || !img.naturalWidth) return;
      if (ctx === undefined) {
        const ratio = Math.min(2, window.devicePixelRatio || 1);
        c.width = Math.round(view.width * ratio);
        c.height = Math.round(view.height * ratio);
        ctx = c.getContext("2d", { willReadFrequently: true });
        ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
        // Over the dark ground the tiles are dimmed as the map's raster layer is (raster-opacity).
        if (ctx) ctx.globalAlpha = dark ? 0.75 : 1;
      }
      ctx?.drawImage(img, tile.left, tile.top, tile.size, tile.size);
    };
    for (const tile of tilesFor(view, template)) {
      const img = tileImage(tile.url);
      if (img.complete) draw(img, tile);
      else img.addEventListener("load", () => draw(img, tile), { once: true });
    }
    return () => {
      current = false;
      // The next view draws on a cleared canvas.
      if (ctx) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      }
    };
  }, [view, template, dark]);
  return <canvas ref={canvas} width={0} height={0} className="absolute inset-0 h-full w-full" aria-hidden />;
}

/** Lucide's bed, as the booked-hotel marker wears it (markers.ts BED_ICON). */
function Bed({ x, y }: { x: number; y: number }) {
  return (
    <g
      transform={`translate(${x - 7} ${y - 7}) scale(${14 / 24})`}
      fill="none"
      stroke="#fff"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 4v16" />
      <path d="M2 8h18a2 2 0 0 1 2 2v10" />
      <path d="M2 17h20" />
      <path d="M6 8v9" />
    </g>
  );
}

/**
 * A picture of the trip map, drawn from the plan's coordinates without MapLibre: the ground, the raster
 * tiles when there are some, the legs with their arrows and the stops, framed as the interactive map
 * frames them. It stands in while the map is not started (on a phone, until the user asks for it) and
 * while it starts; it is not interactive itself (decisions/0026).
 */
export function TripMapPreview({
  stops,
  legs,
  dark,
  tileUrl,
  attribution,
}: {
  stops: readonly MapStop[];
  legs: readonly MapLeg[];
  dark: boolean;
  /** The raster tiles' URL template, if the map draws raster tiles. */
  tileUrl: string | null;
  attribution?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const gradients = useId();
  // Measured once the page has laid out and painted (the observer's first report), so the picture is
  // drawn in a task after the trip's content is on screen, never in the same one.
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => {
      const { width, height } = node.getBoundingClientRect();
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    };
    if (typeof ResizeObserver === "undefined") return void setTimeout(measure, 0);
    const ro = new ResizeObserver(measure);
    ro.observe(node);
    return () => ro.disconnect();
  }, []);
  const view = useMemo(
    () =>
      size && size.width > 0 && size.height > 0
        ? fitView(
            stops.map((s) => [s.lng, s.lat]),
            size.width,
            size.height,
          )
        : null,
    [stops, size],
  );
  const shapes = useMemo(() => legShapes(legs), [legs]);
  const at = (p: [number, number]): [number, number] => (view ? toScreen(view, p) : [0, 0]);
  const path = (points: [number, number][]) =>
    points
      .map(
        (p, i) =>
          `${i ? "L" : "M"}${at(p)
            .map((v) => v.toFixed(1))
            .join(" ")}`,
      )
      .join("");

  return (
    <div ref={box} className="absolute inset-0 overflow-hidden" style={{ background: landColor(dark) }}>
      {view && tileUrl ? <TileCanvas view={view} template={tileUrl} dark={dark} /> : null}
      {view ? (
        <svg
          className="absolute inset-0 h-full w-full"
          viewBox={`0 0 ${view.width} ${view.height}`}
          aria-hidden
          data-map-preview=""
        >
          <defs>
            {stops.map((s, i) =>
              s.colors.length > 1 && s.colors.length <= 4 && !s.system && !s.hotel ? (
                <linearGradient key={s.key} id={`${gradients}-${i}`} x1="0" y1="0" x2="1" y2="1">
                  {s.colors.slice(0, 3).map((c, j, all) => (
                    <stop key={c} offset={all.length > 1 ? j / (all.length - 1) : 0} stopColor={c} />
                  ))}
                </linearGradient>
              ) : null,
            )}
          </defs>
          <g fill="none" strokeWidth="3" strokeOpacity="0.85" strokeLinecap="round" strokeLinejoin="round">
            {shapes.map((f) => (
              <g key={f.index} stroke={f.color}>
                <path d={path(f.line)} />
                <path d={path(f.arrow)} />
              </g>
            ))}
          </g>
          {stops.map((s, i) => {
            const [x, y] = at([s.lng, s.lat]);
            const look = markerLook(s);
            const r = look.size / 2;
            const fill = look.background.startsWith("linear-gradient")
              ? `url(#${gradients}-${i})`
              : look.background;
            return (
              <g key={s.key}>
                <circle cx={x} cy={y + 1} r={r + 0.5} fill="rgb(0 0 0 / 0.25)" />
                {s.locked ? <circle cx={x} cy={y} r={r + 2} fill="#111827" /> : null}
                <circle cx={x} cy={y} r={r - 1} fill={fill} stroke="#fff" strokeWidth="2" />
                {look.icon ? <Bed x={x} y={y} /> : null}
              </g>
            );
          })}
        </svg>
      ) : null}
      {tileUrl && attribution ? (
        <span
          translate="no"
          className="absolute right-1 bottom-1 rounded bg-white/80 px-1.5 text-[10px] text-slate-700"
        >
          {attribution.replace(/<[^>]*>/g, "")}
        </span>
      ) : null}
    </div>
  );
}
