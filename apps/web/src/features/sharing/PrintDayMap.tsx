import type { ItineraryDay } from "@tabi/contracts";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format";
import { type DayMapPoint, projectDay } from "./dayMap";

const BRAND = "#0f766e";
const SYSTEM = "#111827";
const BOX = { width: 240, height: 170, padding: 16 };

/** A day's route as a small SVG (no tiles): numbered stops, the start and end as squares, a line. */
export function PrintDayMap({ day, placeIds }: { day: ItineraryDay; placeIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const map = projectDay(day, BOX, placeIds);
  // Visits drawn last, over the start and end.
  const order = (p: DayMapPoint) => (p.kind === "visit" ? 2 : p.kind === "system" ? 1 : 0);
  const roundTrip = map.points.some((p) => p.kind === "startEnd");
  const points = map.points.slice().sort((a, b) => order(a) - order(b));
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        width={map.width}
        height={map.height}
        role="img"
        aria-label={t("sharing:print.dayMap", { day: day.day })}
        className="h-auto w-full max-w-[240px] rounded-xl bg-slate-50 ring-1 ring-slate-200"
      >
        <polyline
          points={map.line.map(([x, y]) => `${x},${y}`).join(" ")}
          fill="none"
          stroke={BRAND}
          strokeOpacity={0.55}
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          strokeDasharray="5 4"
        />
        {points.map((p) =>
          p.kind === "visit" ? (
            <g key={`v${p.order}`}>
              <circle cx={p.x} cy={p.y} r={9} fill={BRAND} stroke="#fff" strokeWidth={1.5} />
              <text
                x={p.x}
                y={p.y}
                dy="0.35em"
                textAnchor="middle"
                fontSize={10}
                fontWeight={700}
                fill="#fff"
              >
                {formatNumber(p.order ?? 0)}
              </text>
            </g>
          ) : p.kind === "system" ? (
            <circle
              key={`s:${p.name}:${p.x},${p.y}`}
              cx={p.x}
              cy={p.y}
              r={5}
              fill={SYSTEM}
              stroke="#fff"
              strokeWidth={1.5}
            />
          ) : (
            <rect
              key={`${p.kind}:${p.x},${p.y}`}
              x={p.x - 6}
              y={p.y - 6}
              width={12}
              height={12}
              rx={2}
              fill={p.kind === "end" ? "#fff" : SYSTEM}
              stroke={SYSTEM}
              strokeWidth={2}
            />
          ),
        )}
      </svg>
      <figcaption className="flex gap-3 text-[11px] text-slate-500">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2.5 rounded-[2px] bg-slate-900" />
          {roundTrip ? t("sharing:print.startEnd") : t("sharing:print.start")}
        </span>
        {roundTrip ? null : (
          <span className="inline-flex items-center gap-1">
            <span
              aria-hidden
              className="inline-block size-2.5 rounded-[2px] border-2 border-slate-900 bg-white"
            />
            {t("sharing:print.end")}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
